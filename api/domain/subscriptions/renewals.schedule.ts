// The renewal's timed work (docs/decisions.md, "Issue 26: subscriptions that renew"): scheduled in
// the transaction that starts a period (the first payment's escrow, a renewal's, renewing turned
// on again) and removed when the buyer stops renewing. Every job checks at run time that the
// purchase still is what it was scheduled for (its period end), so a stale one does nothing.
import type { Purchase, PurchaseRenewal } from '../../db/generated/prisma/client.ts';
import type { Jobs } from '../../jobs/job-runner.ts';
import { scheduleAccessReminders, cancelAccessReminders } from '../payments/payments.access.ts';
import { PURCHASE_MACHINE } from '../payments/payments.machine.ts';
import { updateInStatus, type Tx } from '../transitions/transition.ts';
import { attemptAt, reminderAt, reminderJobKey, reminderJobKeyPrefix, renewJobKey, renewJobKeyPrefix } from './renewals.rules.ts';

export const RENEW_JOB = 'subscription.renew';
export const RENEWAL_REMINDER_JOB = 'subscription.remind';

export interface RenewPayload {
  [key: string]: string | number;
  purchaseId: string;
  /** The end of the period this attempt renews (ISO): a moved end makes it stale. */
  periodEnd: string;
  attempt: number;
}

/**
 * Schedules attempt `attempt` of renewing the period ending at `periodEnd`; answers when it runs,
 * or null when no attempt fits before the end.
 */
export async function scheduleAttempt(tx: Tx, jobs: Pick<Jobs, 'schedule'>, purchaseId: string, periodEnd: Date, attempt: number, now: Date): Promise<Date | null> {
  const runAt = attemptAt(periodEnd, attempt, now);
  if (!runAt) return null;
  const payload: RenewPayload = { purchaseId, periodEnd: periodEnd.toISOString(), attempt };
  await jobs.schedule(tx, { kind: RENEW_JOB, key: renewJobKey(purchaseId, periodEnd, attempt, runAt), runAt, payload });
  return runAt;
}

/** The first attempt of a period and the reminder 7 days before it. */
export async function schedulePeriod(tx: Tx, jobs: Pick<Jobs, 'schedule'>, purchaseId: string, periodEnd: Date, now: Date): Promise<Date | null> {
  const remindAt = reminderAt(periodEnd, now);
  if (remindAt) {
    await jobs.schedule(tx, { kind: RENEWAL_REMINDER_JOB, key: reminderJobKey(purchaseId, periodEnd), runAt: remindAt, payload: { purchaseId, periodEnd: periodEnd.toISOString() } });
  }
  return scheduleAttempt(tx, jobs, purchaseId, periodEnd, 1, now);
}

/** Removes the renewal work of a purchase not started yet (the buyer stopped renewing). */
export async function cancelRenewalJobs(tx: Tx, purchaseId: string) {
  // By prefix: the keys carry the period and the attempt, and any of them may be pending.
  await tx.job.deleteMany({ where: { status: 'pending', OR: [{ key: { startsWith: renewJobKeyPrefix(purchaseId) } }, { key: { startsWith: reminderJobKeyPrefix(purchaseId) } }] } });
}

/**
 * At the first payment's escrow (recordSale): a subscription the buyer chose to renew, with the
 * card kept at checkout, starts renewing. Without a kept card (the confirmation was finished by the
 * reconcile job, which has no card) it does not renew, and says so.
 */
export async function startRenewing(tx: Tx, jobs: Pick<Jobs, 'schedule'>, purchase: Purchase, now: Date): Promise<Purchase> {
  if (!purchase.autoRenew || !purchase.accessExpiresAt) return purchase;
  if (!purchase.savedPaymentMethodId) {
    return tx.purchase.update({ where: { id: purchase.id }, data: { autoRenew: false, renewalStatus: 'off', renewalFailureReason: 'No card was kept at checkout: this subscription does not renew' } });
  }
  await schedulePeriod(tx, jobs, purchase.id, purchase.accessExpiresAt, now);
  return tx.purchase.update({ where: { id: purchase.id }, data: { renewalStatus: 'scheduled', renewalFailureReason: null } });
}

/**
 * A renewal's payment went into escrow (recordSale, in its transaction): the purchase's access runs
 * to the renewed period's end, the access reminders move with it, and the next period's renewal is
 * scheduled. The API key stays: the buyer's scripts keep working across periods.
 */
export async function extendForRenewal(tx: Tx, jobs: Pick<Jobs, 'schedule'>, renewal: PurchaseRenewal, now: Date): Promise<Purchase> {
  await updateInStatus(tx, {
    machine: PURCHASE_MACHINE,
    id: renewal.purchaseId,
    status: 'active',
    data: { accessExpiresAt: renewal.periodEnd, renewalStatus: 'scheduled', renewalFailureReason: null },
    raced: 'This subscription changed while it renewed',
  });
  const purchase = await tx.purchase.findUniqueOrThrow({ where: { id: renewal.purchaseId } });
  await cancelAccessReminders(tx, purchase.id);
  await scheduleAccessReminders(tx, jobs, purchase, now, renewal.periodEnd);
  await schedulePeriod(tx, jobs, purchase.id, renewal.periodEnd, now);
  return purchase;
}

/**
 * A refunded renewal (a dispute settled for the buyer) gives the period back: access ends where it
 * ended before that renewal, and the subscription stops renewing (the buyer disputed the charge).
 */
export async function undoRenewal(tx: Tx, paymentId: string, now: Date): Promise<boolean> {
  const renewal = await tx.purchaseRenewal.findUnique({ where: { paymentId }, include: { purchase: true } });
  if (!renewal) return false;
  const stillThatPeriod = renewal.purchase.accessExpiresAt?.getTime() === renewal.periodEnd.getTime();
  await tx.purchase.update({
    where: { id: renewal.purchaseId },
    data: {
      ...(stillThatPeriod ? { accessExpiresAt: renewal.periodStart } : {}),
      autoRenew: false,
      renewalStatus: 'cancelled',
      renewalCancelledAt: now,
      renewalFailureReason: 'The renewal was refunded after a dispute',
    },
  });
  await cancelRenewalJobs(tx, renewal.purchaseId);
  return true;
}
