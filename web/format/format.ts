// Every number, date, size and count the web app prints, in one place so that every screen says
// the same thing the same way. Figures are monospace and tabular in the theme.

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** A Decimal string from the API ("1234.50") as dollars: '$1,234.50'; whole = no cents. */
export function formatMoney(amount: string | number | null | undefined, opts: { whole?: boolean } = {}): string {
  const n = typeof amount === 'number' ? amount : Number(amount ?? 0);
  if (!Number.isFinite(n)) return '—';
  return (opts.whole ? usdWhole : usd).format(n);
}

/** 12345 -> '12,345'; null -> '—' */
export function formatCount(n: number | null | undefined): string {
  return n == null || !Number.isFinite(n) ? '—' : integer.format(n);
}

/** A count the server stopped at (a list's totalCount when not exact): 10000, false -> '10,000+'. */
export function formatTotal(n: number, exact: boolean): string {
  return exact ? formatCount(n) : `${formatCount(n)}+`;
}

/** 12_400_000 -> '12.4M', 18_500 -> '18.5K'; null -> '—' */
export function formatCompact(n: number | null | undefined): string {
  return n == null || !Number.isFinite(n) ? '—' : compact.format(n);
}

/** A badge figure: 1..99, then '99+'. */
export function formatBadgeCount(n: number): string {
  return n > 99 ? '99+' : String(n);
}

/**
 * A count with its noun, singular for exactly one: plural(1, 'listing') -> '1 listing',
 * plural(1200, 'bid') -> '1,200 bids', plural(2, 'query', 'queries') -> '2 queries'.
 */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** Only the noun for a count: noun(1, 'trade') -> 'trade', noun(3, 'trade') -> 'trades'. */
export function noun(n: number, one: string, many = `${one}s`): string {
  return n === 1 ? one : many;
}

const BYTE_UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** 2_480 -> '2.4 KB', 524_288_000 -> '500 MB', 1 -> '1 byte' (binary units, as the 500 MB upload limit). */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes == null || !Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1).replace(/\.0$/, '')} ${BYTE_UNITS[unit]}`;
}

/** Seconds as '12s', '3m 05s', '1h 02m' (time left of an upload). */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}

export type PriceMove = { direction: 'up' | 'down' | 'flat'; text: string };

/**
 * The 24-hour change of the market price: '+$12.34 (+0.4%)', '-$127.00 (-2.1%)'; null when there is
 * no price from 24 hours ago (the screens show '—'; docs/decisions.md '24-hour change').
 */
export function formatPriceMove(change: { change: string | number; percent: number } | null | undefined): PriceMove | null {
  if (!change) return null;
  const amount = Number(change.change);
  const percent = Number(change.percent);
  if (!Number.isFinite(amount) || !Number.isFinite(percent)) return null;
  const direction = amount > 0 ? 'up' : amount < 0 ? 'down' : 'flat';
  const sign = direction === 'up' ? '+' : direction === 'down' ? '-' : '';
  return { direction, text: `${sign}${usd.format(Math.abs(amount))} (${sign}${Math.abs(percent).toFixed(1)}%)` };
}

// ---------------------------------------------------------------- dates (the viewer's time zone)

const dateFmt = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: '2-digit' });
const dateTimeFmt = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });
const timestampFmt = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZoneName: 'short',
});
const dayFmt = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', timeZone: 'UTC' });

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** '2025-03-04T…' -> 'Mar 04, 2025'; null -> '—' */
export function formatDate(iso: string | null | undefined): string {
  const d = parse(iso);
  return d ? dateFmt.format(d) : '—';
}

/** A recent moment in a list: '2025-03-04T13:05…' -> 'Mar 04, 13:05'. */
export function formatDateTime(iso: string | null | undefined): string {
  const d = parse(iso);
  return d ? dateTimeFmt.format(d) : '—';
}

/** A moment on a record (reviews, decisions, history): 'Mar 04, 2026, 13:05 UTC', with year and zone. */
export function formatTimestamp(iso: string | null | undefined): string {
  const d = parse(iso);
  return d ? timestampFmt.format(d) : '—';
}

/** A UTC day 'YYYY-MM-DD' (the analytics buckets) as 'Mar 04'. */
export function formatDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : dayFmt.format(d);
}

const clockFmt = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hour12: false });
const shortDayFmt = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit' });
const shortDayYearFmt = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' });

function sameLocalDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** The day of a moment, with the year only when it is not this year's: 'Mar 04' or 'Dec 31, 2025'. */
function shortDay(d: Date, now: Date): string {
  return d.getFullYear() === now.getFullYear() ? shortDayFmt.format(d) : shortDayYearFmt.format(d);
}

/**
 * A message's time (conversations and support tickets): '13:05' today, 'Mar 04, 13:05' before,
 * 'Dec 31, 2025, 23:59' in another year; null -> '—'.
 */
export function formatMessageTime(iso: string | null | undefined, now: Date = new Date()): string {
  const d = parse(iso);
  if (!d) return '—';
  if (sameLocalDay(d, now)) return clockFmt.format(d);
  return `${shortDay(d, now)}, ${clockFmt.format(d)}`;
}

/** The short time in a list of conversations: '13:05' today, else 'Mar 04' (or 'Mar 04, 2025'); null -> ''. */
export function formatListTime(iso: string | null | undefined, now: Date = new Date()): string {
  const d = parse(iso);
  if (!d) return '';
  return sameLocalDay(d, now) ? clockFmt.format(d) : shortDay(d, now);
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

/** A JSON value pretty-printed for a monospace block; '—' when there is nothing. */
export function prettyJson(value: unknown): string {
  if (value == null) return '—';
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}
