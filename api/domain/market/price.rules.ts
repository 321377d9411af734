// Market price and its 24-hour change (the product decision "Market price and trading"). Pure; amounts go
// through the exact money rules (api/domain/money/money.ts), never through floats.
import { decimalString, mulDiv, parseMoney, type MoneyLike } from '../money/money.ts';

export interface PriceChange {
  /** Absolute change, two places ("-127.00"). */
  change: string;
  /** Percent change, one place, rounded half-up (away from zero). */
  percent: number;
}

/**
 * The change from the market price 24 hours ago to now; null without a price 24 hours ago
 * (a contract listed since then has no 24-hour history).
 */
export function change24h(current: MoneyLike, dayAgo: MoneyLike | null): PriceChange | null {
  if (dayAgo === null) return null;
  const now = parseMoney(current);
  const then = parseMoney(dayAgo);
  if (then === 0n) return null;
  const diff = now - then;
  // Tenths of a percent: diff / then x 1000, exactly; only the last step becomes a number.
  const tenths = mulDiv(diff, 1000n, then < 0n ? -then : then);
  return { change: decimalString(diff), percent: Number(tenths) / 10 };
}

/**
 * The market price after a sale at `amount` (the list price paid or an accepted bid's amount):
 * the sale price itself. Bids alone never move it.
 */
export function marketPriceAfterSale(amount: MoneyLike): string {
  return decimalString(parseMoney(amount));
}

/**
 * The market price after the provider changes the list price: it follows the list price while
 * nothing has sold since the last list price was set.
 */
export function marketPriceAfterListPriceChange(opts: { newListPrice: MoneyLike; currentMarketPrice: MoneyLike; soldSinceLastListing: boolean }): string {
  return decimalString(parseMoney(opts.soldSinceLastListing ? opts.currentMarketPrice : opts.newListPrice));
}
