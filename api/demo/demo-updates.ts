import type { Prisma } from '../db/generated/prisma/client.ts';
import type { UpdateFrequency } from '../db/generated/prisma/enums.ts';
import { Rng } from './demo-data.ts';
import { RECORD_PERIODS, overdueAt, promiseOf } from '../domain/freshness/freshness.rules.ts';
import { FRESHNESS_JOB, freshnessKeyPrefix } from '../domain/freshness/freshness.jobs.ts';
import { confirmedVersion } from '../domain/freshness/confirm-update.service.ts';

/**
 * The demo's link listings keep their freshness promise as a real provider would: a confirmed
 * update (a release without a file, docs/decisions.md "Issue 26: the freshness promise") about
 * every interval over the periods the on-time record reads, now and then one late, and the last
 * one recent, so the floor shows measured records (11/12, 12/12) rather than 0/12 for listings
 * nobody ever confirmed. Each listing gets the pending check a release would have scheduled, so
 * a demo left running goes "delayed" like any listing.
 *
 * Its own random sequence per listing: drawing from the seed's shared one would move every figure
 * generated after it (prices, sales) that journeys and screenshots rely on.
 */
export function demoConfirmedUpdates(
  listing: { id: string; providerId: string; frequency: UpdateFrequency; onSaleSince: number; index: number },
  now: number,
  newId: (ms: number) => string,
): { releases: Prisma.ContractReleaseCreateManyInput[]; jobs: Prisma.JobCreateManyInput[] } {
  const promise = promiseOf(listing.frequency);
  if (!promise) return { releases: [], jobs: [] };
  const { intervalMs, graceMs } = promise;
  const rng = new Rng(0x5eed_0000 + listing.index);
  const times: number[] = [];
  let t = Math.max(listing.onSaleSince, now - (RECORD_PERIODS + 1) * intervalMs) + intervalMs * rng.float(0.3, 0.9);
  while (t < now) {
    times.push(t);
    // about one update in twelve comes after the grace: a late period on the record
    t += rng.chance(1 / 12) ? intervalMs + graceMs + intervalMs * rng.float(0.1, 0.4) : intervalMs * rng.float(0.85, 1.02);
  }
  // the latest one recent: the listing is not overdue when the demo starts
  const last = times[times.length - 1];
  if (last === undefined || now - last > intervalMs * 0.8) times.push(now - intervalMs * rng.float(0.05, 0.6));
  const releases = times.map((ms, i) => ({
    id: newId(ms),
    contractId: listing.id,
    sequence: i + 1,
    version: confirmedVersion(new Date(ms)),
    notes: rng.pick(UPDATE_NOTES),
    publishedById: listing.providerId,
    publishedAt: new Date(ms),
  }));
  const latest = times[times.length - 1]!;
  const due = overdueAt(promise, new Date(latest), new Date(listing.onSaleSince));
  const jobs = [{
    id: newId(latest),
    kind: FRESHNESS_JOB,
    key: `${freshnessKeyPrefix(listing.id)}${due.toISOString()}`,
    runAt: due,
    payload: { contractId: listing.id, from: new Date(latest).toISOString() },
    createdAt: new Date(latest),
  }];
  return { releases, jobs };
}

const UPDATE_NOTES = [
  'Feed refreshed on schedule.',
  'New records appended; no schema change.',
  'Source re-pulled and validated.',
  'Scheduled refresh; late corrections from the source applied.',
  'Refreshed; duplicate rows from the previous run removed.',
] as const;
