import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabases, type TestDatabase } from '../test/databases.ts';
import type { Db } from '../db/database.ts';
import { createJobRunner, type JobRunner } from './job-runner.ts';
import { sharedPostgres } from '../test/databases.ts';

const T0 = new Date('2026-11-20T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const MINUTE = 60_000;

// A table the handlers write their effect to, in the job's transaction: counting its rows shows
// how often a handler's work took effect.
async function effectTable(db: Db) {
  await db.$executeRawUnsafe('CREATE TABLE IF NOT EXISTS job_effect (n int NOT NULL, job_id text NOT NULL)');
  await db.$executeRawUnsafe('TRUNCATE job_effect');
}
const effects = async (db: Db) => (await db.$queryRawUnsafe<{ n: number }[]>('SELECT n FROM job_effect ORDER BY n')).map((r) => r.n);

describe.each(testDatabases())('timed jobs on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  const runners: JobRunner[] = [];
  const runner = (opts: Partial<Parameters<typeof createJobRunner>[0]> = {}) => {
    const r = createJobRunner({ db, clock: () => T0, ...opts });
    runners.push(r);
    return r;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.prisma;
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await db.job.deleteMany();
    await effectTable(db);
  });
  afterAll(async () => database?.destroy());

  it('runs a job once it is due, and only once', async () => {
    await effectTable(db);
    const jobs = runner();
    const seen: unknown[] = [];
    jobs.register('release', async (payload: { n: number }, { tx, job, now }) => {
      seen.push({ payload, now, attempts: job.attempts });
      await tx.$executeRaw`INSERT INTO job_effect (n, job_id) VALUES (${payload.n}, ${job.id})`;
    });
    const { id, created } = await jobs.schedule(db, { kind: 'release', key: 'release:p1', runAt: at(24 * 60 * MINUTE), payload: { n: 1 } });
    expect(created).toBe(true);

    expect(await jobs.runDue(at(24 * 60 * MINUTE - 1))).toEqual({ done: 0, failed: 0, retried: 0 });
    expect(seen).toEqual([]);
    expect(await db.job.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'pending', attempts: 0 });

    expect(await jobs.runDue(at(24 * 60 * MINUTE))).toEqual({ done: 1, failed: 0, retried: 0 });
    expect(seen).toEqual([{ payload: { n: 1 }, now: at(24 * 60 * MINUTE), attempts: 1 }]);
    expect(await db.job.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'done', attempts: 1, finishedAt: at(24 * 60 * MINUTE), lastError: null });

    expect(await jobs.runDue(at(48 * 60 * MINUTE))).toEqual({ done: 0, failed: 0, retried: 0 });
    expect(seen).toHaveLength(1);
    expect(await effects(db)).toEqual([1]);
  });

  it('runs only the jobs a pass is narrowed to (by kind or key prefix), leaving the others due', async () => {
    const jobs = runner();
    const ran: string[] = [];
    for (const kind of ['renew', 'expire', 'check']) jobs.register(kind, async (_payload, { job }) => void ran.push(job.key!));
    await jobs.schedule(db, { kind: 'renew', key: 'renew:a_1', runAt: at(MINUTE) });
    await jobs.schedule(db, { kind: 'renew', key: 'renew:ab', runAt: at(MINUTE) });
    await jobs.schedule(db, { kind: 'expire', key: 'expire:a_1', runAt: at(MINUTE) });
    await jobs.schedule(db, { kind: 'check', key: 'check:z', runAt: at(MINUTE) });

    // '_' is a letter here, not LIKE's any-character
    expect(await jobs.runDue(at(MINUTE), { keyPrefixes: ['renew:a_'] })).toMatchObject({ done: 1 });
    expect(ran).toEqual(['renew:a_1']);
    expect(await jobs.runDue(at(MINUTE), { kinds: ['check'], keyPrefixes: ['expire:'] })).toMatchObject({ done: 2 });
    expect(ran.sort()).toEqual(['check:z', 'expire:a_1', 'renew:a_1']);
    expect(await jobs.runDue(at(MINUTE), {})).toMatchObject({ done: 0 });
    expect(await jobs.runDue(at(MINUTE))).toMatchObject({ done: 1 });
  });

  it('schedules one job per key, also inside the caller transaction', async () => {
    const jobs = runner();
    const first = await jobs.schedule(db, { kind: 'expire', key: 'expire:a', runAt: at(MINUTE), payload: { n: 1 } });
    const again = await db.$transaction((tx) => jobs.schedule(tx, { kind: 'expire', key: 'expire:a', runAt: at(2 * MINUTE), payload: { n: 2 } }));
    expect(again).toEqual({ id: first.id, created: false });
    expect(await db.job.findMany({ where: { key: 'expire:a' } })).toMatchObject([{ runAt: at(MINUTE), payload: { n: 1 } }]);

    // Scheduled in a transaction that rolls back: no job.
    await expect(
      db.$transaction(async (tx) => {
        await jobs.schedule(tx, { kind: 'expire', key: 'expire:b', runAt: at(MINUTE) });
        throw new Error('the payment failed');
      }),
    ).rejects.toThrow('the payment failed');
    expect(await db.job.count({ where: { key: 'expire:b' } })).toBe(0);

    // Without a key every call is a job.
    await jobs.schedule(db, { kind: 'expire', runAt: at(MINUTE) });
    await jobs.schedule(db, { kind: 'expire', runAt: at(MINUTE) });
    expect(await db.job.count({ where: { kind: 'expire', key: null } })).toBe(2);
  });

  it('retries a failing job with backoff, rolls its writes back, then fails it after N attempts', async () => {
    await effectTable(db);
    const jobs = runner();
    let calls = 0;
    jobs.register(
      'flaky',
      async (_payload, { tx, job }) => {
        calls += 1;
        await tx.$executeRaw`INSERT INTO job_effect (n, job_id) VALUES (${calls}, ${job.id})`;
        throw new Error(`gateway down (${calls})`);
      },
      { maxAttempts: 3, backoffMs: (attempt) => attempt * MINUTE },
    );
    const { id } = await jobs.schedule(db, { kind: 'flaky', key: 'flaky:1', runAt: T0 });

    expect(await jobs.runDue(T0)).toEqual({ done: 0, failed: 0, retried: 1 });
    expect(await db.job.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'pending', attempts: 1, runAt: at(MINUTE), lastError: 'gateway down (1)', lockedBy: null });
    // Not due again until its backoff has passed.
    expect(await jobs.runDue(at(MINUTE - 1))).toEqual({ done: 0, failed: 0, retried: 0 });

    expect(await jobs.runDue(at(MINUTE))).toEqual({ done: 0, failed: 0, retried: 1 });
    expect(await db.job.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'pending', attempts: 2, runAt: at(3 * MINUTE) });

    expect(await jobs.runDue(at(3 * MINUTE))).toEqual({ done: 0, failed: 1, retried: 0 });
    expect(await db.job.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'failed', attempts: 3, lastError: 'gateway down (3)', finishedAt: at(3 * MINUTE) });
    expect(await jobs.runDue(at(60 * MINUTE))).toEqual({ done: 0, failed: 0, retried: 0 });
    expect(calls).toBe(3);
    expect(await effects(db)).toEqual([]);
  });

  it('runs after-commit steps only for a committed run', async () => {
    const jobs = runner();
    const after: string[] = [];
    jobs.register('notify', async (payload: { ok: boolean; name: string }, { afterCommit }) => {
      afterCommit(() => void after.push(payload.name));
      if (!payload.ok) throw new Error('no');
    });
    await jobs.schedule(db, { kind: 'notify', runAt: T0, payload: { ok: false, name: 'failed' } });
    await jobs.schedule(db, { kind: 'notify', runAt: T0, payload: { ok: true, name: 'done' } });
    await jobs.runDue(T0);
    expect(after).toEqual(['done']);
  });

  it('takes over a running job whose worker was lost once its lease expired', async () => {
    const jobs = runner({ leaseMs: 5 * MINUTE, workerId: 'survivor' });
    const ran: number[] = [];
    jobs.register('stop-loss', async (_p, { job }) => void ran.push(job.attempts), { maxAttempts: 3 });
    // A worker claimed these and died: they stay `running` with its lock.
    const lost = await db.job.create({ data: { kind: 'stop-loss', key: 'sl:1', runAt: T0, status: 'running', attempts: 1, lockedBy: 'dead-worker', lockedAt: T0 } });
    const spent = await db.job.create({ data: { kind: 'stop-loss', key: 'sl:2', runAt: T0, status: 'running', attempts: 3, lockedBy: 'dead-worker', lockedAt: T0 } });

    expect(await jobs.runDue(at(5 * MINUTE - 1))).toEqual({ done: 0, failed: 0, retried: 0 });
    expect(ran).toEqual([]);

    expect(await jobs.runDue(at(5 * MINUTE))).toEqual({ done: 1, failed: 1, retried: 0 });
    expect(ran).toEqual([2]);
    expect(await db.job.findUniqueOrThrow({ where: { id: lost.id } })).toMatchObject({ status: 'done', attempts: 2, lockedBy: 'survivor' });
    // Its lost run counts: a job whose runs keep killing the worker ends as failed.
    expect(await db.job.findUniqueOrThrow({ where: { id: spent.id } })).toMatchObject({ status: 'failed', attempts: 4 });
  });

  it('leaves jobs of kinds it has no handler for', async () => {
    const jobs = runner();
    jobs.register('known', async () => {});
    await jobs.schedule(db, { kind: 'unknown', runAt: T0 });
    expect(await jobs.runDue(at(MINUTE))).toEqual({ done: 0, failed: 0, retried: 0 });
    expect(await db.job.findFirstOrThrow({ where: { kind: 'unknown' } })).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('recurring work: started instances schedule its next run once; each run, done or failed for good, schedules the one after', async () => {
    const HOUR = 60 * MINUTE;
    let failing = false;
    const ran: string[] = [];
    const instances = [runner({ pollIntervalMs: HOUR }), runner({ pollIntervalMs: HOUR })];
    for (const jobs of instances) {
      jobs.register('sweep', async (_p, { now }) => {
        ran.push(now.toISOString());
        if (failing) throw new Error('disk gone');
      }, { everyMs: HOUR, maxAttempts: 1 });
      jobs.start();
    }
    // runDue waits for the scheduling start() began.
    await Promise.all(instances.map((jobs) => jobs.runDue(T0)));
    const pending = () => db.job.findMany({ where: { kind: 'sweep', status: 'pending' }, select: { key: true, runAt: true } });
    expect(await pending()).toEqual([{ key: 'sweep@2026-11-20T13:00:00.000Z', runAt: at(HOUR) }]);

    expect(await instances[0]!.runDue(at(HOUR + 5))).toEqual({ done: 1, failed: 0, retried: 0 });
    expect(await pending()).toEqual([{ key: 'sweep@2026-11-20T14:00:00.000Z', runAt: at(2 * HOUR) }]);
    failing = true;
    expect(await instances[1]!.runDue(at(2 * HOUR))).toEqual({ done: 0, failed: 1, retried: 0 });
    expect(await pending()).toEqual([{ key: 'sweep@2026-11-20T15:00:00.000Z', runAt: at(3 * HOUR) }]);
    failing = false;
    // A day later, finished runs older than a day are dropped as the next is scheduled.
    expect(await instances[0]!.runDue(at(27 * HOUR))).toEqual({ done: 1, failed: 0, retried: 0 });
    expect(ran).toEqual([at(HOUR + 5), at(2 * HOUR), at(27 * HOUR)].map((d) => d.toISOString()));
    expect(await db.job.findMany({ where: { kind: 'sweep' }, select: { status: true, runAt: true }, orderBy: { runAt: 'asc' } })).toEqual([
      { status: 'failed', runAt: at(2 * HOUR) },
      { status: 'done', runAt: at(3 * HOUR) },
      { status: 'pending', runAt: at(28 * HOUR) },
    ]);
    expect(() => instances[0]!.register('too-often', async () => {}, { everyMs: 10 })).toThrow('needs everyMs of at least 1000');
  });

  it('once started, runs a job scheduled here when it falls due, and stop waits for it', async () => {
    const jobs = runner({ clock: () => new Date(), pollIntervalMs: 60 * MINUTE });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    jobs.register('wake', async () => {
      started();
      await gate;
    });
    jobs.start();
    const { id } = await jobs.schedule(db, { kind: 'wake', runAt: new Date() });
    await running; // the wake-up ran it, long before the next poll
    const stopped = jobs.stop();
    release();
    await stopped;
    expect(await db.job.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'done', attempts: 1 });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('timed jobs with several instances on postgres', () => {
  let shared: Awaited<ReturnType<typeof sharedPostgres>>;
  beforeAll(async () => {
    shared = await sharedPostgres(2);
  });
  afterAll(async () => shared?.destroy());

  it('two runners racing over 200 due jobs do each job exactly once', async () => {
    const [a, b] = shared.handles.map((h) => h.prisma) as [Db, Db];
    await effectTable(a);
    const handler = async (payload: { n: number }, { tx, job }: { tx: any; job: { id: string } }) => {
      await tx.$executeRaw`INSERT INTO job_effect (n, job_id) VALUES (${payload.n}, ${job.id})`;
    };
    const runnerA = createJobRunner({ db: a, clock: () => T0, workerId: 'a' });
    const runnerB = createJobRunner({ db: b, clock: () => T0, workerId: 'b' });
    runnerA.register('release', handler);
    runnerB.register('release', handler);
    for (let n = 0; n < 200; n++) await runnerA.schedule(a, { kind: 'release', key: `release:${n}`, runAt: T0, payload: { n } });

    const [ranA, ranB] = await Promise.all([runnerA.runDue(at(MINUTE)), runnerB.runDue(at(MINUTE))]);
    expect(ranA.done + ranB.done).toBe(200);
    expect(ranA.failed + ranA.retried + ranB.failed + ranB.retried).toBe(0);
    expect(await effects(a)).toEqual(Array.from({ length: 200 }, (_, n) => n));
    const jobs = await a.job.groupBy({ by: ['status', 'attempts'], _count: true });
    expect(jobs).toEqual([{ status: 'done', attempts: 1, _count: 200 }]);
  });

  it('a worker whose connection dies mid-job loses it: another runs it once after the lease, and the first cannot finish it', async () => {
    const [a, b] = shared.handles.map((h) => h.prisma) as [Db, Db];
    await effectTable(a);
    await a.job.deleteMany();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const inHandler = new Promise<void>((resolve) => (started = resolve));
    const runnerA = createJobRunner({ db: a, workerId: 'doomed', leaseMs: 5 * MINUTE });
    const runnerB = createJobRunner({ db: b, workerId: 'healthy', leaseMs: 5 * MINUTE });
    runnerA.register('release', async (payload: { n: number }, { tx, job }) => {
      await tx.$executeRaw`INSERT INTO job_effect (n, job_id) VALUES (${payload.n}, ${job.id})`;
      started();
      await gate;
    });
    runnerB.register('release', async (payload: { n: number }, { tx, job }) => {
      await tx.$executeRaw`INSERT INTO job_effect (n, job_id) VALUES (${payload.n}, ${job.id})`;
    });
    const { id } = await runnerA.schedule(a, { kind: 'release', key: 'release:crash', runAt: T0, payload: { n: 7 } });

    const runA = runnerA.runDue(T0);
    await inHandler;
    // While A holds the job, B finds nothing to do, even past the lease.
    expect(await runnerB.runDue(at(10 * MINUTE))).toEqual({ done: 0, failed: 0, retried: 0 });

    // A's process "dies": its connection (the one in the job's transaction) is cut. The terminate
    // waits (up to 10 s) for the backend to be gone: it exits asynchronously, and until then its row
    // lock makes B skip the job (seen on a busy machine).
    await b.$executeRawUnsafe(`SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`);
    expect(await b.job.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'running', lockedBy: 'doomed', attempts: 1 });
    expect(await runnerB.runDue(at(5 * MINUTE - 1))).toEqual({ done: 0, failed: 0, retried: 0 });
    expect(await runnerB.runDue(at(5 * MINUTE))).toEqual({ done: 1, failed: 0, retried: 0 });

    release();
    await runA.catch(() => {});
    expect(await b.job.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'done', lockedBy: 'healthy', attempts: 2 });
    expect(await effects(b)).toEqual([7]);
  });
});
