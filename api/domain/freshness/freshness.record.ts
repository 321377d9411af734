import DataLoader from 'dataloader';
import { Prisma } from '../../db/generated/prisma/client.ts';
import type { UpdateFrequency } from '../../db/generated/prisma/enums.ts';
import type { Db } from '../../db/database.ts';
import { FRESHNESS_PROMISES, RECORD_PERIODS, promiseOf, sumRecords, type FreshnessPromise, type OnTimeRecord } from './freshness.rules.ts';

// The measured on-time record (docs/decisions.md "Issue 26: the freshness promise"): of the last
// RECORD_PERIODS periods (each one interval of the listing's frequency, counted back from now), how
// many the listing was never overdue in. Read for a page of listings in one statement.

/**
 * The record of one listing from its releases. `onSaleSince` starts the clock (periods before it do
 * not count); `releases` are the publishing times from one interval and grace before the oldest
 * period on (older ones cannot decide a period), oldest first.
 */
export function onTimeRecord(promise: FreshnessPromise, onSaleSince: Date, releases: readonly Date[], now: Date, n = RECORD_PERIODS): OnTimeRecord {
  const { intervalMs, graceMs } = promise;
  const t = now.getTime();
  const start = onSaleSince.getTime();
  const periods = Math.max(0, Math.min(n, Math.floor((t - start) / intervalMs)));
  if (periods === 0) return { onTime: 0, periods: 0 };
  const horizon = t - periods * intervalMs - intervalMs - graceMs;
  // Where the wait for a release starts again: going on sale and each release. Before the horizon
  // only "some time before it" matters, which overdue-at-the-oldest-period says the same way.
  const anchors = [start >= horizon ? start : horizon - 1, ...releases.map((d) => d.getTime()).filter((at) => at >= Math.max(start, horizon) && at <= t)].sort((a, b) => a - b);
  const overdue: Array<[number, number]> = [];
  anchors.forEach((at, i) => {
    const from = at + intervalMs + graceMs;
    const to = anchors[i + 1] ?? t;
    if (from < to) overdue.push([from, to]);
  });
  let onTime = 0;
  for (let k = 1; k <= periods; k++) {
    const [p, q] = [t - k * intervalMs, t - (k - 1) * intervalMs];
    if (!overdue.some(([from, to]) => from < q && to > p)) onTime += 1;
  }
  return { onTime, periods };
}

// TIMESTAMP(3) columns hold UTC wall time: an instant passed as that text, cast, compares the same
// on PostgreSQL and PGlite whatever the session's time zone (as the job runner does).
const sqlTime = (d: Date) => d.toISOString().replace('T', ' ').replace('Z', '');

interface Row {
  id: string;
  status: string;
  updateFrequency: UpdateFrequency;
  onSaleSince: Date;
  publishedAt: Date | null;
}

const NEVER_ON_SALE = new Set(['pending_review', 'rejected']);

/** Each listing's record (null: no promise, static, or never on sale), in one statement for all of `ids`. */
export async function onTimeRecords(db: Db, ids: readonly string[], now: Date): Promise<Map<string, OnTimeRecord | null>> {
  const records = new Map<string, OnTimeRecord | null>();
  if (!ids.length) return records;
  // The releases that can decide a period: per frequency, from one interval and grace before its oldest period.
  const since = Prisma.join(
    Object.entries(FRESHNESS_PROMISES).map(
      ([frequency, p]) => Prisma.sql`WHEN ${frequency} THEN ${sqlTime(new Date(now.getTime() - (RECORD_PERIODS + 1) * p.intervalMs - p.graceMs))}::timestamp`,
    ),
    ' ',
  );
  const rows = await db.$queryRaw<Row[]>`
    SELECT c.id, c.status::text AS status, c."updateFrequency"::text AS "updateFrequency", COALESCE(c."reviewedAt", c."createdAt") AS "onSaleSince", r."publishedAt"
    FROM "Contract" c
    LEFT JOIN "ContractRelease" r ON r."contractId" = c.id
      AND r."publishedAt" >= (CASE c."updateFrequency"::text ${since} ELSE NULL END)
      AND r."publishedAt" <= ${sqlTime(now)}::timestamp
    WHERE c.id IN (${Prisma.join(ids)})
    ORDER BY c.id, r."publishedAt"`;
  const byId = new Map<string, { frequency: UpdateFrequency; onSaleSince: Date; releases: Date[] }>();
  for (const row of rows) {
    // A listing never on sale (in review, rejected) has promised nothing yet: no record.
    if (NEVER_ON_SALE.has(row.status)) {
      records.set(row.id, null);
      continue;
    }
    let entry = byId.get(row.id);
    if (!entry) byId.set(row.id, (entry = { frequency: row.updateFrequency, onSaleSince: row.onSaleSince, releases: [] }));
    if (row.publishedAt) entry.releases.push(row.publishedAt);
  }
  for (const [id, entry] of byId) {
    const promise = promiseOf(entry.frequency);
    records.set(id, promise ? onTimeRecord(promise, entry.onSaleSince, entry.releases, now) : null);
  }
  return records;
}

/** Per request: the records of the listings a page shows, one statement for the page. */
export function onTimeRecordLoader(db: Db, now = new Date()) {
  return new DataLoader<string, OnTimeRecord | null>(async (ids) => {
    const records = await onTimeRecords(db, ids, now);
    return ids.map((id) => records.get(id) ?? null);
  });
}

/** Providers' records: each one's listings on sale, summed (null when none of them promises anything). */
export function providerOnTimeRecordLoader(db: Db, now = new Date()) {
  return new DataLoader<string, OnTimeRecord | null>(async (providerIds) => {
    const listings = await db.contract.findMany({ where: { providerId: { in: [...providerIds] }, status: 'active', updateFrequency: { not: 'static' } }, select: { id: true, providerId: true } });
    const records = await onTimeRecords(db, listings.map((l) => l.id), now);
    return providerIds.map((providerId) => sumRecords(listings.filter((l) => l.providerId === providerId).map((l) => records.get(l.id) ?? null)));
  });
}
