// The renewal and its reminder, as jobs (docs/decisions.md, "Issue 26: subscriptions that renew").
// A renewal is a new payment charged to the kept card and put into escrow by the same code as a
// checkout's (escrowCharge: invoice, receipt, release, dispute window), in the job's transaction,
// with the purchase's row locked: whichever run holds the lock and still finds the period it was
// scheduled for renews it; any other finds the period moved and does nothing.
import type { JobContext, Jobs } from '../../jobs/job-runner.ts';
import { parseMoney, paymentAmountStrings } from '../money/money.ts';
import { recordEvent } from '../notifications/record-event.ts';
import { cardExpired } from '../payments/payment-provider.ts';
import type { PaymentDeps } from '../payments/payments.deps.ts';
import { escrowCharge, RECONCILE_AFTER_MS, RECONCILE_JOB, reconcileJobKey, savepoint } from '../payments/payments.escrow.ts';
import { paymentMoved } from '../payments/payments.events.ts';
import { PAYMENT_MACHINE } from '../payments/payments.machine.ts';
import { accessExpiresAt } from '../payments/payments.rules.ts';
import { recordCreated, transition, type Tx } from '../transitions/transition.ts';
import { RENEWING, attemptAt, isSubscription, MAX_RENEWAL_ATTEMPTS } from './renewals.rules.ts';
import { RENEW_JOB, RENEWAL_REMINDER_JOB, scheduleAttempt, type RenewPayload } from './renewals.schedule.ts';
import { notOnSaleMessage } from '../listings/listings.machine.ts';

export type RenewalRun = 'renewed' | 'declined' | 'stale';

export async function lockPurchase(tx: Tx, purchaseId: string) {
  await tx.$queryRaw`SELECT id FROM "Purchase" WHERE id = ${purchaseId} FOR UPDATE`;
}

/**
 * One renewal attempt. Renewed: a new escrowed payment, the purchase's access to the next period's
 * end (extendForRenewal, from recordSale), the next period scheduled, `subscription.renewed`.
 * Declined (the card, an expired card, the listing no longer sold): the payment failed, the next
 * attempt scheduled while one fits before the period ends, else renewing failed and access ends
 * with the period; `subscription.renewal_failed` either way.
 */
export async function renewPurchase(deps: PaymentDeps, payload: RenewPayload, ctx: Pick<JobContext, 'tx' | 'now' | 'afterCommit'> & { job: { key: string | null } }): Promise<RenewalRun> {
  const { tx, now } = ctx;
  await lockPurchase(tx, payload.purchaseId);
  const purchase = await tx.purchase.findUnique({ where: { id: payload.purchaseId }, include: { contract: true, savedPaymentMethod: true } });
  const periodEnd = purchase?.accessExpiresAt;
  if (!purchase || !periodEnd || periodEnd.toISOString() !== payload.periodEnd) return 'stale';
  if (purchase.status !== 'active' || !purchase.autoRenew || !RENEWING.includes(purchase.renewalStatus)) return 'stale';
  const { contract } = purchase;
  const newEnd = isSubscription(contract.pricingModel) ? accessExpiresAt(contract.pricingModel, periodEnd) : null;
  if (!newEnd) return 'stale';
  if (now >= periodEnd) {
    // Never charged past the end (the runner was down): the period is over, and so is access.
    await tx.purchase.update({ where: { id: purchase.id }, data: { renewalStatus: 'failed', renewalFailureReason: 'The period ended before it could be renewed' } });
    return 'stale';
  }

  // The new payment, at the listing's price today (the reminder said it), claimed for this run.
  const amounts = paymentAmountStrings(parseMoney(contract.price.toFixed(2)));
  const created = await tx.payment.create({
    data: { ...amounts, paymentMethod: 'card', contractId: contract.id, buyerId: purchase.buyerId, sellerId: contract.providerId, createdAt: now },
  });
  await recordCreated(tx, { machine: PAYMENT_MACHINE, id: created.id, status: 'pending', actorId: null, note: 'Automatic renewal' });
  await transition(tx, { machine: PAYMENT_MACHINE, id: created.id, from: 'pending', to: 'processing', actorId: null });
  await deps.jobs.schedule(tx, { kind: RECONCILE_JOB, key: reconcileJobKey(created.id), runAt: new Date(now.getTime() + (deps.reconcileAfterMs ?? RECONCILE_AFTER_MS)), payload: { paymentId: created.id } });
  const renewal = await tx.purchaseRenewal.create({
    data: { purchaseId: purchase.id, paymentId: created.id, periodStart: periodEnd, periodEnd: newEnd, attempt: payload.attempt, outcome: 'renewed', createdAt: now },
  });
  const payment = { ...created, status: 'processing' as const, contract };

  let reason: string | null = null;
  const method = purchase.savedPaymentMethod;
  // A paused listing takes no new money (docs/decisions.md "Issue 26: listings that change"): the
  // attempt is declined, saying why, and a later try renews if the provider resumed it meanwhile.
  if (contract.status === 'paused' || contract.status === 'delisted') reason = notOnSaleMessage(contract.status, 'buy');
  else if (contract.status !== 'active') reason = 'This data set is no longer sold';
  else if (!method) reason = 'No card is kept for this subscription';
  else if (cardExpired(method, now)) reason = `Your kept card (${method.brand} ending ${method.last4}) expired in ${String(method.expMonth).padStart(2, '0')}/${method.expYear}`;
  if (!reason) {
    const charged = await deps.provider.chargeSaved({
      paymentId: created.id,
      amountCents: parseMoney(amounts.total),
      token: method!.token,
      // The job's key names the attempt: a run repeated after a lost commit is answered, not charged again.
      idempotencyKey: ctx.job.key ?? `renew:${purchase.id}:${payload.periodEnd}:${payload.attempt}`,
    });
    if (charged.ok) {
      // The checkout's own escrow, at the job's time: the sale, the invoice and receipt, the release.
      const escrowed = await escrowCharge({ ...deps, clock: () => now }, savepoint(tx), payment, charged.reference, null, 'Automatic renewal');
      ctx.afterCommit(escrowed.publish);
      if (escrowed.ok) {
        await recordEvent(tx, deps.jobs, 'subscription.renewed', { purchaseId: purchase.id, contractId: contract.id, paymentId: created.id, accessExpiresAt: newEnd.toISOString() }, now);
        return 'renewed';
      }
      // Neither escrowed nor voided: the reconcile job settles the payment; this run tries again.
      if (!escrowed.voided) throw escrowed.error;
      reason = escrowed.error.message;
    } else {
      reason = charged.reason;
    }
  }
  await declined(deps, tx, { purchaseId: purchase.id, contractId: contract.id, paymentId: created.id, renewalId: renewal.id, periodEnd, attempt: payload.attempt, reason, now });
  ctx.afterCommit(paymentMoved(deps.events, payment, 'processing', 'failed'));
  return 'declined';
}

