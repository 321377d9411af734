import type { Tone } from '../../../theme/theme.ts';

// Dates, times and status colours of the dashboard tabs.

const dateFmt = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: '2-digit' });
const dateTimeFmt = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });
const dayFmt = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', timeZone: 'UTC' });

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

/** A UTC day 'YYYY-MM-DD' as 'Mar 04'. */
export function formatDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : dayFmt.format(d);
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

/** Contract status: active is green, pending review amber, rejected red, anything else neutral. */
export function contractStatusTone(status: string): Tone {
  switch (status) {
    case 'active':
      return 'green';
    case 'pending_review':
    case 'pending':
      return 'amber';
    case 'rejected':
      return 'red';
    default:
      return 'neutral';
  }
}

/** Purchase status: active green, pending amber, revoked red, expired neutral. */
export function purchaseStatusTone(status: string): Tone {
  switch (status) {
    case 'active':
      return 'green';
    case 'pending':
      return 'amber';
    case 'revoked':
      return 'red';
    default:
      return 'neutral';
  }
}

/** Payment status (DECISIONS.md 'Payments and escrow'): escrowed is blue, released green, disputed amber. */
export function paymentStatusTone(status: string): Tone {
  switch (status) {
    case 'released':
      return 'green';
    case 'escrowed':
      return 'blue';
    case 'pending':
    case 'disputed':
      return 'amber';
    case 'failed':
      return 'red';
    default:
      return 'neutral';
  }
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

/** 'card' -> 'Card', 'bank_transfer' -> 'Bank transfer' */
export function humanize(text: string): string {
  const t = text.replace(/_/g, ' ');
  return t.charAt(0).toUpperCase() + t.slice(1);
}
