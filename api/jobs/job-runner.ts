import crypto from 'node:crypto';
import os from 'node:os';
import type { Db } from '../db/database.ts';
import { Prisma, type Job } from '../db/generated/prisma/client.ts';
import type { Logger } from '../logger.ts';

/**
 * Timed work (escrow release, access expiry, stop-loss): rows of the `Job` table, due at `runAt`.
 *
 * Why our own runner and not graphile-worker or pg-boss: both need a pool of real PostgreSQL
 * connections (the embedded database is one in-process session) and their current versions need
 * Node 22; neither runs the handler in the same transaction as the job's completion. See
 * docs/decisions.md, "Groundwork: domain events and timed work".
 *
 * How a job runs exactly once with several instances:
 * 1. Claim (one short transaction): the oldest due row, `FOR UPDATE SKIP LOCKED` so racing
 *    runners take different rows, becomes `running` with `attempts + 1`, `lockedBy`, `lockedAt`.
 * 2. Run (a second transaction): lock the row again, only if it is still ours (same `lockedBy`
 *    and `attempts`), run the handler with that transaction, mark the row `done`, commit. The
 *    handler's writes and `done` commit together or not at all.
 * 3. On failure: roll back, then put the row back to `pending` at a later `runAt` (exponential
 *    backoff) or, after `maxAttempts`, to `failed`.
 * A runner that dies leaves its row `running`; once `lockedAt` is older than the lease any runner
 * claims it again (counting the lost run as an attempt, so a job that kills its worker cannot
 * loop forever).
 */

/** A Prisma client or an interactive transaction's client: schedule inside the caller's transaction. */
export type DbClient = Db | Prisma.TransactionClient;
export type JobTx = Prisma.TransactionClient;

export type JsonObject = { [key: string]: Prisma.InputJsonValue | null };

export interface JobSpec<P extends JsonObject = JsonObject> {
  kind: string;
  /** At most one job per key (e.g. `release:<paymentId>`): scheduling it again does nothing. */
  key?: string;
  runAt: Date;
  payload?: P;
}

export interface JobContext {
  /** The transaction the job's completion commits in; write through it. */
  tx: JobTx;
  job: Pick<Job, 'id' | 'kind' | 'key' | 'runAt' | 'attempts'>;
  /** The runner's clock at this run (tests move it). */
  now: Date;
  /** Runs after the transaction committed (events, mail): never for a rolled-back run. */
  afterCommit(fn: () => void | Promise<void>): void;
}

export type JobHandler<P = any> = (payload: P, ctx: JobContext) => Promise<void>;

export interface HandlerOptions {
  /** Runs before the job is `failed` for good (default 5). */
  maxAttempts?: number;
  /** Delay before retry `attempt` (1-based) failed; default 10 s doubling up to 1 h. */
  backoffMs?: (attempt: number) => number;
  /**
   * Recurring work (a sweep): runs at every multiple of `everyMs` since the epoch. The runner keeps
   * the next run scheduled, keyed `<kind>@<time>` so instances schedule each run once: start()
   * schedules it, each run (done or failed for good) the one after.
   */
  everyMs?: number;
}

export interface Jobs {
  /** Schedules a job (in the caller's transaction when given one). Returns whether it is new. */
  schedule<P extends JsonObject>(db: DbClient, spec: JobSpec<P>): Promise<{ id: string; created: boolean }>;
  /** Removes a job that has not started; returns whether there was one. */
  cancel(db: DbClient, key: string): Promise<boolean>;
  register<P = any>(kind: string, handler: JobHandler<P>, opts?: HandlerOptions): void;
}

export interface JobRunner extends Jobs {
  readonly workerId: string;
  /** Polls every `pollIntervalMs` and as soon as a job scheduled here falls due. */
  start(): void;
  /** Stops polling and waits for the job in progress. */
  stop(): Promise<void>;
  /**
   * Runs every job due at `now` (default: the clock), one after another; returns how many ran.
   * `only` narrows the pass to some jobs (the journeys' clock, api/http/test-clock.ts).
   */
  runDue(now?: Date, only?: JobFilter): Promise<{ done: number; failed: number; retried: number }>;
}

