// When a subscription renews (docs/decisions.md, "Issue 26: subscriptions that renew"). Pure: the
// jobs, the service and the screens read the schedule from here.
import type { PaymentMethod, PricingModel, RenewalStatus } from '../../db/generated/prisma/enums.ts';
import { ValidationError } from '../errors.ts';

const DAY_MS = 24 * 3_600_000;

/** The first attempt runs this long before the period ends, so declined cards have days to retry. */
export const RENEW_AHEAD_MS = 3 * DAY_MS;
/** A declined attempt is tried again a day later. */
export const RETRY_AFTER_MS = DAY_MS;
/** Attempts per period: at 3, 2 and 1 day before the end; never at or past the end. */
export const MAX_RENEWAL_ATTEMPTS = 3;
/** The buyer is reminded this long before the first attempt charges. */
export const REMINDER_AHEAD_MS = 7 * DAY_MS;

/** Statuses in which a purchase still renews this period. */
export const RENEWING: readonly RenewalStatus[] = ['scheduled', 'retrying'];

export const renewJobKeyPrefix = (purchaseId: string) => `renew:${purchaseId}:`;
/** One job per attempt; runAt is in the key so that renewing turned on again schedules afresh. */
export const renewJobKey = (purchaseId: string, periodEnd: Date, attempt: number, runAt: Date) =>
  `${renewJobKeyPrefix(purchaseId)}${periodEnd.toISOString()}:${attempt}:${runAt.getTime()}`;
export const reminderJobKeyPrefix = (purchaseId: string) => `renewal-reminder:${purchaseId}:`;
export const reminderJobKey = (purchaseId: string, periodEnd: Date) => `${reminderJobKeyPrefix(purchaseId)}${periodEnd.toISOString()}`;

export function isSubscription(pricingModel: PricingModel): boolean {
  return pricingModel !== 'one_time';
}

/**
 * When attempt `attempt` (1-based) of the period ending at `periodEnd` runs, seen at `now`: 3 days
 * before the end, then a day apart, never before now; null when that is at or past the end, or
 * past the last attempt (access then ends with the period).
 */
export function attemptAt(periodEnd: Date, attempt: number, now: Date): Date | null {
  if (attempt < 1 || attempt > MAX_RENEWAL_ATTEMPTS) return null;
  const planned = periodEnd.getTime() - RENEW_AHEAD_MS + (attempt - 1) * RETRY_AFTER_MS;
  const at = Math.max(planned, now.getTime());
  return at < periodEnd.getTime() ? new Date(at) : null;
}

/** When the buyer is reminded of the renewal of the period ending at `periodEnd`; null when that moment has passed. */
export function reminderAt(periodEnd: Date, now: Date): Date | null {
  const at = periodEnd.getTime() - RENEW_AHEAD_MS - REMINDER_AHEAD_MS;
  return at > now.getTime() ? new Date(at) : null;
}

/** Renewing needs a subscription paid by card (the card is what is kept and charged again). */
export function assertRenewable(pricingModel: PricingModel, method: PaymentMethod) {
  if (!isSubscription(pricingModel)) throw new ValidationError('Only subscriptions renew: this data set is bought once', [{ field: 'autoRenew', message: 'Only subscriptions renew' }]);
  if (method !== 'card') throw new ValidationError('Automatic renewal needs a card payment', [{ field: 'autoRenew', message: 'Automatic renewal needs a card payment' }]);
}
