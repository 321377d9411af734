// What the payment benchmarks share (bench/payments.ts, bench/payments-crash.ts): a scratch
// PostgreSQL database, the real server as a child process on it, buyers and listings written
// straight into the database, logins through the API, the simulated provider's success card, and
// the database checks that say whether every payment is whole. Loopback only.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../api/db/database.ts';
import { hashPassword } from '../api/domain/accounts/password.ts';

export const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
/** Not a published demo password: a production server refuses those. */
export const BENCH_PASSWORD = 'Bench#Payer2026';
export const SUCCESS_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' };

/** A new, empty database on the local PostgreSQL server, and how to drop it (connections forced off). */
export async function scratchDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: PG_ADMIN_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export interface ServerOptions {
  port: number;
  databaseUrl: string;
  dataDir: string;
  /** The same secret across restarts, so the buyers' session cookies stay valid. */
  sessionSecret: string;
  /** The entry point: the source through tsx by default, or the built server (bench/run.ts). */
  entry?: string[];
  logLevel?: string;
}

/** Starts the server (demo data off, production mode) and waits for /readyz. */
export async function startServer(opts: ServerOptions): Promise<ChildProcess> {
  const child = spawn(process.execPath, opts.entry ?? ['--import', 'tsx', 'api/server.ts'], {
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATABASE_URL: opts.databaseUrl,
      DATA_DIR: opts.dataDir,
      SESSION_SECRET: opts.sessionSecret,
      DEMO_DATA: '0',
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${opts.port}`,
      LOG_LEVEL: opts.logLevel ?? 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited with ${child.exitCode ?? child.signalCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${opts.port}/readyz`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error('the server did not become ready within 120 s');
}

/** SIGTERM (graceful) or SIGKILL, and waits until the process is gone. */
export async function stopServer(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited;
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Writes `buyers` verified buyers and `contracts` active one-time listings of one provider straight
 * into the database (the server must have migrated it). All buyers share one password hash: a
 * scrypt hash costs ~60 ms, and the logins are not what is measured.
 */
export async function seedMarket(databaseUrl: string, opts: { prefix: string; buyers: number; contracts: number; price?: string }) {
  const database = await openDatabase({ url: databaseUrl });
  const db = database.prisma;
  try {
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const now = new Date();
    const providerEmail = `${opts.prefix}-provider@bench.local`;
    const provider = await db.user.create({
      data: { name: `${opts.prefix} provider`, username: `${opts.prefix}_provider`, email: providerEmail, passwordHash, emailVerifiedAt: now, dueDiligenceStatus: 'approved' },
    });
    const emails = Array.from({ length: opts.buyers }, (_, i) => `${opts.prefix}-buyer-${i}@bench.local`);
    await db.user.createMany({
      data: emails.map((email, i) => ({ name: `${opts.prefix} buyer ${i}`, username: `${opts.prefix}_buyer_${i}`, email, passwordHash, emailVerifiedAt: now })),
    });
    const price = opts.price ?? '120.00';
    const contractIds: string[] = [];
    for (let i = 0; i < opts.contracts; i++) {
      const c = await db.contract.create({
        data: {
          providerId: provider.id,
          title: `Bench ${opts.prefix} feed ${i}`,
          description: 'Benchmark data set for paying through escrow',
          category: 'financial',
          status: 'active',
          price,
          marketPrice: price,
          updateFrequency: 'daily',
        },
      });
      contractIds.push(c.id);
    }
    const users = await db.user.findMany({ where: { email: { in: emails } }, select: { id: true, email: true } });
    const idOf = new Map(users.map((u) => [u.email, u.id]));
    return { providerId: provider.id, buyers: emails.map((email) => ({ email, id: idOf.get(email)! })), contractIds };
  } finally {
    await database.close();
  }
}

/** Logs each buyer in through POST /api/auth/login, `parallel` at a time; returns their cookies. */
export async function loginAll(base: string, emails: string[], parallel = 8): Promise<string[]> {
  const cookies: string[] = new Array(emails.length);
  let next = 0;
  const worker = async () => {
    while (next < emails.length) {
      const i = next++;
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ usernameOrEmail: emails[i], password: BENCH_PASSWORD }),
      });
      if (!res.ok) throw new Error(`login of ${emails[i]} failed: ${res.status} ${await res.text()}`);
      cookies[i] = res.headers.getSetCookie()[0]!.split(';')[0]!;
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return cookies;
}

export interface Answer {
  status: number;
  body: Record<string, unknown> | null;
  ms: number;
  /** Set when no answer came (the connection was refused or reset). */
  error?: string;
}

/** A JSON POST that never throws: a lost answer is `status: 0` with the error. */
export async function post(url: string, cookie: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const started = performance.now();
  try {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', cookie, ...headers }, body: JSON.stringify(body) });
    const text = await res.text();
    let parsed: Record<string, unknown> | null = null;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = { text };
    }
    return { status: res.status, body: parsed, ms: performance.now() - started };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { status: 0, body: null, ms: performance.now() - started, error: cause?.code ?? cause?.message ?? (error as Error).message };
  }
}

