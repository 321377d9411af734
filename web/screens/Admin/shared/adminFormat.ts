import type { Tone } from '../../../theme/theme.ts';

// Labels and formats of the back office (provider-backoffice-side.md §2 Compliance dashboard,
// Simple compliance; DECISIONS.md 'Due diligence': submitted is shown as 'Pending Review').

/** Application status -> badge text. */
export function applicationStatusLabel(status: string): string {
  switch (status) {
    case 'submitted':
    case 'pending':
      return 'Pending Review';
    case 'under_review':
      return 'Under Review';
    case 'requires_clarification':
      return 'Requires Clarification';
    case 'approved':
      return 'Approved';
    case 'rejected':
      return 'Rejected';
    default:
      return humanize(status);
  }
}

/** Approved green, rejected red, waiting amber, being reviewed blue. */
export function applicationStatusTone(status: string): Tone {
  switch (status) {
    case 'approved':
      return 'green';
    case 'rejected':
      return 'red';
    case 'submitted':
    case 'pending':
    case 'requires_clarification':
      return 'amber';
    case 'under_review':
      return 'blue';
    default:
      return 'neutral';
  }
}

/** The statuses the application filter offers, in the order of the review. */
export const APPLICATION_FILTERS = [
  { value: '', label: 'All statuses' },
  { value: 'submitted', label: 'Pending Review' },
  { value: 'under_review', label: 'Under Review' },
  { value: 'requires_clarification', label: 'Requires Clarification' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
] as const;

export function listingStatusLabel(status: string): string {
  return status === 'pending_review' ? 'Pending Review' : status === 'active' ? 'Active' : humanize(status);
}

export function listingStatusTone(status: string): Tone {
  return status === 'active' ? 'green' : status === 'rejected' ? 'red' : status === 'pending_review' ? 'amber' : 'neutral';
}

const PRICING_MODELS: Record<string, string> = {
  one_time: 'One-time purchase',
  monthly_subscription: 'Monthly subscription',
  annual_subscription: 'Annual subscription',
};

const FREQUENCIES: Record<string, string> = {
  realtime: 'Real-time',
  hourly: 'Hourly',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  static: 'Static (one-time)',
};

const DELIVERY: Record<string, string> = {
  api: 'API',
  download: 'Download',
  stream: 'Stream',
  s3: 'Amazon S3',
  sftp: 'SFTP',
};

export function deliveryMethodLabel(method: string | null | undefined): string | null {
  return method ? (DELIVERY[method.toLowerCase()] ?? humanize(method)) : null;
}

export function pricingModelLabel(model: string | null | undefined): string | null {
  return model ? (PRICING_MODELS[model] ?? humanize(model)) : null;
}

export function frequencyLabel(frequency: string | null | undefined): string | null {
  return frequency ? (FREQUENCIES[frequency] ?? humanize(frequency)) : null;
}

/** spec §9: the default format shown for a contract is JSON. */
export function dataFormatLabel(format: string | null | undefined): string {
  return (format || 'json').toUpperCase();
}

const dateFmt = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: '2-digit' });
const dateTimeFmt = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZoneName: 'short',
});

/** '2026-03-04T…' -> 'Mar 04, 2026'; null -> '—' */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateFmt.format(d);
}

/** '2026-03-04T13:05…' -> 'Mar 04, 2026, 13:05 UTC' (local time zone) */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateTimeFmt.format(d);
}

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** 2_480 -> '2.4 KB', 524_288_000 -> '500 MB' (binary units, as the 500 MB upload limit). */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes == null || !Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1).replace(/\.0$/, '')} ${UNITS[unit]}`;
}

/** 'bank_transfer' -> 'Bank transfer' */
export function humanize(text: string): string {
  const t = text.replace(/_/g, ' ');
  return t.charAt(0).toUpperCase() + t.slice(1);
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
