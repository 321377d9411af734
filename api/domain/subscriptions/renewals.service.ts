// The buyer turns renewing off (cancel) or on again from the library (docs/decisions.md, "Issue
// 26: subscriptions that renew"). Only the purchase's buyer: its provider and administrators see
// the purchase but do not decide about the buyer's card. Cancelling ends no access: the period paid
// for runs to its end; only renewals stop.
import type { Purchase, User } from '../../db/generated/prisma/client.ts';
import { isRecordId } from '../../db/ids.ts';
import type { Jobs } from '../../jobs/job-runner.ts';
import { AuthenticationError, ConflictError, NotFoundError, PermissionError } from '../errors.ts';
import { recordEvent } from '../notifications/record-event.ts';
import { parseInput } from '../parse-input.ts';
import { cardExpired } from '../payments/payment-provider.ts';
import { PAYMENT_TRANSACTION, type PaymentDeps } from '../payments/payments.deps.ts';
import { canSeePurchase, isBuyerOf } from '../policies.ts';
import { lockPurchase } from './renewals.jobs.ts';
import { isSubscription } from './renewals.rules.ts';
import { cancelRenewalJobs, schedulePeriod } from './renewals.schedule.ts';
import { setAutoRenewInput } from './renewals.schemas.ts';

type Deps = Pick<PaymentDeps, 'db' | 'clock'> & { jobs: Pick<Jobs, 'schedule'> };

/** GraphQL setPurchaseAutoRenew / cancelSubscription, REST POST /api/purchases/{id}/cancel-renewal. */
export async function setPurchaseAutoRenew(deps: Deps, viewer: User | null, raw: unknown): Promise<Purchase> {
  if (!viewer) throw new AuthenticationError('Log in to manage your subscriptions');
  const input = parseInput(setAutoRenewInput, raw);
  const { db } = deps;
  const now = deps.clock ? deps.clock() : new Date();
  const found = isRecordId(input.purchaseId) ? await db.purchase.findUnique({ where: { id: input.purchaseId }, include: { contract: { select: { providerId: true } } } }) : null;
  if (!found || !canSeePurchase(viewer, found, found.contract.providerId)) throw new NotFoundError('Purchase not found');
  if (!isBuyerOf(viewer, found)) throw new PermissionError('Only the buyer can change how their subscription renews', 'NOT_OWNER');
  return db.$transaction(async (tx) => {
    await lockPurchase(tx, found.id);
    const purchase = await tx.purchase.findUniqueOrThrow({ where: { id: found.id }, include: { contract: true, savedPaymentMethod: true } });
    const { contract, savedPaymentMethod: _m, ...plain } = purchase;
    if (!input.autoRenew) {
      // Cancelling what does not renew answers the purchase as it is.
      if (!purchase.autoRenew) return plain;
      await cancelRenewalJobs(tx, purchase.id);
      const cancelled = await tx.purchase.update({ where: { id: purchase.id }, data: { autoRenew: false, renewalStatus: 'cancelled', renewalCancelledAt: now } });
      await recordEvent(tx, deps.jobs, 'subscription.cancelled', { purchaseId: purchase.id, contractId: purchase.contractId, accessEndsAt: purchase.accessExpiresAt?.toISOString() ?? null }, now);
      return cancelled;
    }
    if (purchase.autoRenew && purchase.renewalStatus === 'scheduled') return plain;
    if (!isSubscription(contract.pricingModel)) throw new ConflictError('Only subscriptions renew: this data set is bought once', 'INVALID_TRANSITION');
    if (purchase.status !== 'active' || !purchase.accessExpiresAt || purchase.accessExpiresAt <= now) {
      throw new ConflictError('This subscription has ended: buy it again from the listing', 'INVALID_TRANSITION');
    }
    if (contract.status !== 'active') throw new ConflictError('This data set is no longer sold, so it cannot renew', 'CONTRACT_NOT_ACTIVE');
    const method = purchase.savedPaymentMethod;
    if (!method || cardExpired(method, now)) {
      throw new ConflictError('No valid card is kept for this subscription: buy it again with automatic renewal to keep a new card', 'INVALID_TRANSITION');
    }
    await cancelRenewalJobs(tx, purchase.id);
    const first = await schedulePeriod(tx, deps.jobs, purchase.id, purchase.accessExpiresAt, now);
    if (!first) throw new ConflictError('Too late to renew this period: it ends within the day', 'INVALID_TRANSITION');
    return tx.purchase.update({ where: { id: purchase.id }, data: { autoRenew: true, renewalStatus: 'scheduled', renewalCancelledAt: null, renewalFailureReason: null } });
  }, PAYMENT_TRANSACTION);
}
