// The end of paid access told ahead (docs/decisions.md "Issue 25: notification events"): when a
// purchase becomes active with an end, three keyed jobs are scheduled in the same transaction, 7
// days and 1 day before the end and at it. Each job runs once (its key), and at run time tells
// nothing when the access is no longer what it was scheduled for: refunded (revoked), its end
// moved, or extended by a later purchase of the same buyer and listing (a renewal has its own).
import type { Purchase } from '../../db/generated/prisma/client.ts';
import type { JobContext, Jobs } from '../../jobs/job-runner.ts';
import { recordEvent } from '../notifications/record-event.ts';
import type { Tx } from '../transitions/transition.ts';

export const ACCESS_REMINDER_JOB = 'access.remind';
const DAY_MS = 24 * 3_600_000;

/** Days before the end the buyer is told (access.expiring); 0 is the end itself (access.expired). */
export const ACCESS_REMINDER_DAYS = [7, 1, 0] as const;
type ReminderDays = (typeof ACCESS_REMINDER_DAYS)[number];

/**
 * A reminder's key. A renewed period (api/domain/subscriptions) names its end, so its reminders are
 * new jobs: the first period's keys are taken by reminders that already ran.
 */
export const accessReminderKey = (purchaseId: string, days: ReminderDays, renewedEnd?: Date) =>
  (days ? `access-expiring:${purchaseId}:${days}` : `access-expired:${purchaseId}`) + (renewedEnd ? `@${renewedEnd.toISOString()}` : '');

interface ReminderPayload {
  [key: string]: string | number;
  purchaseId: string;
  days: ReminderDays;
  /** The end the reminder was scheduled for (ISO): a moved end makes it stale. */
  expiresAt: string;
}

/** The reminders of an access with an end still ahead: when each runs, its key and payload. */
export function accessReminders(purchase: Pick<Purchase, 'id' | 'accessExpiresAt'>, now: Date, renewedEnd?: Date): { key: string; runAt: Date; payload: ReminderPayload }[] {
  const end = purchase.accessExpiresAt;
  if (!end) return [];
  return ACCESS_REMINDER_DAYS.flatMap((days) => {
    const runAt = new Date(end.getTime() - days * DAY_MS);
    // A reminder of 7 days for access that ends sooner would say something untrue.
    if (days > 0 && runAt <= now) return [];
    return [{ key: accessReminderKey(purchase.id, days, renewedEnd), runAt, payload: { purchaseId: purchase.id, days, expiresAt: end.toISOString() } }];
  });
}

/** Schedules the reminders of an access with an end (in the escrow's transaction). */
export async function scheduleAccessReminders(tx: Tx, jobs: Pick<Jobs, 'schedule'>, purchase: Pick<Purchase, 'id' | 'accessExpiresAt'>, now: Date, renewedEnd?: Date) {
  for (const r of accessReminders(purchase, now, renewedEnd)) await jobs.schedule(tx, { kind: ACCESS_REMINDER_JOB, ...r });
}

/** Removes a purchase's reminders not sent yet (its end moved: a renewal schedules its own). */
export async function cancelAccessReminders(tx: Tx, purchaseId: string) {
  await tx.job.deleteMany({ where: { kind: ACCESS_REMINDER_JOB, status: 'pending', OR: [{ key: { startsWith: `access-expiring:${purchaseId}:` } }, { key: { startsWith: `access-expired:${purchaseId}` } }] } });
}

/** Runs one reminder: records access.expiring (days 7 or 1) or access.expired (0), unless stale. */
export async function remindOfAccess(jobs: Pick<Jobs, 'schedule'>, payload: ReminderPayload, ctx: Pick<JobContext, 'tx' | 'now'>): Promise<'told' | 'stale'> {
  const { tx, now } = ctx;
  const purchase = await tx.purchase.findUnique({ where: { id: payload.purchaseId }, select: { id: true, buyerId: true, contractId: true, status: true, accessExpiresAt: true, renewalStatus: true } });
  const end = purchase?.accessExpiresAt;
  if (!purchase || !end || end.toISOString() !== payload.expiresAt) return 'stale';
  // A subscription that is about to renew does not "expire": its renewal reminder told the buyer.
  if (payload.days > 0 && purchase.renewalStatus === 'scheduled') return 'stale';
  // Revoked (refunded) access is over; expired is where an ended access may be moved one day.
  if (purchase.status !== 'active' && !(payload.days === 0 && purchase.status === 'expired')) return 'stale';
  const later = await tx.purchase.count({ where: { buyerId: purchase.buyerId, contractId: purchase.contractId, status: 'active', id: { not: purchase.id }, OR: [{ accessExpiresAt: null }, { accessExpiresAt: { gt: end } }] } });
  if (later > 0) return 'stale';
  const data = { purchaseId: purchase.id, contractId: purchase.contractId };
  if (payload.days === 0) await recordEvent(tx, jobs, 'access.expired', data, now);
  else await recordEvent(tx, jobs, 'access.expiring', { ...data, days: payload.days }, now);
  return 'told';
}

export function registerAccessJobs(jobs: Pick<Jobs, 'register' | 'schedule'>) {
  jobs.register(ACCESS_REMINDER_JOB, async (payload: ReminderPayload, ctx: JobContext) => {
    await remindOfAccess(jobs, payload, ctx);
  });
}