async function declined(
  deps: PaymentDeps,
  tx: Tx,
  d: { purchaseId: string; contractId: string; paymentId: string; renewalId: string; periodEnd: Date; attempt: number; reason: string; now: Date },
) {
  const current = await tx.payment.findUniqueOrThrow({ where: { id: d.paymentId }, select: { status: true } });
  if (current.status === 'processing') {
    await transition(tx, { machine: PAYMENT_MACHINE, id: d.paymentId, from: 'processing', to: 'failed', actorId: null, note: d.reason, data: { failureReason: d.reason } });
  }
  await deps.jobs.cancel(tx, reconcileJobKey(d.paymentId));
  await tx.purchaseRenewal.update({ where: { id: d.renewalId }, data: { outcome: 'declined', failureReason: d.reason } });
  const retryAt = d.attempt < MAX_RENEWAL_ATTEMPTS ? await scheduleAttempt(tx, deps.jobs, d.purchaseId, d.periodEnd, d.attempt + 1, d.now) : null;
  await tx.purchase.update({ where: { id: d.purchaseId }, data: { renewalStatus: retryAt ? 'retrying' : 'failed', renewalFailureReason: d.reason } });
  await recordEvent(
    tx,
    deps.jobs,
    'subscription.renewal_failed',
    { purchaseId: d.purchaseId, contractId: d.contractId, paymentId: d.paymentId, reason: d.reason, retryAt: retryAt?.toISOString() ?? null, accessEndsAt: d.periodEnd.toISOString() },
    d.now,
  );
}

/** The reminder, 7 days before the first attempt: told unless the subscription stopped renewing or its period moved. */
export async function remindOfRenewal(deps: Pick<PaymentDeps, 'jobs'>, payload: { purchaseId: string; periodEnd: string }, ctx: Pick<JobContext, 'tx' | 'now'>): Promise<'told' | 'stale'> {
  const { tx, now } = ctx;
  const purchase = await tx.purchase.findUnique({ where: { id: payload.purchaseId }, include: { contract: { select: { price: true } } } });
  const end = purchase?.accessExpiresAt;
  if (!purchase || !end || end.toISOString() !== payload.periodEnd || purchase.status !== 'active' || !purchase.autoRenew || purchase.renewalStatus !== 'scheduled') return 'stale';
  const renewsAt = attemptAt(end, 1, now) ?? now;
  const { total } = paymentAmountStrings(parseMoney(purchase.contract.price.toFixed(2)));
  await recordEvent(tx, deps.jobs, 'subscription.renewal_upcoming', { purchaseId: purchase.id, contractId: purchase.contractId, renewsAt: renewsAt.toISOString(), total }, now);
  return 'told';
}

export function registerRenewalJobs(jobs: Pick<Jobs, 'register'>, deps: PaymentDeps) {
  jobs.register(RENEW_JOB, async (payload: RenewPayload, ctx: JobContext) => {
    await renewPurchase(deps, payload, ctx);
  });
  jobs.register(RENEWAL_REMINDER_JOB, async (payload: { purchaseId: string; periodEnd: string }, ctx: JobContext) => {
    await remindOfRenewal(deps, payload, ctx);
  });
}
