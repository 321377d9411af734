import type { Tone } from '../../../theme/theme.ts';

// Figures of a contract as the market screens print them (spec: buyer-side.md §2 Contract card).

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 12_400_000 -> '12.4M', 18_500 -> '18.5K'; null -> '—' */
export function formatCompact(n: number | null | undefined): string {
  return n == null || !Number.isFinite(n) ? '—' : compact.format(n);
}

/** 'monthly_subscription' -> 'monthly subscription' (underscores shown as spaces) */
export function humanize(value: string | null | undefined): string {
  return value ? value.replace(/_/g, ' ') : '—';
}

/** active is green, pending amber, anything else neutral (spec: buyer-side.md §4 Contract status) */
export function statusTone(status: string): Tone {
  if (status === 'active') return 'green';
  if (status.startsWith('pending')) return 'amber';
  return 'neutral';
}

export type PriceMove = { direction: 'up' | 'down' | 'flat'; text: string };

/**
 * The real 24-hour change of the market price (DECISIONS.md 'Market price'): '+$12.34 (+0.4%)',
 * '-$127.00 (-2.1%)'; null when there is no price from 24 hours ago (the card shows '—').
 */
export function formatPriceMove(change: { change: string | number; percent: number } | null | undefined): PriceMove | null {
  if (!change) return null;
  const amount = Number(change.change);
  const percent = Number(change.percent);
  if (!Number.isFinite(amount) || !Number.isFinite(percent)) return null;
  const direction = amount > 0 ? 'up' : amount < 0 ? 'down' : 'flat';
  const sign = direction === 'up' ? '+' : direction === 'down' ? '-' : '';
  const pct = Math.abs(percent).toFixed(1);
  return { direction, text: `${sign}${usd.format(Math.abs(amount))} (${sign}${pct}%)` };
}
