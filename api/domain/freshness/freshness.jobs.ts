// The freshness check (docs/decisions.md "Issue 26: the freshness promise"): one pending job per
// listing, due when its next release becomes overdue. A release (insertRelease) or the listing
// going on sale moves it; when it runs and no release came, the listing is delayed and its
// subscribers and provider are told (release.delayed), once.
import type { ContractRelease } from '../../db/generated/prisma/client.ts';
import type { EventPublisher } from '../../events/events.ts';
import type { JobContext, Jobs } from '../../jobs/job-runner.ts';
import { recordEvent } from '../notifications/record-event.ts';
import type { Tx } from '../transitions/transition.ts';
import { overdueAt, promiseOf } from './freshness.rules.ts';

export const FRESHNESS_JOB = 'freshness.check';

/**
 * `freshness:<contractId>:<due>`: the listing's id first, so a journey runs its own listing's check
 * by prefix (POST /api/test/jobs/run); the due time last, because a key stays taken by the job that
 * ran, and the next check of the same listing needs a key of its own.
 */
export const freshnessKeyPrefix = (contractId: string) => `freshness:${contractId}:`;

interface CheckPayload {
  [key: string]: string;
  contractId: string;
  /** When the clock of this check started: the listing went on sale, or a release (ISO). */
  from: string;
}

/**
 * (Re)schedules the listing's check from `from` (a release's publishing, or the moment it went on
 * sale): the pending check is dropped and the next one scheduled when the next release would be
 * overdue. A listing without a promise (static) gets none.
 */
export async function scheduleFreshnessCheck(tx: Tx, jobs: Pick<Jobs, 'schedule'>, contractId: string, from: Date): Promise<Date | null> {
  // Not jobs.cancel: its key names one due time, and the one pending may be any.
  await tx.job.deleteMany({ where: { kind: FRESHNESS_JOB, status: 'pending', key: { startsWith: freshnessKeyPrefix(contractId) } } });
  const contract = await tx.contract.findUnique({ where: { id: contractId }, select: { updateFrequency: true } });
  const promise = contract && promiseOf(contract.updateFrequency);
  if (!promise) return null;
  const last = await tx.contractRelease.findFirst({ where: { contractId }, orderBy: { sequence: 'desc' }, select: { publishedAt: true } });
  const due = overdueAt(promise, last?.publishedAt ?? null, from);
  await jobs.schedule(tx, { kind: FRESHNESS_JOB, key: `${freshnessKeyPrefix(contractId)}${due.toISOString()}`, runAt: due, payload: { contractId, from: from.toISOString() } satisfies CheckPayload });
  return due;
}

/** A new release keeps the promise: the listing is no longer delayed, and the clock starts again. */
export async function releasePublished(tx: Tx, jobs: Pick<Jobs, 'schedule'>, release: Pick<ContractRelease, 'contractId' | 'publishedAt'>) {
  await tx.contract.updateMany({ where: { id: release.contractId, delayedSince: { not: null } }, data: { delayedSince: null } });
  await scheduleFreshnessCheck(tx, jobs, release.contractId, release.publishedAt);
}

/**
 * The listing went on sale (approved, or back on the market): its promise starts now, whatever
 * happened while it was off sale. Called in the transaction that makes it active.
 */
export async function listingOnSale(tx: Tx, jobs: Pick<Jobs, 'schedule'>, contractId: string, now: Date) {
  await tx.contract.updateMany({ where: { id: contractId, delayedSince: { not: null } }, data: { delayedSince: null } });
  await scheduleFreshnessCheck(tx, jobs, contractId, now);
}

/**
 * Runs one check at `now`: a listing on sale (active: a paused or delisted one promises nothing
 * meanwhile) whose next release is overdue becomes delayed since it fell due, and release.delayed
 * is recorded once. A check that finds the deadline moved (a release raced it) schedules the next.
 */
export async function checkFreshness(jobs: Pick<Jobs, 'schedule'>, payload: CheckPayload, ctx: Pick<JobContext, 'tx' | 'now'>): Promise<'delayed' | 'kept' | 'unchecked'> {
  const { tx, now } = ctx;
  const contract = await tx.contract.findUnique({ where: { id: payload.contractId }, select: { id: true, status: true, updateFrequency: true, delayedSince: true } });
  const promise = contract && promiseOf(contract.updateFrequency);
  if (!contract || !promise || contract.status !== 'active') return 'unchecked';
  if (contract.delayedSince) return 'unchecked';
  const last = await tx.contractRelease.findFirst({ where: { contractId: contract.id }, orderBy: { sequence: 'desc' }, select: { publishedAt: true } });
  const due = overdueAt(promise, last?.publishedAt ?? null, new Date(payload.from));
  if (due > now) {
    await scheduleFreshnessCheck(tx, jobs, contract.id, last?.publishedAt && last.publishedAt > new Date(payload.from) ? last.publishedAt : new Date(payload.from));
    return 'kept';
  }
  // Conditional: of two checks that both found it overdue, one marks it and tells.
  const marked = await tx.contract.updateMany({ where: { id: contract.id, delayedSince: null }, data: { delayedSince: due } });
  if (marked.count !== 1) return 'unchecked';
  await recordEvent(tx, jobs, 'release.delayed', { contractId: contract.id, since: due.toISOString(), checkedAt: now.toISOString() }, now);
  return 'delayed';
}

export function registerFreshnessJobs(jobs: Pick<Jobs, 'register' | 'schedule'>, deps: { events: EventPublisher }) {
  jobs.register(FRESHNESS_JOB, async (payload: CheckPayload, ctx: JobContext) => {
    const outcome = await checkFreshness(jobs, payload, ctx);
    // The card and the contract page say "delayed since": cached answers of the listing go.
    if (outcome === 'delayed') ctx.afterCommit(() => deps.events.publish('contractChanged', payload.contractId, { contractId: payload.contractId, status: 'active' }));
  });
}
