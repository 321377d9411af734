import type { Tone } from '../../theme/theme.ts';

// Number formats shared by the screens (figures are monospace and tabular in the theme).

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A Decimal string from the API ("1234.50") as dollars: '$1,234.50'; whole = no cents. */
export function formatMoney(amount: string | number | null | undefined, opts: { whole?: boolean } = {}): string {
  const n = typeof amount === 'number' ? amount : Number(amount ?? 0);
  if (!Number.isFinite(n)) return '—';
  return (opts.whole ? usdWhole : usd).format(n);
}

/** 12345 -> '12,345' */
export function formatCount(n: number | null | undefined): string {
  return n == null || !Number.isFinite(n) ? '—' : integer.format(n);
}

const dateFmt = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: '2-digit' });
const dateTimeFmt = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });

/** '2025-03-04T…' -> 'Mar 04, 2025'; null -> '—' */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateFmt.format(d);
}

/** '2025-03-04T13:05…' -> 'Mar 04, 13:05' (local time) */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateTimeFmt.format(d);
}

/** 'just now', '5m ago', '3h ago', '2d ago', then the date. */
export function timeAgo(iso: string, now = Date.now()): string {
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return '—';
  const s = Math.max(0, Math.round((now - t) / 1000));
  if (s < 45) return 'just now';
  const m = Math.round(s / 60);
  if (m < 60) return `${m}m ago`;
  const h = Math.round(m / 60);
  if (h < 24) return `${h}h ago`;
  const d = Math.round(h / 24);
  if (d < 30) return `${d}d ago`;
  return formatDate(iso);
}

/** Bid status: open blue, accepted and settled green, declined red, withdrawn neutral. */
export function bidStatusTone(status: string): Tone {
  switch (status) {
    case 'open':
      return 'blue';
    case 'accepted':
    case 'settled':
      return 'green';
    case 'declined':
      return 'red';
    default:
      return 'neutral';
  }
}