export const createPaymentCall = (base: string, cookie: string, contractId: string, idempotencyKey?: string) =>
  post(`${base}/api/payments`, cookie, { contractId, paymentMethod: 'card' }, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});

export const escrowCall = (base: string, cookie: string, paymentId: string) => post(`${base}/api/payments/${paymentId}/escrow`, cookie, { card: SUCCESS_CARD });

/** Nearest-rank percentile of `values` (ms), rounded to 0.1. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[rank]! * 10) / 10;
}

export interface Violation {
  rule: string;
  detail: string;
}

/**
 * The checks that make a payment whole, over the whole database (PostgreSQL, raw SQL so they do
 * not share code with what they check):
 * - its status is the toStatus of its last StatusChange row;
 * - escrowed or released: an active purchase, an unrevoked API key and its release job;
 * - a purchase with a payment is active exactly when the payment is escrowed or released
 *   (pending or failed payments leave it pending);
 * - no two payments for one buyer and Idempotency-Key, no two pending payments for one buyer
 *   and contract, no buyer holding two paid payments for one one-time listing;
 * - every release job names a payment that is (or was, if released) escrowed;
 * - the counters count each paid payment once: a listing's salesCount and its seller's tradeCount
 *   (a provider's trades are their sales paid for, docs/decisions.md "One trade count").
 */
