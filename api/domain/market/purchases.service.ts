import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { User } from '../../db/generated/prisma/client.ts';
import { AuthenticationError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { openTrade } from '../payments/payments.trade.ts';

const createPurchaseInput = z.object({ contractId: z.string().min(1, 'contractId is required') });

/**
 * Records a buyer's intent to buy (status pending; the specification). It is the same trade the
 * payment page pays (docs/decisions.md, "Commerce (server side): payments, escrow and disputes"): a pending Payment at the server's price (the buyer's
 * accepted bid, else the list price) with its pending Purchase, which escrow makes active. Asking
 * again while it is pending returns the same purchase.
 */
export async function createPurchase(db: Db, viewer: User | null, rawInput: unknown) {
  if (!viewer) throw new AuthenticationError('User not authenticated or contract not found');
  const { contractId } = parseInput(createPurchaseInput, rawInput);
  const { purchase } = await openTrade(db, viewer, { contractId });
  return purchase;
}
