// The trade (docs/decisions.md, "Payments: the rooms"): what a buyer is about to pay for a
// contract. A Payment is the trade (what is charged, the escrow and its history); the buyer's
// Purchase is its entitlement. Both are created together, pending (docs/decisions.md, "Commerce
// (server side): payments, escrow and disputes"); quotes, idempotency keys and the buyer's own
// latest payment live here too.
import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { Payment, Purchase, User } from '../../db/generated/prisma/client.ts';
import type { PaymentMethod } from '../../db/generated/prisma/enums.ts';
import { isRecordId } from '../../db/ids.ts';
import { parseInput } from '../parse-input.ts';
import { AuthenticationError, ConflictError, NotFoundError, PermissionError, ValidationError } from '../errors.ts';
import { isPayablePrice, parseMoney, paymentAmountStrings, unpayableMessage } from '../money/money.ts';
import { canSeeContract } from '../policies.ts';
import { recordCreated, updateInStatus, type Tx } from '../transitions/transition.ts';
import { notOnSaleMessage } from '../listings/listings.machine.ts';
import { PAYMENT_TRANSACTION } from './payments.deps.ts';
import { PAYMENT_MACHINE, PURCHASE_MACHINE } from './payments.machine.ts';
import { assertRenewable } from '../subscriptions/renewals.rules.ts';
import { pendingPurchaseFor } from './payments.purchases.ts';
import { createPaymentInput } from './payments.schemas.ts';

const NOT_LOGGED_IN = 'User not authenticated or contract not found';

