// Reviews (the product decision "Reviews"): a buyer whose payment was released rates the provider once per
// purchase; the provider's rating and review count are computed from the reviews alone. Pure.
import type { PaymentStatus } from '../../db/generated/prisma/enums.ts';

export const MIN_RATING = 1;
export const MAX_RATING = 5;
export const MAX_REVIEW_TEXT = 2000;

/**
 * The average of `count` ratings summing to `sum`, to two places rounded half-up ("4.33" for
 * 5, 4, 4; "4.67" for 5, 5, 4), as User.rating (Decimal(3,2)) stores it; null without reviews, so
 * a provider nobody reviewed shows no stars rather than a made-up figure. Exact: integers only.
 */
export function averageRating(sum: number | bigint, count: number | bigint): string | null {
  const n = BigInt(count);
  if (n === 0n) return null;
  const hundredths = (BigInt(sum) * 200n + n) / (2n * n);
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}

export interface ReviewablePurchase {
  buyerId: string;
  payment: { status: PaymentStatus } | null;
  review: unknown | null;
}

/** Why `viewerId` may not review this purchase now, or null when they may. */
export function reviewRefusal(purchase: ReviewablePurchase, viewerId: string | null | undefined): 'NOT_BUYER' | 'NOT_RELEASED' | 'ALREADY_REVIEWED' | null {
  if (!viewerId || purchase.buyerId !== viewerId) return 'NOT_BUYER';
  if (purchase.review) return 'ALREADY_REVIEWED';
  if (purchase.payment?.status !== 'released') return 'NOT_RELEASED';
  return null;
}

/** Whether the viewer may review the purchase now (the "Rate the provider" button). */
export function canReview(purchase: ReviewablePurchase, viewerId: string | null | undefined): boolean {
  return reviewRefusal(purchase, viewerId) === null;
}
