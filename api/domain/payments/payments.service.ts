// Paying (docs/decisions.md, "Commerce (server side): payments, escrow and disputes"): a Payment is the trade (what is charged, the escrow and its
// history); the buyer's Purchase is its entitlement. Both are created together, pending; escrow
// makes the purchase active with an API key; release pays the provider; a refund revokes access.
import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { Contract, Payment, PriceTick, Purchase, User } from '../../db/generated/prisma/client.ts';
import type { PaymentMethod } from '../../db/generated/prisma/enums.ts';
import type { EventPublisher } from '../../events/events.ts';
import type { Jobs, JobContext } from '../../jobs/job-runner.ts';
import { schedulePositionMarks } from '../trading/positions.service.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Logger } from '../../logger.ts';
import { isRecordId } from '../../db/ids.ts';
import { parseInput } from '../accounts/accounts.schemas.ts';
import { AuthenticationError, ConflictError, DomainError, NotFoundError, PermissionError, ValidationError } from '../errors.ts';
import { isPayablePrice, parseMoney, paymentAmountStrings, unpayableMessage } from '../money/money.ts';
import { canSeeContract, canSeePurchase, isAdmin, type Viewer } from '../policies.ts';
import { recordCreated, transition, updateInStatus, type Tx } from '../transitions/transition.ts';
import { BID_MACHINE } from '../market/bids.machine.ts';
import { marketPriceAfterSale } from '../market/price.rules.ts';
import { issueApiKey } from '../delivery/api-keys.ts';
import { DISPUTE_MACHINE, PAYMENT_MACHINE } from './payments.machine.ts';
import { accessExpiresAt, escrowReleaseAt, isDueForRelease, mayOpenDispute } from './payments.rules.ts';
import { confirmPaymentInput, createPaymentInput, openDisputeInput, settleDisputeInput } from './payments.schemas.ts';
import type { CardDetails, PaymentProvider, ProviderResult } from './payment-provider.ts';
import { disputeOpenedMail, disputeSettledMails } from './payments.mails.ts';

export const RELEASE_JOB = 'payment.release';
export const releaseJobKey = (paymentId: string) => `release:${paymentId}`;
export const RECONCILE_JOB = 'payment.reconcile';
export const reconcileJobKey = (paymentId: string) => `reconcile:${paymentId}`;
const NOT_LOGGED_IN = 'User not authenticated or contract not found';

/**
 * How long a payment's transaction may wait for a pooled database connection, and run once it has
 * one. Prisma's defaults (2 s wait, 5 s run) turn a queue into failures: with 200 buyers paying at
 * once on a pool of PG_POOL_MAX (10) connections, the later ones waited over 2 s and were answered
 * 500 "Unable to start a transaction in the given time" (bench/payments.ts). A payment waits its
 * turn instead: on a loaded 2-core machine the whole burst took up to 22 s per call, hence a wait
 * of up to a minute; the bounds still end a transaction stuck for good.
 */
export const PAYMENT_TRANSACTION = { maxWait: 60_000, timeout: 30_000 } as const;

export interface PaymentDeps {
  db: Db;
  events: EventPublisher;
  jobs: Pick<Jobs, 'schedule' | 'cancel'>;
  mailer: Mailer;
  provider: PaymentProvider;
  logger?: Logger;
  clock?: () => Date;
  /** When a claimed payment still processing is reconciled (PAYMENT_RECONCILE_AFTER_MS); default RECONCILE_AFTER_MS. */
  reconcileAfterMs?: number;
}

const nowOf = (deps: { clock?: () => Date }) => (deps.clock ? deps.clock() : new Date());

/** Who may read a payment: its buyer, its seller, administrators (the same as its purchase). */
export function canSeePayment(viewer: Viewer | null | undefined, payment: { buyerId: string; sellerId: string }): boolean {
  return canSeePurchase(viewer, payment, payment.sellerId);
}

