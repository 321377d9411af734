// Escrow (docs/decisions.md, "Payments: the rooms"): confirming a pending payment with the payment
// provider, the claim that makes one confirmation the only one that charges, putting the charge in
// escrow (with the sale recorded in the same transaction, payments.sale.ts), and voiding a charge
// the escrow could not use. The reconcile and release jobs (payments.jobs.ts) settle the rest.
import type { Db } from '../../db/database.ts';
import type { Contract, Payment, PriceTick, Purchase, User } from '../../db/generated/prisma/client.ts';
import { parseInput } from '../parse-input.ts';
import { AuthenticationError, ConflictError, DomainError, ValidationError, isReasonOf } from '../errors.ts';
import { parseMoney } from '../money/money.ts';
import { transition, type Tx } from '../transitions/transition.ts';
import { recordEvent } from '../notifications/record-event.ts';
import { loadForBuyer, lockPayment, nowOf, PAYMENT_TRANSACTION, type PaymentDeps } from './payments.deps.ts';
import { paymentMoved, type AfterCommit } from './payments.events.ts';
import { PAYMENT_MACHINE } from './payments.machine.ts';
import { escrowReleaseAt } from './payments.rules.ts';
import { recordSale, saleNews } from './payments.sale.ts';
import { invoiceSale } from '../invoices/invoices.jobs.ts';
import { notOnSaleMessage } from '../listings/listings.machine.ts';
import { confirmPaymentInput } from './payments.schemas.ts';
import { keepCardForRenewal } from '../subscriptions/renewals.methods.ts';
import type { CardDetails, ProviderResult } from './payment-provider.ts';

export const RELEASE_JOB = 'payment.release';
export const releaseJobKey = (paymentId: string) => `release:${paymentId}`;
export const RECONCILE_JOB = 'payment.reconcile';
export const reconcileJobKey = (paymentId: string) => `reconcile:${paymentId}`;

/**
 * What confirmPayment answers (the GraphQL type EscrowConfirmation, REST POST
 * /api/payments/{id}/escrow): the escrowed payment, the buyer's active purchase, and its API key.
 */
export interface EscrowConfirmation {
  payment: Payment;
  purchase: Purchase;
  /** The purchase's API key in full: shown this once. */
  apiKey: string;
  apiKeyPrefix: string;
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
export async function confirmPayment(deps: PaymentDeps, viewer: User | null, raw: unknown): Promise<EscrowConfirmation> {
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
    paymentMoved(deps.events, payment, 'processing', 'failed')();
    throw new DomainError('PAYMENT_DECLINED', outcome.reason, 'PAYMENT_DECLINED');
  }
  // A subscription the buyer chose to renew keeps the card now, so the escrow can schedule renewals.
  if (payment.paymentMethod === 'card') await keepCardForRenewal(deps, payment.id, input.card);
  const escrowed = await escrowCharge(deps, ownTransaction(db), payment, outcome.reference, viewer.id);
  escrowed.publish();
  if (!escrowed.ok) throw escrowed.error;
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
    if (payment.contract.status !== 'active') throw new ConflictError(notOnSaleMessage(payment.contract.status, 'buy'), 'CONTRACT_NOT_ACTIVE');
    if (payment.paymentMethod === 'card' && !card) throw new ValidationError('Card details are required for a card payment', [{ field: 'card', message: 'Card details are required' }]);
    await transition(tx, { machine: PAYMENT_MACHINE, id: payment.id, from: 'pending', to: 'processing', actorId: viewer.id, messages: { raced: CONFIRMING } });
    await deps.jobs.schedule(tx, { kind: RECONCILE_JOB, key: reconcileJobKey(payment.id), runAt: new Date(now.getTime() + (deps.reconcileAfterMs ?? RECONCILE_AFTER_MS)), payload: { paymentId: payment.id } });
    return { ...payment, status: 'processing' as const };
  }, PAYMENT_TRANSACTION);
}

export type Escrowing = Payment & { contract: Contract };
/** Settling a charge: in escrow, or not (voided, or left to the reconcile job); `publish` raises its news once committed. */
export type EscrowOutcome = { ok: true; result: EscrowConfirmation; publish: AfterCommit } | { ok: false; error: Error; voided: boolean; publish: AfterCommit };

