// Market price and its 24-hour change (DECISIONS.md "Market price and trading"). Pure.

export interface PriceChange {
  /** Absolute change, two places ("-127.00"). */
  change: string;
  /** Percent change, one place. */
  percent: number;
}

const toCents = (value: string | number | { toString(): string }) => Math.round(Number(value.toString()) * 100);

/**
 * The change from the market price 24 hours ago to now; null without a price 24 hours ago
 * (a contract listed since then has no 24-hour history).
 */
export function change24h(current: string | { toString(): string }, dayAgo: string | { toString(): string } | null): PriceChange | null {
  if (dayAgo === null) return null;
  const now = toCents(current);
  const then = toCents(dayAgo);
  if (then === 0) return null;
  const diff = now - then;
  return { change: (diff / 100).toFixed(2), percent: Math.round((diff / then) * 1000) / 10 };
}

/**
 * The market price after a sale at `amount` (the list price paid or an accepted bid's amount):
 * the sale price itself. Bids alone never move it.
 */
export function marketPriceAfterSale(amount: string): string {
  return (toCents(amount) / 100).toFixed(2);
}

/**
 * The market price after the provider changes the list price: it follows the list price while
 * nothing has sold since the last list price was set.
 */
export function marketPriceAfterListPriceChange(opts: { newListPrice: string; currentMarketPrice: string; soldSinceLastListing: boolean }): string {
  return opts.soldSinceLastListing ? opts.currentMarketPrice : (toCents(opts.newListPrice) / 100).toFixed(2);
}