/** Serializes one buyer's payment writes, so "find the pending one, else create" never makes two. */
async function lockBuyer(tx: Tx, buyerId: string) {
  await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${buyerId} FOR UPDATE`;
}

async function lockPayment(tx: Tx, paymentId: string) {
  await tx.$queryRaw`SELECT id FROM "Payment" WHERE id = ${paymentId} FOR UPDATE`;
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
  raw: { contractId: string; paymentMethod?: PaymentMethod | null; amount?: string | null; idempotencyKey?: string | null },
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
      if (contract.status !== 'active') throw new ConflictError('Only active contracts can be bought', 'CONTRACT_NOT_ACTIVE');
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
      // One pending purchase per buyer and contract; it follows the latest attempt to pay.
      const pending = await tx.purchase.findFirst({ where: { buyerId: viewer.id, contractId, status: 'pending' }, orderBy: { purchaseDate: 'desc' } });
      const purchase = pending
        ? await tx.purchase.update({ where: { id: pending.id }, data: { paymentId: payment.id, amount: payment.amount } })
        : await tx.purchase.create({ data: { buyerId: viewer.id, contractId, paymentId: payment.id, status: 'pending', amount: payment.amount } });
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

export interface EscrowResult {
  payment: Payment;
  purchase: Purchase;
  /** The purchase's API key in full: shown this once. */
  apiKey: string;
  apiKeyPrefix: string;
}

async function loadForBuyer(db: Db | Tx, viewer: User, paymentId: string) {
  const payment = isRecordId(paymentId) ? await db.payment.findUnique({ where: { id: paymentId }, include: { contract: true } }) : null;
  if (!payment || !canSeePayment(viewer, payment)) throw new NotFoundError('Payment not found');
  if (payment.buyerId !== viewer.id) throw new PermissionError('Only the buyer can do this with a payment', 'NOT_OWNER');
  return payment;
}

/**
 * Confirms a pending payment with the provider and starts escrow: the payment becomes escrowed,
 * the purchase active (access for its period) with a new API key, an accepted bid settled, the
 * market price the sale price, and the release is scheduled 24 hours on, all in one transaction.
 * A declined payment becomes failed and the call answers PAYMENT_DECLINED (402).
 *
 * Only one call ever charges (docs/decisions.md, "Payments: one confirmation charges"): the call
 * first claims the payment (pending -> processing, its own short transaction, so no connection is
 * held while the provider answers); a second confirmation finds it processing and is answered 409
 * PAYMENT_IN_PROGRESS without reaching the provider. A charge the escrow then cannot use is voided.
 */
export async function confirmPayment(deps: PaymentDeps, viewer: User | null, raw: unknown): Promise<EscrowResult> {
  if (!viewer) throw new AuthenticationError('Log in to pay');
  const input = parseInput(confirmPaymentInput, raw);
  const { db } = deps;
  const found = await loadForBuyer(db, viewer, input.paymentId);
  const payment = await claimForConfirmation(deps, viewer, found.id, input.card);
  let outcome: ProviderResult;
  try {
    outcome = await answerWithin(
      deps.provider.confirm({
        paymentId: payment.id,
        amountCents: parseMoney(payment.total.toFixed(2)),
        method: payment.paymentMethod,
        card: payment.paymentMethod === 'card' ? input.card : null,
      }),
      PROVIDER_TIMEOUT_MS,
    );
  } catch (err) {
    // Charged or not is unknown: the payment stays processing, and the reconcile job looks its
    // charge up at the provider later and settles it either way.
    deps.logger?.warn({ err, paymentId: payment.id }, 'payments: the provider did not answer a confirmation');
    throw new ConflictError(PROVIDER_SILENT, 'PAYMENT_IN_PROGRESS');
  }
  if (!outcome.ok) {
    await db.$transaction(async (tx) => {
      const messages = { raced: 'This payment was settled meanwhile: reload it to see its status' };
      await transition(tx, { machine: PAYMENT_MACHINE, id: payment.id, from: 'processing', to: 'failed', actorId: viewer.id, note: outcome.reason, data: { failureReason: outcome.reason }, messages });
      await deps.jobs.cancel(tx, reconcileJobKey(payment.id));
    }, PAYMENT_TRANSACTION);
    throw new DomainError('PAYMENT_DECLINED', outcome.reason, 'PAYMENT_DECLINED');
  }
  const escrowed = await escrowCharge(deps, ownTransaction(db), payment, outcome.reference, viewer.id);
  if (!escrowed.ok) throw escrowed.error;
  escrowed.publish();
  return escrowed.result;
}

const CONFIRMING = 'This payment is already being confirmed';
const PROVIDER_SILENT =
  'The payment provider has not answered yet: your payment is being confirmed and is charged at most once. Its status shows the outcome within a few minutes.';
const CONFIRM_MESSAGES = { refused: (from: string) => `This payment is already ${from}`, raced: 'This payment was confirmed meanwhile' };

/** How long a confirmation waits for the provider before leaving the outcome to the reconcile job. */
export const PROVIDER_TIMEOUT_MS = 20_000;

/**
 * When the reconcile job looks at a payment still processing (the default of
 * PAYMENT_RECONCILE_AFTER_MS): after the longest a confirmation can take (the provider's 20 s, then
 * up to a minute waiting for a connection and 30 s of escrow transaction, PAYMENT_TRANSACTION), so
 * it does not settle a payment its own request is finishing. Were it to, the outcome stays right
 * (the job and the request take the payment's row lock, and a charge is voided only while unused);
 * the request would just be answered 409 instead of its result.
 */
export const RECONCILE_AFTER_MS = 5 * 60_000;

function answerWithin<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The claim: under the payment's row lock, a pending payment of an active listing (with a card when
 * it is a card payment) becomes processing, and a reconcile job is scheduled in the same
 * transaction in case this process dies before the outcome is written. Answers the payment as
 * claimed: the provider charges what it says now, whatever a concurrent createPayment changed before.
 */
async function claimForConfirmation(deps: PaymentDeps, viewer: User, paymentId: string, card: CardDetails | null | undefined) {
  const now = nowOf(deps);
  return deps.db.$transaction(async (tx) => {
    await lockPayment(tx, paymentId);
    const payment = await tx.payment.findUniqueOrThrow({ where: { id: paymentId }, include: { contract: true } });
    if (payment.status === 'processing') throw new ConflictError(CONFIRMING, 'PAYMENT_IN_PROGRESS');
    if (payment.status !== 'pending') throw new ConflictError(CONFIRM_MESSAGES.refused(payment.status), 'INVALID_TRANSITION');
    if (payment.contract.status !== 'active') throw new ConflictError('Only active contracts can be bought', 'CONTRACT_NOT_ACTIVE');
    if (payment.paymentMethod === 'card' && !card) throw new ValidationError('Card details are required for a card payment', [{ field: 'card', message: 'Card details are required' }]);
    await transition(tx, { machine: PAYMENT_MACHINE, id: payment.id, from: 'pending', to: 'processing', actorId: viewer.id, messages: { raced: CONFIRMING } });
    await deps.jobs.schedule(tx, { kind: RECONCILE_JOB, key: reconcileJobKey(payment.id), runAt: new Date(now.getTime() + (deps.reconcileAfterMs ?? RECONCILE_AFTER_MS)), payload: { paymentId: payment.id } });
    return { ...payment, status: 'processing' as const };
  }, PAYMENT_TRANSACTION);
}

type Escrowing = Payment & { contract: Contract };
type EscrowOutcome = { ok: true; result: EscrowResult; publish: () => void } | { ok: false; error: Error; voided: boolean };

/** Runs a step of settling a charge atomically: its own transaction, or a savepoint of the job's. */
type InTransaction = <T>(step: (tx: Tx) => Promise<T>) => Promise<T>;

const ownTransaction = (db: Db): InTransaction => (step) => db.$transaction(step, PAYMENT_TRANSACTION);

/**
 * The reconcile job works in the job's transaction (the embedded database runs one transaction at a
 * time, so a second one would wait for the job's forever); a savepoint undoes a failed escrow
 * there as its own transaction would.
 */
function savepoint(tx: Tx): InTransaction {
  return async (step) => {
    await tx.$executeRawUnsafe('SAVEPOINT payment_step');
    try {
      const result = await step(tx);
      await tx.$executeRawUnsafe('RELEASE SAVEPOINT payment_step');
      return result;
    } catch (error) {
      await tx.$executeRawUnsafe('ROLLBACK TO SAVEPOINT payment_step');
      throw error;
    }
  };
}

/**
 * Puts a charged, processing payment into escrow (one transaction: payment, bid, purchase and its
 * API key, the sale's counters and price, the release job). When that transaction fails after the
 * charge (the listing stopped being sold meanwhile, or any database error), the charge is voided
 * and the payment failed, so no buyer is charged for nothing.
 */
async function escrowCharge(
  deps: PaymentDeps,
  inTransaction: InTransaction,
  payment: Escrowing,
  reference: string,
  actorId: string | null,
  note: string | null = null,
): Promise<EscrowOutcome> {
  const now = nowOf(deps);
  let result: EscrowResult & { tick: PriceTick };
  try {
    result = await inTransaction(async (tx) => {
      const contract = await tx.contract.findUniqueOrThrow({ where: { id: payment.contractId }, select: { status: true, pricingModel: true } });
      if (contract.status !== 'active') throw new ConflictError('This data set stopped being sold while you paid', 'CONTRACT_NOT_ACTIVE');
      // Guarded: only a payment still processing moves (the reconcile job may have settled it).
      await transition(tx, {
        machine: PAYMENT_MACHINE,
        id: payment.id,
        from: 'processing',
        to: 'escrowed',
        actorId,
        note,
        data: { escrowStartedAt: now, stripePaymentIntentId: reference, failureReason: null },
        messages: CONFIRM_MESSAGES,
      });
      await deps.jobs.cancel(tx, reconcileJobKey(payment.id));
      if (payment.bidId) {
        await transition(tx, { machine: BID_MACHINE, id: payment.bidId, from: 'accepted', to: 'settled', actorId, note: 'Paid at the bid amount', messages: { raced: 'This bid was paid meanwhile' } });
      }
      // A renewal extends access from the end of the current period when that is still ahead.
      const current = await tx.purchase.findFirst({
        where: { buyerId: payment.buyerId, contractId: payment.contractId, status: 'active', accessExpiresAt: { gt: now } },
        orderBy: { accessExpiresAt: 'desc' },
      });
      const from = current?.accessExpiresAt && current.accessExpiresAt > now ? current.accessExpiresAt : now;
      const access = { status: 'active' as const, amount: payment.amount, purchaseDate: now, accessExpiresAt: accessExpiresAt(contract.pricingModel, from) };
      const pending = await tx.purchase.findFirst({ where: { paymentId: payment.id } });
      const purchase = pending
        ? await tx.purchase.update({ where: { id: pending.id }, data: access })
        : await tx.purchase.create({ data: { ...access, buyerId: payment.buyerId, contractId: payment.contractId, paymentId: payment.id } });
      // The sale is a trade from escrow on (the market figures count escrowed money); the market
      // price is the price of the most recent sale.
      const marketPrice = marketPriceAfterSale(payment.amount.toFixed(2));
      await tx.contract.update({ where: { id: payment.contractId }, data: { salesCount: { increment: 1 }, marketPrice } });
      const tick = await tx.priceTick.create({ data: { contractId: payment.contractId, price: marketPrice, source: 'sale', createdAt: now } });
      // Paper positions on the contract are marked at the new price (stop-loss, take-profit, P/L).
      await schedulePositionMarks(tx, deps.jobs, tick);
      // One trade count (docs/decisions.md): the provider's trades are their sales paid for.
      await tx.user.update({ where: { id: payment.sellerId }, data: { tradeCount: { increment: 1 } } });
      await deps.jobs.schedule(tx, { kind: RELEASE_JOB, key: releaseJobKey(payment.id), runAt: escrowReleaseAt(now), payload: { paymentId: payment.id } });
      const key = await issueApiKey(tx, { purchaseId: purchase.id, userId: payment.buyerId });
      const escrowed = await tx.payment.findUniqueOrThrow({ where: { id: payment.id } });
      return { payment: escrowed, purchase, apiKey: key.key, apiKeyPrefix: key.prefix, tick };
    });
  } catch (cause) {
    return voidUnusedCharge(deps, inTransaction, payment, reference, cause);
  }
  const { tick } = result;
  return {
    ok: true,
    result: { payment: result.payment, purchase: result.purchase, apiKey: result.apiKey, apiKeyPrefix: result.apiKeyPrefix },
    publish: () => {
      deps.events.publish('priceTick', payment.contractId, { contractId: payment.contractId, price: tick.price.toFixed(2), source: 'sale', at: tick.createdAt.toISOString() });
      deps.events.publish('contractChanged', payment.contractId, { contractId: payment.contractId, status: payment.contract.status });
      deps.events.publish('marketStatsChanged');
    },
  };
}

/**
 * A charge the escrow could not use is voided and recorded: the payment (if still processing)
 * becomes failed with a note saying so. The payment's row lock is held across the void, so the
 * reconcile job cannot escrow the payment between the check and the void; this is the rare path.
 * A payment that another call did put in escrow keeps its charge.
 */
async function voidUnusedCharge(deps: PaymentDeps, inTransaction: InTransaction, payment: Escrowing, reference: string, cause: unknown): Promise<EscrowOutcome> {
  const expected = cause instanceof DomainError;
  const why = expected ? cause.message : 'Your payment could not be recorded';
  if (!expected) deps.logger?.error({ err: cause, paymentId: payment.id }, 'payments: the escrow of a charged payment failed; voiding the charge');
  try {
    const status = await inTransaction(async (tx) => {
      await lockPayment(tx, payment.id);
      const current = await tx.payment.findUniqueOrThrow({ where: { id: payment.id }, select: { status: true, stripePaymentIntentId: true } });
      const inUse = current.status !== 'processing' && current.status !== 'failed' && current.stripePaymentIntentId === reference;
      if (inUse) return current.status;
      const voided = await deps.provider.void({ paymentId: payment.id, reference });
      if (!voided.ok) throw new Error(`the payment provider did not void the charge: ${voided.reason}`);
      if (current.status === 'processing') {
        const reason = `${why}: the charge was voided, nothing was taken`;
        await transition(tx, { machine: PAYMENT_MACHINE, id: payment.id, from: 'processing', to: 'failed', actorId: null, note: reason, data: { failureReason: reason } });
        await deps.jobs.cancel(tx, reconcileJobKey(payment.id));
      }
      return 'voided' as const;
    });
    if (status !== 'voided') return { ok: false, voided: false, error: new ConflictError(CONFIRM_MESSAGES.raced, 'INVALID_TRANSITION') };
    const message = `${why}. Your card was not charged: the charge was voided.`;
    const reason = expected ? cause.reason : 'CONFLICT';
    return { ok: false, voided: true, error: new ConflictError(message, reason) };
  } catch (err) {
    // Neither escrowed nor voided: the payment stays processing and the reconcile job settles it.
    deps.logger?.error({ err, paymentId: payment.id }, 'payments: could not void an unused charge; the reconcile job retries');
    return { ok: false, voided: false, error: new ConflictError(PROVIDER_SILENT, 'PAYMENT_IN_PROGRESS') };
  }
}

/**
 * The reconcile job (RECONCILE_JOB, scheduled with every claim): a payment still processing this
 * long after its claim lost its confirmation (the process died, or the provider did not answer).
 * The provider's record decides: a charge is put into escrow (or voided when the escrow cannot be
 * recorded); with no charge the payment is cancelled at the provider, so a late confirmation cannot
 * charge, and fails "interrupted, not charged". Throws (the job retries later) while the provider
 * cannot be asked. Runs in the job's transaction with the payment's row locked throughout.
 */
export async function reconcilePayment(deps: PaymentDeps, tx: Tx, paymentId: string): Promise<{ outcome: 'skipped' | 'escrowed' | 'failed'; publish?: () => void }> {
  await lockPayment(tx, paymentId);
  const payment = await tx.payment.findUnique({ where: { id: paymentId }, include: { contract: true } });
  if (!payment || payment.status !== 'processing') return { outcome: 'skipped' };
  const charge = await deps.provider.lookup({ paymentId });
  if (charge?.status === 'charged') {
    const escrowed = await escrowCharge(deps, savepoint(tx), payment, charge.reference, null, 'Confirmed by the reconcile job after an interrupted confirmation');
    if (escrowed.ok) return { outcome: 'escrowed', publish: escrowed.publish };
    if (escrowed.voided) return { outcome: 'failed' };
    throw escrowed.error;
  }
  if (!charge) {
    const cancelled = await deps.provider.void({ paymentId, reference: null });
    if (!cancelled.ok) throw new Error(`the payment provider did not cancel payment ${paymentId}: ${cancelled.reason}`);
  }
  const reason = charge ? `Interrupted; the charge was ${charge.status}, nothing was taken` : 'Interrupted, not charged';
  await transition(tx, { machine: PAYMENT_MACHINE, id: paymentId, from: 'processing', to: 'failed', actorId: null, note: reason, data: { failureReason: reason } });
  return { outcome: 'failed' };
}

/**
 * The buyer disputes an escrowed payment within the 24-hour window: the release is cancelled and
 * an administrator decides. After the window, or on a payment not in escrow, the answer is 409.
 */
export async function openDispute(deps: PaymentDeps, viewer: User | null, raw: unknown) {
  if (!viewer) throw new AuthenticationError('Log in to raise a dispute');
  const input = parseInput(openDisputeInput, raw);
  const now = nowOf(deps);
  const { db } = deps;
  const found = await loadForBuyer(db, viewer, input.paymentId);
  const dispute = await db.$transaction(async (tx) => {
    await lockPayment(tx, found.id);
    const payment = await tx.payment.findUniqueOrThrow({ where: { id: found.id } });
    if (payment.status !== 'escrowed') throw new ConflictError(`Only a payment in escrow can be disputed; this one is ${payment.status}`, 'INVALID_TRANSITION');
    if (!mayOpenDispute(payment, now)) throw new ConflictError('The 24-hour dispute window has closed', 'ESCROW_WINDOW_CLOSED');
    const created = await tx.dispute.create({ data: { paymentId: payment.id, raisedById: viewer.id, reason: input.reason, description: input.description } });
    await recordCreated(tx, { machine: DISPUTE_MACHINE, id: created.id, status: 'open', actorId: viewer.id, note: input.reason });
    await transition(tx, { machine: PAYMENT_MACHINE, id: payment.id, from: 'escrowed', to: 'disputed', actorId: viewer.id, note: input.reason });
    await deps.jobs.cancel(tx, releaseJobKey(payment.id));
    return { created, payment };
  }, PAYMENT_TRANSACTION);
  const provider = await db.user.findUniqueOrThrow({ where: { id: dispute.payment.sellerId } });
  await sendQuietly(deps, [disputeOpenedMail(provider, found.contract, dispute.payment, input.reason)]);
  return dispute.created;
}

/**
 * An administrator settles a disputed payment: refund (the buyer's money back, access revoked, the
 * trade no longer counts) or release (the provider is paid). Buyer and provider get a mail.
 *
 * Of two settlements at once only one reaches the provider: the payment's row is locked before the
 * refund and held until the settlement commits, so the second waits, finds the dispute settled and
 * is answered 409. Holding a connection across the provider's call is acceptable here (an
 * administrator's rare action, bounded by PAYMENT_TRANSACTION); a refund is idempotent per payment
 * at the provider, so if this process dies after the refund and before the commit, settling again
 * refunds nothing more (docs/decisions.md, "Payments: one confirmation charges").
 */
export async function settleDispute(deps: PaymentDeps, admin: User | null, raw: unknown) {
  if (!admin) throw new AuthenticationError();
  if (!isAdmin(admin)) throw new PermissionError('Admin access required', 'ADMIN_REQUIRED');
  const input = parseInput(settleDisputeInput, raw);
  const { db } = deps;
  const now = nowOf(deps);
  const found = isRecordId(input.paymentId) ? await db.payment.findUnique({ where: { id: input.paymentId }, include: { dispute: true } }) : null;
  if (!found) throw new NotFoundError('Payment not found');
  if (found.status !== 'disputed' || !found.dispute) throw new ConflictError(`Only a disputed payment can be settled; this one is ${found.status}`, 'INVALID_TRANSITION');
  const note = input.note ?? null;
  const to = input.decision === 'refund' ? ('refunded' as const) : ('released' as const);
  const messages = { raced: 'This dispute was settled meanwhile' };
  const settled = await db.$transaction(async (tx) => {
    await lockPayment(tx, found.id);
    const payment = await tx.payment.findUniqueOrThrow({ where: { id: found.id }, include: { dispute: true } });
    if (payment.status !== 'disputed' || payment.dispute?.status !== 'open') throw new ConflictError(messages.raced, 'INVALID_TRANSITION');
    if (to === 'refunded') {
      const refund = await deps.provider.refund({ paymentId: payment.id, reference: payment.stripePaymentIntentId, amountCents: parseMoney(payment.total.toFixed(2)) });
      if (!refund.ok) throw new ConflictError(`The payment provider refused the refund: ${refund.reason}`);
    } else {
      // A refund that went through before a crash cannot be followed by a release.
      const charge = await deps.provider.lookup({ paymentId: payment.id });
      if (charge?.status === 'refunded') throw new ConflictError('The payment provider has already refunded this payment: settle the dispute with a refund', 'INVALID_TRANSITION');
    }
    await transition(tx, { machine: DISPUTE_MACHINE, id: payment.dispute.id, from: 'open', to, actorId: admin.id, note, data: { resolution: note, resolvedById: admin.id, resolvedAt: now }, messages });
    await transition(tx, {
      machine: PAYMENT_MACHINE,
      id: payment.id,
      from: 'disputed',
      to,
      actorId: admin.id,
      note,
      data: to === 'refunded' ? { refundedAt: now } : { releasedAt: now },
      messages,
    });
    if (to === 'refunded') {
      const purchases = await tx.purchase.findMany({ where: { paymentId: payment.id }, select: { id: true } });
      const ids = purchases.map((p) => p.id);
      await tx.purchase.updateMany({ where: { id: { in: ids } }, data: { status: 'revoked' } });
      await tx.apiKey.updateMany({ where: { purchaseId: { in: ids }, revokedAt: null }, data: { revokedAt: now } });
      // A refunded trade is no longer a trade (the counters count paid payments).
      await tx.contract.update({ where: { id: payment.contractId }, data: { salesCount: { decrement: 1 } } });
      await tx.user.update({ where: { id: payment.sellerId }, data: { tradeCount: { decrement: 1 } } });
    }
    return tx.payment.findUniqueOrThrow({ where: { id: payment.id }, include: { dispute: true, contract: true, buyer: true, seller: true } });
  }, PAYMENT_TRANSACTION);
  deps.events.publish('marketStatsChanged');
  await sendQuietly(deps, disputeSettledMails(settled.buyer, settled.seller, settled.contract, settled, input.decision, note));
  return settled;
}

async function sendQuietly(deps: PaymentDeps, mails: Parameters<Mailer['send']>[0][]) {
  for (const mail of mails) {
    try {
      await deps.mailer.send(mail);
    } catch (err) {
      // The decision is made and stored; a mail that cannot go out must not undo it.
      deps.logger?.warn({ err, to: mail.to }, 'payments: could not send a mail');
    }
  }
}

/**
 * The timed release (job `payment.release`, 24 hours after escrowStartedAt): an escrowed payment
 * without a dispute is released to the provider. Exactly once: the job runner runs it once, and
 * the guarded transition moves only a payment still escrowed; a disputed or refunded one is left.
 */
export async function releaseEscrow(tx: Tx, paymentId: string, now: Date): Promise<'released' | 'skipped'> {
  await lockPayment(tx, paymentId);
  const payment = await tx.payment.findUnique({ where: { id: paymentId } });
  if (!payment || payment.status !== 'escrowed') return 'skipped';
  // Not due yet (a clock behind the scheduler's): fail this run so the runner tries again later.
  if (!isDueForRelease(payment, now)) throw new Error(`Payment ${paymentId} is not due for release before ${escrowReleaseAt(payment.escrowStartedAt!).toISOString()}`);
  await transition(tx, { machine: PAYMENT_MACHINE, id: payment.id, from: 'escrowed', to: 'released', actorId: null, note: 'Escrow window ended without a dispute', data: { releasedAt: now } });
  return 'released';
}

/** Registers the payment jobs on a runner (api/app.ts; tests register a second runner the same way). */
export function registerPaymentJobs(jobs: Pick<Jobs, 'register'>, deps: PaymentDeps) {
  jobs.register(RELEASE_JOB, async (payload: { paymentId: string }, ctx: JobContext) => {
    const outcome = await releaseEscrow(ctx.tx, payload.paymentId, ctx.now);
    if (outcome === 'released') ctx.afterCommit(() => deps.events.publish('marketStatsChanged'));
  });
  // A payment left processing (a crash, a provider that did not answer) is settled from the provider's record.
  jobs.register(RECONCILE_JOB, async (payload: { paymentId: string }, ctx: JobContext) => {
    const { publish } = await reconcilePayment(deps, ctx.tx, payload.paymentId);
    if (publish) ctx.afterCommit(publish);
  }, { maxAttempts: 10 });
}

/** The viewer's own latest payment for a contract (the payment page and payment success), or null. */
export async function latestOwnPayment<Q extends object>(db: Db, viewer: User | null, contractId: string, query?: Q) {
  if (!viewer) throw new AuthenticationError();
  if (!isRecordId(contractId)) return null;
  return db.payment.findFirst({ ...(query ?? {}), where: { buyerId: viewer.id, contractId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
}