/** Jobs of these kinds, or whose key starts with one of these prefixes (either matches). */
export interface JobFilter {
  kinds?: readonly string[];
  keyPrefixes?: readonly string[];
}

export interface JobRunnerOptions {
  db: Db;
  logger?: Logger;
  clock?: () => Date;
  workerId?: string;
  pollIntervalMs?: number;
  /** A `running` job whose `lockedAt` is older than this is taken as abandoned (default 5 min). */
  leaseMs?: number;
  /** Longest a handler's transaction may take (default 60 s; keep it under the lease). */
  handlerTimeoutMs?: number;
}

const DEFAULT_MAX_ATTEMPTS = 5;
/** How long finished runs of recurring work stay in the table (for an operator looking). */
const RECURRING_HISTORY_MS = 24 * 60 * 60_000;
export const defaultBackoffMs = (attempt: number) => Math.min(10_000 * 2 ** (attempt - 1), 60 * 60_000);

// TIMESTAMP(3) columns hold UTC wall time; passing text cast to timestamp avoids any session
// time-zone conversion, the same on PostgreSQL and PGlite.
const sqlTime = (d: Date) => d.toISOString().replace('T', ' ').replace('Z', '');

interface Claimed {
  id: string;
  kind: string;
  key: string | null;
  payload: unknown;
  attempts: number;
  runAt: Date;
  reclaimed: boolean;
}

/** Thrown inside the run transaction when the row is no longer ours: rolls the handler back. */
class LostClaim extends Error {}

