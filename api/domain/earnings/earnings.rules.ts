// Platform earnings (the product decision "Money"): the platform's revenue is the 10% commission it keeps
// on each released payment. Pure.
import { type Cents } from '../money/money.ts';

const DAY_MS = 86_400_000;

/** The longest revenue series a chart gets: the last 366 UTC days of the asked range. */
export const MAX_SERIES_DAYS = 366;

/** The average of `total` over `count` things, half-up to the cent; 0 when there are none. */
export function averageCents(total: Cents, count: number | bigint): Cents {
  const n = BigInt(count);
  if (n === 0n) return 0n;
  const negative = total < 0n;
  const abs = negative ? -total : total;
  const rounded = (abs * 2n + n) / (2n * n);
  return negative ? -rounded : rounded;
}

/** Midnight UTC of the day `at` falls in. */
export function utcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/** "YYYY-MM-DD" of the UTC day `at` falls in. */
export function dayKey(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Every UTC day a revenue chart shows, oldest first: from the day of `first` to the day of `last`
 * (both included), keeping only the last MAX_SERIES_DAYS when the range is longer.
 */
export function seriesDays(first: Date, last: Date): string[] {
  const end = utcDay(last).getTime();
  let start = utcDay(first).getTime();
  if (start > end) return [];
  start = Math.max(start, end - (MAX_SERIES_DAYS - 1) * DAY_MS);
  const days: string[] = [];
  for (let t = start; t <= end; t += DAY_MS) days.push(dayKey(new Date(t)));
  return days;
}

/**
 * Whether a user is shown the seller's side of the money (sales, escrow held, payouts) on the
 * dashboard and /earnings: approved to sell, or with any sale (an approval withdrawn later does not
 * hide sales that still pay out).
 */
export function showsSellerFigures(user: { dueDiligenceStatus: string | null }, salesCount: number): boolean {
  return user.dueDiligenceStatus === 'approved' || salesCount > 0;
}
