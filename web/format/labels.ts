import type { Tone } from '../theme/theme.ts';

// The words and colours of every status and enumeration the API answers, in one place: a status
// has one colour wherever it shows (a badge, a row, a dialog), and one label.

/** 'bank_transfer' -> 'Bank transfer' (a label on its own); null -> '—' */
export function humanize(value: string | null | undefined): string {
  if (!value) return '—';
  const t = value.replace(/_/g, ' ');
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** 'monthly_subscription' -> 'monthly subscription' (inside a phrase: '$520.00 monthly subscription'); null -> '—' */
export function words(value: string | null | undefined): string {
  return value ? value.replace(/_/g, ' ') : '—';
}

/**
 * The colour of every status: green done or live, amber waiting on someone, blue in progress,
 * red refused or failed, neutral over. No two kinds of record use one word for different things,
 * so one table serves contracts, applications, bids, purchases and payments.
 */
const STATUS_TONES: Record<string, Tone> = {
  // contracts (listings)
  active: 'green',
  pending_review: 'amber',
  rejected: 'red',
  // due-diligence applications
  submitted: 'amber',
  pending: 'amber',
  under_review: 'blue',
  requires_clarification: 'amber',
  approved: 'green',
  // bids
  open: 'blue',
  accepted: 'green',
  settled: 'green',
  declined: 'red',
  withdrawn: 'neutral',
  // purchases ('revoked' is a refunded purchase: it reads and looks like a refunded payment)
  revoked: 'neutral',
  expired: 'neutral',
  // payments (processing: being confirmed with the payment provider, for seconds)
  processing: 'blue',
  escrowed: 'blue',
  released: 'green',
  disputed: 'amber',
  failed: 'red',
  refunded: 'neutral',
};

export function statusTone(status: string | null | undefined): Tone {
  return (status && STATUS_TONES[status]) || 'neutral';
}

/**
 * A support ticket's colour: open waits on the support team (amber), in_progress is being worked
 * on (blue), every other status is done (green). A ticket's 'open' is not a bid's 'open', so tickets
 * have their own table; the admin's support desk and the user's support widget both use it.
 */
export function ticketStatusTone(status: string | null | undefined): Tone {
  if (status === 'open') return 'amber';
  if (status === 'in_progress') return 'blue';
  return 'green';
}

/**
 * The colour of an access-log row's outcome (a use of purchased data; docs/decisions.md lists the
 * outcomes): ok and issued are uses that worked, so green (an issued key counts as the first
 * access, like ok); denied and error did not, red; aborted means the buyer went away, amber.
 * The buyer's access log and the dispute evidence the back office reads show the same colours.
 */
const ACCESS_OUTCOME_TONES: Record<string, Tone> = { ok: 'green', issued: 'green', denied: 'red', error: 'red', aborted: 'amber' };

export function accessOutcomeTone(outcome: string | null | undefined): Tone {
  return (outcome && ACCESS_OUTCOME_TONES[outcome]) || 'neutral';
}

const STATUS_LABELS: Record<string, string> = {
  pending_review: 'Pending Review',
  under_review: 'Under Review',
  requires_clarification: 'Requires Clarification',
  processing: 'Confirming',
};

/** A status as a badge says it: 'pending_review' -> 'Pending Review', 'active' -> 'Active'. */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return '—';
  return STATUS_LABELS[status] ?? humanize(status).replace(/ (\w)/g, (_, c: string) => ` ${c.toUpperCase()}`);
}

/**
 * A purchase's status as the screens say it: the server's `revoked` is what a refund does to a
 * purchase, so it reads 'refunded', the word the payment and the library use (docs/decisions.md,
 * "A refunded purchase reads Refunded"); the other statuses read as they are.
 */
export function purchaseStatusWord(status: string): string {
  return status === 'revoked' ? 'refunded' : status;
}

/** An application's status: a new application ('submitted') waits for review, so it reads 'Pending Review'. */
export function applicationStatusLabel(status: string): string {
  return status === 'submitted' || status === 'pending' ? 'Pending Review' : statusLabel(status);
}

/** The statuses the back office's application filter offers, in the order of the review. */
export const APPLICATION_FILTERS = [
  { value: '', label: 'All statuses' },
  { value: 'submitted', label: 'Pending Review' },
  { value: 'under_review', label: 'Under Review' },
  { value: 'requires_clarification', label: 'Requires Clarification' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
] as const;

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

/** A contract without a format is delivered as JSON. */
export function dataFormatLabel(format: string | null | undefined): string {
  return (format || 'json').toUpperCase();
}
