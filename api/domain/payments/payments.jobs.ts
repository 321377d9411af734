// The payment jobs (docs/decisions.md, "Payments: the rooms"): the timed release of escrow to the
// provider, and the reconcile job that settles a confirmation that lost its answer. Both run in the
// job runner's transaction and raise their news after it commits (ctx.afterCommit).
import type { JobContext, Jobs } from '../../jobs/job-runner.ts';
import { transition, type Tx } from '../transitions/transition.ts';
import { recordEvent } from '../notifications/record-event.ts';
import { lockPayment, type PaymentDeps } from './payments.deps.ts';
import { escrowCharge, RECONCILE_JOB, RELEASE_JOB, savepoint } from './payments.escrow.ts';
import { paymentMoved, type AfterCommit } from './payments.events.ts';
import { PAYMENT_MACHINE } from './payments.machine.ts';
import { registerAccessJobs } from './payments.access.ts';
import { registerRenewalJobs } from '../subscriptions/renewals.jobs.ts';
import { escrowReleaseAt, isDueForRelease } from './payments.rules.ts';

/**
 * The reconcile job (RECONCILE_JOB, scheduled with every claim): a payment still processing this
 * long after its claim lost its confirmation (the process died, or the provider did not answer).
 * The provider's record decides: a charge is put into escrow (or voided when the escrow cannot be
 * recorded); with no charge the payment is cancelled at the provider, so a late confirmation cannot
 * charge, and fails "interrupted, not charged". Throws (the job retries later) while the provider
 * cannot be asked. Runs in the job's transaction with the payment's row locked throughout.
 */
export async function reconcilePayment(deps: PaymentDeps, tx: Tx, paymentId: string): Promise<{ outcome: 'skipped' | 'escrowed' | 'failed'; publish?: AfterCommit }> {
  await lockPayment(tx, paymentId);
  const payment = await tx.payment.findUnique({ where: { id: paymentId }, include: { contract: true } });
  if (!payment || payment.status !== 'processing') return { outcome: 'skipped' };
  const charge = await deps.provider.lookup({ paymentId });
  if (charge?.status === 'charged') {
    const escrowed = await escrowCharge(deps, savepoint(tx), payment, charge.reference, null, 'Confirmed by the reconcile job after an interrupted confirmation');
    if (escrowed.ok) return { outcome: 'escrowed', publish: escrowed.publish };
    if (escrowed.voided) return { outcome: 'failed', publish: escrowed.publish };
    throw escrowed.error;
  }
  if (!charge) {
    const cancelled = await deps.provider.void({ paymentId, reference: null });
    if (!cancelled.ok) throw new Error(`the payment provider did not cancel payment ${paymentId}: ${cancelled.reason}`);
  }
  const reason = charge ? `Interrupted; the charge was ${charge.status}, nothing was taken` : 'Interrupted, not charged';
  await transition(tx, { machine: PAYMENT_MACHINE, id: paymentId, from: 'processing', to: 'failed', actorId: null, note: reason, data: { failureReason: reason } });
  return { outcome: 'failed', publish: paymentMoved(deps.events, payment, 'processing', 'failed') };
}

/**
 * The timed release (job `payment.release`, 24 hours after escrowStartedAt): an escrowed payment
 * without a dispute is released to the provider. Exactly once: the job runner runs it once, and
 * the guarded transition moves only a payment still escrowed; a disputed or refunded one is left.
 */
export async function releaseEscrow(deps: Pick<PaymentDeps, 'events' | 'jobs'>, tx: Tx, paymentId: string, now: Date): Promise<{ outcome: 'released' | 'skipped'; publish?: AfterCommit }> {
  await lockPayment(tx, paymentId);
  const payment = await tx.payment.findUnique({ where: { id: paymentId } });
  if (!payment || payment.status !== 'escrowed') return { outcome: 'skipped' };
  // Not due yet (a clock behind the scheduler's): fail this run so the runner tries again later.
  if (!isDueForRelease(payment, now)) throw new Error(`Payment ${paymentId} is not due for release before ${escrowReleaseAt(payment.escrowStartedAt!).toISOString()}`);
  await transition(tx, { machine: PAYMENT_MACHINE, id: payment.id, from: 'escrowed', to: 'released', actorId: null, note: 'Escrow window ended without a dispute', data: { releasedAt: now } });
  await recordEvent(tx, deps.jobs, 'payment.released', { paymentId: payment.id, contractId: payment.contractId }, now);
  const moved = paymentMoved(deps.events, payment, 'escrowed', 'released');
  return {
    outcome: 'released',
    publish: () => {
      moved();
      deps.events.publish('marketStatsChanged');
    },
  };
}

/** Registers the payment jobs on a runner (api/app.ts; tests register a second runner the same way). */
export function registerPaymentJobs(jobs: Pick<Jobs, 'register' | 'schedule'>, deps: PaymentDeps) {
  // The buyer told 7 days and 1 day before their access ends, and when it has (payments.access.ts).
  registerAccessJobs(jobs);
  // Subscriptions that renew: the renewal attempts and their reminder (api/domain/subscriptions).
  registerRenewalJobs(jobs, deps);
  jobs.register(RELEASE_JOB, async (payload: { paymentId: string }, ctx: JobContext) => {
    const { publish } = await releaseEscrow(deps, ctx.tx, payload.paymentId, ctx.now);
    if (publish) ctx.afterCommit(publish);
  });
  // A payment left processing (a crash, a provider that did not answer) is settled from the provider's record.
  jobs.register(RECONCILE_JOB, async (payload: { paymentId: string }, ctx: JobContext) => {
    const { publish } = await reconcilePayment(deps, ctx.tx, payload.paymentId);
    if (publish) ctx.afterCommit(publish);
  }, { maxAttempts: 10 });
}