/** Serializes one buyer's payment writes, so "find the pending one, else create" never makes two. */
async function lockBuyer(tx: Tx, buyerId: string) {
  await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${buyerId} FOR UPDATE`;
}

function requestHash(input: { contractId: string; paymentMethod: string | null; amount: string | null }) {
  return crypto.createHash('sha256').update(JSON.stringify([input.contractId, input.paymentMethod, input.amount])).digest('hex');
}

export interface CreatedTrade {
  payment: Payment;
  purchase: Purchase;
  /** True when an Idempotency-Key answered an earlier request's payment. */
  replayed: boolean;
}

/**
 * The buyer's pending trade for a contract: reuses the pending one (refreshed to the server's price
 * and the chosen method) or creates the Payment and its pending Purchase. The amount is the buyer's
 * accepted bid, else the list price (docs/decisions.md "POST /api/bids and /api/purchases").
 */
export async function openTrade(
  db: Db,
  viewer: User | null,
  raw: { contractId: string; paymentMethod?: PaymentMethod | null; amount?: string | null; idempotencyKey?: string | null; autoRenew?: boolean | null },
): Promise<CreatedTrade> {
  if (!viewer) throw new AuthenticationError(NOT_LOGGED_IN);
  const contractId = raw.contractId;
  const key = raw.idempotencyKey ?? null;
  const hash = requestHash({ contractId, paymentMethod: raw.paymentMethod ?? null, amount: raw.amount ?? null });
  const run = () =>
    db.$transaction(async (tx) => {
      await lockBuyer(tx, viewer.id);
      if (key) {
        const seen = await tx.idempotencyKey.findUnique({ where: { userId_operation_key: { userId: viewer.id, operation: 'createPayment', key } } });
        if (seen) {
          if (seen.requestHash !== hash) throw new ConflictError('This Idempotency-Key was used for a different payment request', 'IDEMPOTENCY_KEY_REUSED');
          const paymentId = (seen.response as { paymentId?: string } | null)?.paymentId;
          const payment = paymentId ? await tx.payment.findUnique({ where: { id: paymentId }, include: { purchase: true } }) : null;
          if (payment) {
            const purchase = payment.purchase ?? (await tx.purchase.findFirstOrThrow({ where: { buyerId: viewer.id, contractId: payment.contractId }, orderBy: { purchaseDate: 'desc' } }));
            return { payment: stripPurchase(payment), purchase, replayed: true };
          }
        }
      }
      const contract = isRecordId(contractId) ? await tx.contract.findUnique({ where: { id: contractId } }) : null;
      // A listing the viewer may not see is an unknown one (docs/decisions.md "What the list shows").
      if (!contract || !canSeeContract(viewer, contract)) throw new NotFoundError('Contract not found');
      if (contract.providerId === viewer.id) throw new PermissionError('You cannot buy your own listing', 'OWN_CONTRACT');
      if (contract.status !== 'active') throw new ConflictError(notOnSaleMessage(contract.status, 'buy'), 'CONTRACT_NOT_ACTIVE');
      const acceptedBid = await tx.bid.findFirst({ where: { contractId, bidderId: viewer.id, status: 'accepted' }, orderBy: [{ decidedAt: 'desc' }, { id: 'desc' }] });
      const price = parseMoney((acceptedBid?.amount ?? contract.price).toFixed(2));
      // The same rule that refuses such bids (money.ts isPayablePrice): a total the Payment row
      // cannot store is the buyer's clear 400, not a failed write.
      if (!isPayablePrice(price)) {
        const message = `${unpayableMessage('This price', price)}.`;
        throw new ValidationError(message, [{ field: 'amount', message }], 'INVALID_AMOUNT');
      }
      const amounts = paymentAmountStrings(price);
      if (raw.amount != null && parseMoney(raw.amount) !== parseMoney(amounts.total)) {
        throw new ValidationError(`The amount does not match the price: the total to pay is ${amounts.total}`, [{ field: 'amount', message: `The total to pay is ${amounts.total}` }], 'INVALID_AMOUNT');
      }
      // A payment being charged right now (another tab) ends first: a second one would charge twice.
      const confirming = await tx.payment.findFirst({ where: { buyerId: viewer.id, contractId, status: 'processing' }, select: { id: true } });
      if (confirming) throw new ConflictError('Your payment for this data set is being confirmed: wait for its outcome before paying again', 'PAYMENT_IN_PROGRESS');
      if (contract.pricingModel === 'one_time') {
        const owned = await tx.purchase.findFirst({ where: { buyerId: viewer.id, contractId, status: 'active' } });
        if (owned) throw new ConflictError('You already own this data set; it is in your library', 'ALREADY_EXISTS');
      }
      let payment = await tx.payment.findFirst({ where: { buyerId: viewer.id, contractId, status: 'pending' }, orderBy: { createdAt: 'desc' } });
      const method = raw.paymentMethod ?? payment?.paymentMethod ?? 'card';
      if (raw.autoRenew) assertRenewable(contract.pricingModel, method);
      const data = { ...amounts, paymentMethod: method, bidId: acceptedBid?.id ?? null };
      if (payment) {
        const same = payment.paymentMethod === method && payment.total.toFixed(2) === amounts.total && payment.bidId === data.bidId;
        if (!same) {
          await updateInStatus(tx, { machine: PAYMENT_MACHINE, id: payment.id, status: 'pending', data });
          payment = await tx.payment.findUniqueOrThrow({ where: { id: payment.id } });
        }
      } else {
        payment = await tx.payment.create({ data: { ...data, contractId, buyerId: viewer.id, sellerId: contract.providerId, idempotencyKey: key } });
        await recordCreated(tx, { machine: PAYMENT_MACHINE, id: payment.id, status: 'pending', actorId: viewer.id });
      }
      let purchase = await pendingPurchaseFor(tx, payment, viewer.id);
      // The buyer's choice to renew waits on the pending purchase; the card is kept when it pays.
      if (raw.autoRenew != null && purchase.autoRenew !== raw.autoRenew) {
        await updateInStatus(tx, { machine: PURCHASE_MACHINE, id: purchase.id, status: 'pending', data: { autoRenew: raw.autoRenew } });
        purchase = { ...purchase, autoRenew: raw.autoRenew };
      }
      if (key) {
        await tx.idempotencyKey.create({ data: { userId: viewer.id, operation: 'createPayment', key, requestHash: hash, response: { paymentId: payment.id } } });
      }
      return { payment, purchase, replayed: false };
    }, PAYMENT_TRANSACTION);
  try {
    return await run();
  } catch (error) {
    // The key's row is unique: a racing twin that got there first is answered like a replay.
    if (key && (error as { code?: string }).code === 'P2002') return run();
    throw error;
  }
}

function stripPurchase<T extends { purchase?: unknown }>(p: T): Omit<T, 'purchase'> {
  const { purchase: _omit, ...rest } = p;
  return rest;
}

export interface Quote {
  /** The price of the data for this viewer: their accepted bid, else the list price. */
  price: string;
  fee: string;
  total: string;
  /** The accepted bid the price comes from, if any. */
  bidId: string | null;
}

/**
 * What the viewer would pay for a contract now, by the same rule as openTrade: the contract page
 * shows a winning bidder the bid price and the payment page charges it. Null for anonymous viewers.
 */
export async function quoteFor(db: Db, viewer: User | null | undefined, contract: { id: string; price: { toFixed(dp: number): string } }): Promise<Quote | null> {
  if (!viewer) return null;
  const acceptedBid = await db.bid.findFirst({
    where: { contractId: contract.id, bidderId: viewer.id, status: 'accepted' },
    orderBy: [{ decidedAt: 'desc' }, { id: 'desc' }],
    select: { id: true, amount: true },
  });
  const a = paymentAmountStrings(parseMoney((acceptedBid?.amount ?? contract.price).toFixed(2)));
  return { price: a.amount, fee: a.fee, total: a.total, bidId: acceptedBid?.id ?? null };
}

/** POST /api/payments, GraphQL createPayment. */
export async function createPayment(db: Db, viewer: User | null, raw: unknown): Promise<CreatedTrade> {
  if (!viewer) throw new AuthenticationError(NOT_LOGGED_IN);
  const input = parseInput(createPaymentInput, raw);
  return openTrade(db, viewer, input);
}

/** The viewer's own latest payment for a contract (the payment page and payment success), or null. */
export async function latestOwnPayment<Q extends object>(db: Db, viewer: User | null, contractId: string, query?: Q) {
  if (!viewer) throw new AuthenticationError();
  if (!isRecordId(contractId)) return null;
  return db.payment.findFirst({ ...(query ?? {}), where: { buyerId: viewer.id, contractId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
}
