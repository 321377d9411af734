import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { EventPublisher } from '../../events/events.ts';
import type { User } from '../../db/generated/prisma/client.ts';
import type { BidStatus } from '../../db/generated/prisma/enums.ts';
import { AuthenticationError, ConflictError, NotFoundError, PermissionError, ValidationError } from '../errors.ts';
import { parseInput } from '../accounts/accounts.schemas.ts';
import { isMoney, parseMoney } from '../money/money.ts';
import { canSeeContract, isOwnerOrAdmin } from '../policies.ts';
import { recordCreated, transition } from '../transitions/transition.ts';
import { BID_MACHINE } from './bids.machine.ts';

export const MAX_BID_MESSAGE = 1000;

const placeBidInput = z.object({
  contractId: z.string().min(1, 'contractId is required'),
  amount: z
    .string({ error: 'Bid amount is required' })
    .trim()
    .regex(/^\d{1,10}(\.\d{1,2})?$/, 'Bid amount must be a positive amount with at most two decimals')
    // Also runs when the pattern failed, so it must not throw on text that is not an amount.
    .refine((v) => isMoney(v) && parseMoney(v) > 0n, 'Bid amount must be greater than 0'),
  message: z.string().trim().max(MAX_BID_MESSAGE, `Message must be at most ${MAX_BID_MESSAGE} characters`).optional().nullable(),
});

/**
 * A logged-in user other than the provider bids on an active contract with a positive amount.
 * A bid never moves the market price (the product decision "Market price").
 */
export interface BidDeps {
  db: Db;
  events: EventPublisher;
}

export async function placeBid({ db, events }: BidDeps, viewer: User | null, rawInput: unknown) {
  if (!viewer) throw new AuthenticationError('User not authenticated or contract not found');
  const input = parseInput(placeBidInput, rawInput);
  const contract = await db.contract.findUnique({ where: { id: input.contractId }, select: { id: true, status: true, providerId: true } });
  // A listing the viewer may not see (pending or rejected, not theirs) is answered as an unknown
  // one, so its existence does not leak (docs/decisions.md "What the list shows").
  if (!contract || !canSeeContract(viewer, contract)) throw new NotFoundError('Contract not found');
  if (contract.providerId === viewer.id) throw new PermissionError('You cannot bid on your own listing', 'OWN_CONTRACT');
  if (contract.status !== 'active') throw new ConflictError('Bids are only accepted on active contracts', 'CONTRACT_NOT_ACTIVE');
  const placed = await db.$transaction(async (tx) => {
    const bid = await tx.bid.create({
      data: { contractId: contract.id, bidderId: viewer.id, amount: input.amount, message: input.message || null },
    });
    await recordCreated(tx, { machine: BID_MACHINE, id: bid.id, status: bid.status, actorId: viewer.id });
    return bid;
  });
  events.publish('bidPlaced', placed.contractId, { bidId: placed.id, contractId: placed.contractId, status: placed.status, amount: placed.amount.toFixed(2) });
  return placed;
}

/** The provider (or an administrator) accepts or declines an open bid on their listing. */
export async function decideBid({ db, events }: BidDeps, viewer: User | null, bidId: string, to: Extract<BidStatus, 'accepted' | 'declined'>) {
  if (!viewer) throw new AuthenticationError();
  const bid = await db.bid.findUnique({ where: { id: bidId }, include: { contract: { select: { providerId: true } } } });
  if (!bid) throw new NotFoundError('Bid not found');
  if (!isOwnerOrAdmin(viewer, bid.contract.providerId)) throw new PermissionError('Only the provider of this listing can decide on its bids', 'NOT_OWNER');
  const messages = { refused: (from: BidStatus) => `This bid is already ${from}`, raced: 'This bid was decided meanwhile' };
  const decided = await db.$transaction(async (tx) => {
    // Guarded: of two racing decisions only one finds the bid still open.
    await transition(tx, { machine: BID_MACHINE, id: bid.id, from: bid.status, to, actorId: viewer.id, data: { decidedAt: new Date() }, messages });
    return tx.bid.findUniqueOrThrow({ where: { id: bid.id } });
  });
  events.publish('bidChanged', decided.contractId, { bidId: decided.id, contractId: decided.contractId, status: decided.status, amount: decided.amount.toFixed(2) });
  return decided;
}
