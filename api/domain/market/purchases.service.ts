import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { User } from '../../db/generated/prisma/client.ts';
import { AuthenticationError, ConflictError, NotFoundError, PermissionError } from '../errors.ts';
import { parseInput } from '../accounts/accounts.schemas.ts';
import { canSeeContract } from '../policies.ts';

const createPurchaseInput = z.object({ contractId: z.string().min(1, 'contractId is required') });

/**
 * Records a buyer's intent to buy (status pending; buyer-side.md §4). The amount is the server's:
 * the accepted bid of this buyer if there is one, else the list price (DECISIONS.md "Money").
 * Payment (escrow) activates it. Asking again while one is pending returns the same purchase.
 */
export async function createPurchase(db: Db, viewer: User | null, rawInput: unknown) {
  if (!viewer) throw new AuthenticationError('User not authenticated or contract not found');
  const { contractId } = parseInput(createPurchaseInput, rawInput);
  const contract = await db.contract.findUnique({ where: { id: contractId } });
  // A listing the viewer may not see (pending or rejected, not theirs) is answered as an unknown
  // one, so its existence does not leak (docs/decisions.md "What the list shows").
  if (!contract || !canSeeContract(viewer, contract)) throw new NotFoundError('Contract not found');
  if (contract.providerId === viewer.id) throw new PermissionError('You cannot buy your own listing', 'OWN_CONTRACT');
  if (contract.status !== 'active') throw new ConflictError('Only active contracts can be bought', 'CONTRACT_NOT_ACTIVE');
  const pending = await db.purchase.findFirst({ where: { buyerId: viewer.id, contractId, status: 'pending' } });
  if (pending) return pending;
  const acceptedBid = await db.bid.findFirst({
    where: { contractId, bidderId: viewer.id, status: 'accepted' },
    orderBy: { decidedAt: 'desc' },
  });
  return db.purchase.create({
    data: { buyerId: viewer.id, contractId, status: 'pending', amount: acceptedBid?.amount ?? contract.price },
  });
}