export async function checkPayments(databaseUrl: string): Promise<{ violations: Violation[]; counts: Record<string, number> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const violations: Violation[] = [];
  const add = (rule: string, rows: Array<Record<string, unknown>>) => {
    for (const row of rows.slice(0, 20)) violations.push({ rule, detail: JSON.stringify(row) });
    if (rows.length > 20) violations.push({ rule, detail: `... and ${rows.length - 20} more` });
  };
  const q = async (sql: string) => (await client.query(sql)).rows as Array<Record<string, unknown>>;
  try {
    add(
      'status differs from the last StatusChange',
      await q(`SELECT p.id, p.status, last."toStatus" FROM "Payment" p
        LEFT JOIN LATERAL (SELECT "toStatus" FROM "StatusChange" s WHERE s.subject = 'payment' AND s."subjectId" = p.id
          ORDER BY s."createdAt" DESC, s.id DESC LIMIT 1) last ON true
        WHERE last."toStatus" IS DISTINCT FROM p.status::text`),
    );
    add(
      'paid payment without an active purchase',
      await q(`SELECT p.id, p.status FROM "Payment" p WHERE p.status IN ('escrowed', 'released')
        AND NOT EXISTS (SELECT 1 FROM "Purchase" u WHERE u."paymentId" = p.id AND u.status = 'active')`),
    );
    add(
      'paid payment without an API key',
      await q(`SELECT p.id FROM "Payment" p WHERE p.status IN ('escrowed', 'released')
        AND NOT EXISTS (SELECT 1 FROM "Purchase" u JOIN "ApiKey" k ON k."purchaseId" = u.id WHERE u."paymentId" = p.id AND k."revokedAt" IS NULL)`),
    );
    add(
      'paid payment with more than one API key',
      await q(`SELECT u."paymentId", count(*)::int AS keys FROM "Purchase" u JOIN "ApiKey" k ON k."purchaseId" = u.id
        WHERE u."paymentId" IS NOT NULL GROUP BY u."paymentId" HAVING count(*) > 1`),
    );
    add(
      'escrowed payment without its release job',
      await q(`SELECT p.id FROM "Payment" p WHERE p.status = 'escrowed'
        AND NOT EXISTS (SELECT 1 FROM "Job" j WHERE j.key = 'release:' || p.id AND j.kind = 'payment.release' AND j.status IN ('pending', 'running'))`),
    );
    add(
      'release job of a payment that was never escrowed',
      await q(`SELECT j.key, p.status FROM "Job" j LEFT JOIN "Payment" p ON j.key = 'release:' || p.id
        WHERE j.kind = 'payment.release' AND (p.id IS NULL OR p.status NOT IN ('escrowed', 'released', 'disputed', 'refunded'))`),
    );
    add(
      'purchase active while its payment is not paid, or paid while the purchase is not active',
      await q(`SELECT u.id, u.status AS purchase, p.status AS payment FROM "Purchase" u JOIN "Payment" p ON p.id = u."paymentId"
        WHERE (u.status = 'active') <> (p.status IN ('escrowed', 'released'))`),
    );
    add(
      'two payments for one Idempotency-Key',
      await q(`SELECT "buyerId", "idempotencyKey", count(*)::int AS n FROM "Payment" WHERE "idempotencyKey" IS NOT NULL
        GROUP BY 1, 2 HAVING count(*) > 1`),
    );
    add(
      'Idempotency-Key answering a payment that does not exist',
      await q(`SELECT k.key FROM "IdempotencyKey" k WHERE k.operation = 'createPayment'
        AND NOT EXISTS (SELECT 1 FROM "Payment" p WHERE p.id = k.response->>'paymentId')`),
    );
    add(
      'two pending payments for one buyer and contract',
      await q(`SELECT "buyerId", "contractId", count(*)::int AS n FROM "Payment" WHERE status = 'pending' GROUP BY 1, 2 HAVING count(*) > 1`),
    );
    add(
      'a buyer paid twice for one one-time listing (double charge)',
      await q(`SELECT p."buyerId", p."contractId", count(*)::int AS n FROM "Payment" p JOIN "Contract" c ON c.id = p."contractId"
        WHERE c."pricingModel" = 'one_time' AND p.status IN ('escrowed', 'released', 'disputed') GROUP BY 1, 2 HAVING count(*) > 1`),
    );
    add(
      'salesCount differs from the paid payments of the listing',
      await q(`SELECT c.id, c."salesCount", count(p.id)::int AS paid FROM "Contract" c
        LEFT JOIN "Payment" p ON p."contractId" = c.id AND p.status IN ('escrowed', 'released', 'disputed')
        GROUP BY c.id HAVING c."salesCount" <> count(p.id)`),
    );
    add(
      'tradeCount differs from the paid sales of the user',
      await q(`SELECT u.id, u."tradeCount", count(p.id)::int AS paid FROM "User" u
        LEFT JOIN "Payment" p ON p."sellerId" = u.id AND p.status IN ('escrowed', 'released', 'disputed')
        GROUP BY u.id HAVING u."tradeCount" <> count(p.id)`),
    );
    const [counts] = await q(`SELECT
      (SELECT count(*)::int FROM "Payment") AS payments,
      (SELECT count(*)::int FROM "Payment" WHERE status = 'escrowed') AS escrowed,
      (SELECT count(*)::int FROM "Payment" WHERE status = 'pending') AS pending,
      (SELECT count(*)::int FROM "Payment" WHERE status NOT IN ('pending', 'escrowed')) AS other,
      (SELECT count(*)::int FROM "Purchase" WHERE status = 'active') AS "activePurchases",
      (SELECT count(*)::int FROM "ApiKey") AS "apiKeys",
      (SELECT count(*)::int FROM "Job" WHERE kind = 'payment.release') AS "releaseJobs"`);
    return { violations, counts: counts as Record<string, number> };
  } finally {
    await client.end();
  }
}