export function createJobRunner(opts: JobRunnerOptions): JobRunner {
  const { db, logger } = opts;
  const clock = opts.clock ?? (() => new Date());
  const workerId = opts.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  const pollIntervalMs = opts.pollIntervalMs ?? 5_000;
  const leaseMs = opts.leaseMs ?? 5 * 60_000;
  const handlerTimeoutMs = opts.handlerTimeoutMs ?? 60_000;
  const handlers = new Map<string, { handler: JobHandler; maxAttempts: number; backoffMs: (attempt: number) => number; everyMs?: number }>();

  let running = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;
  // The pass in progress (or the last one): passes of one runner never overlap.
  let current: Promise<unknown> = Promise.resolve();

  async function claim(now: Date, only?: JobFilter): Promise<Claimed | undefined> {
    const kinds = [...handlers.keys()];
    if (!kinds.length) return undefined;
    const narrowed = only
      ? Prisma.sql`AND (kind IN (${Prisma.join([...(only.kinds ?? []), ''])}) OR key LIKE ANY (${[...(only.keyPrefixes ?? []).map((prefix) => `${prefix.replace(/[\\%_]/g, '\\$&')}%`)]}::text[]))`
      : Prisma.empty;
    // One statement, so its own short transaction: the row lock lasts only while it is claimed.
    const rows = await db.$queryRaw<Claimed[]>`
        WITH due AS (
          SELECT id, status = 'running' AS reclaimed FROM "Job"
          WHERE kind IN (${Prisma.join(kinds)})
            AND ((status = 'pending' AND "runAt" <= ${sqlTime(now)}::timestamp)
              OR (status = 'running' AND "lockedAt" <= ${sqlTime(new Date(now.getTime() - leaseMs))}::timestamp))
            ${narrowed}
          ORDER BY "runAt", id
          LIMIT 1
          FOR UPDATE SKIP LOCKED
        )
        UPDATE "Job" AS j
        SET status = 'running', attempts = j.attempts + 1, "lockedBy" = ${workerId}, "lockedAt" = ${sqlTime(now)}::timestamp
        FROM due WHERE j.id = due.id
        RETURNING j.id, j.kind, j.key, j.payload, j.attempts, j."runAt", due.reclaimed`;
    return rows[0];
  }

  /** Runs one claimed job; returns what became of it. */
  async function run(job: Claimed, now: Date): Promise<'done' | 'failed' | 'retried' | 'lost'> {
    const entry = handlers.get(job.kind)!;
    const ours = { id: job.id, lockedBy: workerId, attempts: job.attempts, status: 'running' as const };
    if (job.reclaimed) {
      logger?.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts }, 'jobs: reclaimed a job whose worker was lost');
      // The lost run was an attempt: a job whose runs keep killing their worker ends here.
      if (job.attempts > entry.maxAttempts) {
        await db.job.updateMany({ where: ours, data: { status: 'failed', finishedAt: now, lastError: 'The worker running the last attempt was lost', lockedAt: null, lockedBy: null } });
        return 'failed';
      }
    }
    const after: Array<() => void | Promise<void>> = [];
    try {
      await db.$transaction(
        async (tx) => {
          // Hold the row for the whole run. Wait for the lock rather than skip: another runner's
          // claim statement may hold this row for a moment (SKIP LOCKED locks a row before it
          // rechecks the row's newer version), and skipping would leave our claimed job `running`
          // until the lease runs out. PostgreSQL rechecks the WHERE once it has the lock, so a
          // runner that took the job over (another lockedBy or attempts) still makes this a loss.
          const mine = await tx.$queryRaw<{ id: string }[]>`
            SELECT id FROM "Job" WHERE id = ${job.id} AND "lockedBy" = ${workerId} AND attempts = ${job.attempts} AND status = 'running'
            FOR UPDATE`;
          if (!mine.length) throw new LostClaim();
          await entry.handler(job.payload, {
            tx,
            job: { id: job.id, kind: job.kind, key: job.key, runAt: job.runAt, attempts: job.attempts },
            now,
            afterCommit: (fn) => void after.push(fn),
          });
          const marked = await tx.job.updateMany({ where: ours, data: { status: 'done', finishedAt: now, lastError: null } });
          if (marked.count !== 1) throw new LostClaim();
          if (entry.everyMs) await scheduleNextRun(tx, job.kind, entry.everyMs, now);
        },
        { timeout: handlerTimeoutMs, maxWait: handlerTimeoutMs },
      );
    } catch (error) {
      if (error instanceof LostClaim) return 'lost';
      const giveUp = job.attempts >= entry.maxAttempts;
      const message = error instanceof Error ? error.message : String(error);
      logger?.warn({ err: error, jobId: job.id, kind: job.kind, attempts: job.attempts, giveUp }, giveUp ? 'jobs: job failed for good' : 'jobs: job failed, will retry');
      await db.job.updateMany({
        where: ours,
        data: giveUp
          ? { status: 'failed', finishedAt: now, lastError: message, lockedAt: null, lockedBy: null }
          : { status: 'pending', runAt: new Date(now.getTime() + Math.max(1000, entry.backoffMs(job.attempts))), lastError: message, lockedAt: null, lockedBy: null },
      });
      // One run that fails for good does not end recurring work.
      if (giveUp && entry.everyMs) await scheduleNextRun(db, job.kind, entry.everyMs, now);
      return giveUp ? 'failed' : 'retried';
    }
    for (const fn of after) {
      try {
        await fn();
      } catch (err) {
        logger?.warn({ err, jobId: job.id, kind: job.kind }, 'jobs: after-commit step failed');
      }
    }
    return 'done';
  }

  /**
   * The run of recurring `kind` after `after`, scheduled once whoever asks (the key names the
   * time); finished runs older than a day are dropped, so the table does not grow by one row an hour.
   */
  async function scheduleNextRun(client: DbClient, kind: string, everyMs: number, after: Date) {
    const runAt = new Date((Math.floor(after.getTime() / everyMs) + 1) * everyMs);
    await api.schedule(client, { kind, key: `${kind}@${runAt.toISOString()}`, runAt });
    await client.job.deleteMany({ where: { kind, status: 'done', finishedAt: { lt: new Date(after.getTime() - RECURRING_HISTORY_MS) } } });
  }

  async function scheduleRecurring(now: Date) {
    for (const [kind, entry] of handlers) if (entry.everyMs) await scheduleNextRun(db, kind, entry.everyMs, now);
  }

  async function drain(now: Date, only?: JobFilter) {
    const counts = { done: 0, failed: 0, retried: 0 };
    // `now` is fixed for the pass, so a retried job (due later) is not picked up again here.
    for (;;) {
      if (stopping) break;
      const job = await claim(now, only);
      if (!job) break;
      const outcome = await run(job, now);
      if (outcome !== 'lost') counts[outcome] += 1;
    }
    return counts;
  }

  function pass(now?: Date, only?: JobFilter) {
    const next = current.then(() => drain(now ?? clock(), only));
    current = next.catch((err: unknown) => logger?.error({ err }, 'jobs: pass failed'));
    return next;
  }

  function pollAt(ms: number) {
    const at = Date.now() + ms;
    if (!running || at >= timerAt) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(poll, ms);
    timer.unref?.();
  }

  function poll() {
    timer = undefined;
    timerAt = Infinity;
    if (!running) return;
    void pass()
      .catch(() => {})
      .finally(() => pollAt(pollIntervalMs));
  }

  /** A job scheduled here that falls due before the next poll: look again when it is due. */
  function wakeFor(runAt: Date) {
    // Shortly after the due time, so the scheduling transaction has committed by then.
    const ms = Math.max(0, runAt.getTime() - clock().getTime()) + 25;
    if (ms < pollIntervalMs) pollAt(ms);
  }

  const api: JobRunner = {
    workerId,
    register(kind, handler, handlerOpts = {}) {
      if (handlers.has(kind)) throw new Error(`A handler for job kind "${kind}" is already registered`);
      if (handlerOpts.everyMs !== undefined && !(handlerOpts.everyMs >= 1000)) throw new Error(`Recurring job kind "${kind}" needs everyMs of at least 1000`);
      handlers.set(kind, {
        handler,
        maxAttempts: handlerOpts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        backoffMs: handlerOpts.backoffMs ?? defaultBackoffMs,
        everyMs: handlerOpts.everyMs,
      });
    },
    async schedule(client, spec) {
      const data = { kind: spec.kind, key: spec.key ?? null, runAt: spec.runAt, payload: (spec.payload ?? {}) as Prisma.InputJsonValue };
      if (!spec.key) {
        const job = await client.job.create({ data, select: { id: true } });
        wakeFor(spec.runAt);
        return { id: job.id, created: true };
      }
      // ON CONFLICT DO NOTHING: a duplicate key does not abort the caller's transaction.
      const { count } = await client.job.createMany({ data: [data], skipDuplicates: true });
      const job = await client.job.findUniqueOrThrow({ where: { key: spec.key }, select: { id: true } });
      if (count) wakeFor(spec.runAt);
      return { id: job.id, created: count === 1 };
    },
    async cancel(client, key) {
      const { count } = await client.job.deleteMany({ where: { key, status: 'pending' } });
      return count === 1;
    },
    start() {
      if (running) return;
      running = true;
      stopping = false;
      // Before the first poll: an instance that starts picks recurring work up again, even after a
      // run that failed for good or a database restored from a backup.
      current = current.then(() => scheduleRecurring(clock())).catch((err: unknown) => logger?.error({ err }, 'jobs: scheduling recurring work failed'));
      pollAt(0);
    },
    async stop() {
      running = false;
      stopping = true;
      clearTimeout(timer);
      timer = undefined;
      timerAt = Infinity;
      await current;
      stopping = false;
    },
    runDue(now, only) {
      return pass(now, only);
    },
  };
  return api;
}
