import type { UpdateFrequency } from '../../db/generated/prisma/enums.ts';

// The freshness promise (docs/decisions.md "Issue 26: the freshness promise"): a listing's declared
// update frequency says how long buyers may wait for the next release; past that and a grace
// margin, the release is overdue and the listing is delayed.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface FreshnessPromise {
  /** The longest wait between two releases the frequency promises. */
  intervalMs: number;
  /** How late a release may come before it counts as overdue (a publishing job that runs long, a weekend). */
  graceMs: number;
}

/**
 * Each frequency's promise. realtime is checked as hourly: a release is a file or a confirmed
 * update, and an hour is the shortest wait the platform can hold anyone to. monthly is the longest
 * month. static promises nothing: it has no entry.
 */
export const FRESHNESS_PROMISES: Readonly<Partial<Record<UpdateFrequency, FreshnessPromise>>> = {
  realtime: { intervalMs: HOUR, graceMs: 30 * MINUTE },
  hourly: { intervalMs: HOUR, graceMs: 30 * MINUTE },
  daily: { intervalMs: DAY, graceMs: 6 * HOUR },
  weekly: { intervalMs: 7 * DAY, graceMs: DAY },
  monthly: { intervalMs: 31 * DAY, graceMs: 3 * DAY },
};

/** The periods the on-time record looks back over. */
export const RECORD_PERIODS = 12;

export function promiseOf(frequency: UpdateFrequency): FreshnessPromise | null {
  return FRESHNESS_PROMISES[frequency] ?? null;
}

/**
 * When the next release becomes overdue: the promise's interval and grace after the later of the
 * last release and the moment the listing went on sale (the clock starts when buyers can rely on
 * it, not while the listing waits for review).
 */
export function overdueAt(promise: FreshnessPromise, lastRelease: Date | null, onSaleSince: Date): Date {
  const from = lastRelease && lastRelease > onSaleSince ? lastRelease : onSaleSince;
  return new Date(from.getTime() + promise.intervalMs + promise.graceMs);
}

/** The on-time record shown beside a listing: `onTime` of the last `periods` periods kept the promise. */
export interface OnTimeRecord {
  onTime: number;
  periods: number;
}

/** A provider's record: the sum of their listings' records (null when none of them promises anything). */
export function sumRecords(records: readonly (OnTimeRecord | null)[]): OnTimeRecord | null {
  const kept = records.filter((r): r is OnTimeRecord => r !== null && r.periods > 0);
  if (!kept.length) return null;
  return { onTime: kept.reduce((n, r) => n + r.onTime, 0), periods: kept.reduce((n, r) => n + r.periods, 0) };
}