/** Runs a step of settling a charge atomically: its own transaction, or a savepoint of the job's. */
export type InTransaction = <T>(step: (tx: Tx) => Promise<T>) => Promise<T>;

const ownTransaction = (db: Db): InTransaction => (step) => db.$transaction(step, PAYMENT_TRANSACTION);

/**
 * The reconcile job works in the job's transaction (the embedded database runs one transaction at a
 * time, so a second one would wait for the job's forever); a savepoint undoes a failed escrow
 * there as its own transaction would.
 */
export function savepoint(tx: Tx): InTransaction {
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
export async function escrowCharge(
  deps: PaymentDeps,
  inTransaction: InTransaction,
  payment: Escrowing,
  reference: string,
  actorId: string | null,
  note: string | null = null,
): Promise<EscrowOutcome> {
  const now = nowOf(deps);
  let result: EscrowConfirmation & { tick: PriceTick };
  try {
    result = await inTransaction(async (tx) => {
      const contract = await tx.contract.findUniqueOrThrow({ where: { id: payment.contractId }, select: { status: true, pricingModel: true } });
      if (contract.status !== 'active') throw new ConflictError(contract.status === 'paused' ? notOnSaleMessage('paused', 'buy') : 'This data set stopped being sold while you paid', 'CONTRACT_NOT_ACTIVE');
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
      const escrowed = await tx.payment.findUniqueOrThrow({ where: { id: payment.id } });
      const sale = await recordSale(tx, deps.jobs, { payment: escrowed, pricingModel: contract.pricingModel, actorId, now });
      await deps.jobs.schedule(tx, { kind: RELEASE_JOB, key: releaseJobKey(payment.id), runAt: escrowReleaseAt(now), payload: { paymentId: payment.id } });
      // Its invoice, numbered in this transaction, and the receipt mailed once it commits.
      await invoiceSale(tx, deps.jobs, payment.id, now);
      // Raised by the one transaction that moved the payment into escrow (a raced one rolled back above).
      await recordEvent(tx, deps.jobs, 'payment.escrowed', { paymentId: payment.id, contractId: payment.contractId, purchaseId: sale.purchase.id }, now);
      return { payment: escrowed, ...sale };
    });
  } catch (cause) {
    return voidUnusedCharge(deps, inTransaction, payment, reference, cause);
  }
  const { tick, ...confirmation } = result;
  const news = [saleNews(deps.events, payment, payment.contract.status, tick), paymentMoved(deps.events, payment, 'processing', 'escrowed')];
  return { ok: true, result: confirmation, publish: () => news.forEach((publish) => publish()) };
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
      if (inUse) return { voided: false as const };
      const voided = await deps.provider.void({ paymentId: payment.id, reference });
      if (!voided.ok) throw new Error(`the payment provider did not void the charge: ${voided.reason}`);
      if (current.status !== 'processing') return { voided: true as const, failed: false };
      const reason = `${why}: the charge was voided, nothing was taken`;
      await transition(tx, { machine: PAYMENT_MACHINE, id: payment.id, from: 'processing', to: 'failed', actorId: null, note: reason, data: { failureReason: reason } });
      await deps.jobs.cancel(tx, reconcileJobKey(payment.id));
      return { voided: true as const, failed: true };
    });
    if (!status.voided) return { ok: false, voided: false, error: new ConflictError(CONFIRM_MESSAGES.raced, 'INVALID_TRANSITION'), publish: () => {} };
    const message = `${why}. Your card was not charged: the charge was voided.`;
    // The answer is a conflict: it keeps the cause's code when that code is a conflict's too.
    const reason = expected && isReasonOf(cause.reason, 'CONFLICT') ? cause.reason : 'CONFLICT';
    return { ok: false, voided: true, error: new ConflictError(message, reason), publish: status.failed ? paymentMoved(deps.events, payment, 'processing', 'failed') : () => {} };
  } catch (err) {
    // Neither escrowed nor voided: the payment stays processing and the reconcile job settles it.
    deps.logger?.error({ err, paymentId: payment.id }, 'payments: could not void an unused charge; the reconcile job retries');
    return { ok: false, voided: false, error: new ConflictError(PROVIDER_SILENT, 'PAYMENT_IN_PROGRESS'), publish: () => {} };
  }
}

