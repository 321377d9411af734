import type { Tone } from '../../../theme/theme.ts';

// Dates, times and status colours of the dashboard tabs.

const dayFmt = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', timeZone: 'UTC' });



/** A UTC day 'YYYY-MM-DD' as 'Mar 04'. */
export function formatDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : dayFmt.format(d);
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


/** 'card' -> 'Card', 'bank_transfer' -> 'Bank transfer' */
export function humanize(text: string): string {
  const t = text.replace(/_/g, ' ');
  return t.charAt(0).toUpperCase() + t.slice(1);
}
