// Escrow and access rules (the product decision "Payments and escrow", "Access and delivery"). Pure: the
// seed, the dashboards, the market figures and the payment services all read them from here.
import type { PaymentStatus, PricingModel, PurchaseStatus } from '../../db/generated/prisma/enums.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** How long paid money stays in escrow, open to a dispute, before it is released: 24 hours. */
export const ESCROW_WINDOW_MS = 24 * HOUR_MS;

/**
 * Payments that are real trades: the money was taken (escrowed), is held under a dispute, or was
 * released to the provider. Pending, processing (being charged right now) and failed have not
 * taken money; refunded gave it back. Sales
 * counts, volumes, spend and earnings all count these.
 */
export const PAID_PAYMENT_STATUSES = ['escrowed', 'disputed', 'released'] as const satisfies readonly PaymentStatus[];

/**
 * The payments a provider sees as their sales (the dashboard's sales list): the paid ones, and the
 * refunded ones (paid, then given back after a dispute, so the provider sees where that sale went).
 * A buyer's attempt that took no money (pending, processing, failed) is the buyer's own business and
 * never reaches the provider's screens (docs/decisions.md, "What the sales list shows").
 */
export const SALE_PAYMENT_STATUSES = [...PAID_PAYMENT_STATUSES, 'refunded'] as const satisfies readonly PaymentStatus[];

/**
 * Purchases that were paid for: access was granted at escrow (active) and may since have run out
 * (expired). Pending was never paid; revoked was refunded.
 */
export const PAID_PURCHASE_STATUSES = ['active', 'expired'] as const satisfies readonly PurchaseStatus[];

export function isPaidPayment(status: PaymentStatus): boolean {
  return (PAID_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(status);
}

export function isPaidPurchase(status: PurchaseStatus): boolean {
  return (PAID_PURCHASE_STATUSES as readonly PurchaseStatus[]).includes(status);
}

/** Days of access a purchase buys; null means access does not expire (one_time). */
export const ACCESS_DAYS: Record<PricingModel, number | null> = {
  one_time: null,
  monthly_subscription: 30,
  annual_subscription: 365,
};

/**
 * When access bought at `from` ends; null when it never does. A renewal passes the current end
 * (when still in the future) as `from`, so paying again extends access rather than restarting it.
 */
export function accessExpiresAt(pricingModel: PricingModel, from: Date): Date | null {
  const days = ACCESS_DAYS[pricingModel];
  return days === null ? null : new Date(from.getTime() + days * DAY_MS);
}

/** When an escrowed payment without a dispute is released. */
export function escrowReleaseAt(escrowStartedAt: Date): Date {
  return new Date(escrowStartedAt.getTime() + ESCROW_WINDOW_MS);
}

/** A dispute may be opened while the payment is escrowed and the 24-hour window is still open. */
export function mayOpenDispute(payment: { status: PaymentStatus; escrowStartedAt: Date | null }, now: Date): boolean {
  return payment.status === 'escrowed' && payment.escrowStartedAt !== null && now.getTime() < escrowReleaseAt(payment.escrowStartedAt).getTime();
}

/** Whether an escrowed payment is due for release at `now` (no dispute, the window is over). */
export function isDueForRelease(payment: { status: PaymentStatus; escrowStartedAt: Date | null }, now: Date): boolean {
  return payment.status === 'escrowed' && payment.escrowStartedAt !== null && now.getTime() >= escrowReleaseAt(payment.escrowStartedAt).getTime();
}
