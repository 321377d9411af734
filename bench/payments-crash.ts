// The crash check of paying (npx tsx bench/payments-crash.ts): CRASH_ROUNDS (20) times, a burst
// of CRASH_BUYERS (30) buyers paying at once (POST /api/payments, then POST
// /api/payments/{id}/escrow with the success card) is cut by SIGKILL of the server at a random
// moment, the server is started again on the same PostgreSQL database, and then:
// - every payment whose escrow the client saw answered 200 is escrowed with an active purchase,
//   an API key and its release job;
// - no payment is half moved (bench/pay-server.ts, checkPayments: status = last StatusChange,
//   purchase active iff paid, key and release job present, one payment per Idempotency-Key,
//   counters counting each sale once);
// - retrying what got no answer (with the same Idempotency-Key where one was sent) completes every
//   buyer's payment exactly once: one escrowed payment per buyer, no double charge.
// - a payment the kill left processing (claimed, the provider's answer not yet written) is settled
//   by the reconcile job after PAYMENT_RECONCILE_AFTER_MS (3 s here): escrowed if the provider
//   charged it, else failed; the retry waits for that, and pays again after a failed one.
// Any violation, any 5xx, or a buyer not paid after the retry: exit 1.
//
// A third of the buyers send no Idempotency-Key, a third one key, a third the same key twice at
// once; every fifth also confirms twice at once. The kill falls after a random number of escrow
// answers (0 to 90% of the burst), so it lands among transactions in flight, not after the burst.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import {
  checkPayments,
  createPaymentCall,
  escrowCall,
  loginAll,
  scratchDatabase,
  seedMarket,
  sleep,
  startServer,
  stopServer,
  type Answer,
  type Violation,
} from './pay-server.ts';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 20);
const BUYERS = Number(process.env.CRASH_BUYERS ?? 30);
const CONTRACTS = Number(process.env.CRASH_CONTRACTS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 4431);
const SEED = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);
/** Buyers start within this many ms of the burst's start. */
const SPREAD_MS = 400;
const base = `http://127.0.0.1:${PORT}`;
// The servers started here settle a payment left processing by the kill after 3 s, not 5 minutes.
process.env.PAYMENT_RECONCILE_AFTER_MS ??= '3000';
const RECONCILE_WAIT_MS = 60_000;

// mulberry32: the seed is printed, so a round's choices (modes, kill points) can be replayed.
let state = SEED >>> 0;
function random() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

type Mode = 'no key' | 'key' | 'key twice';

interface Flow {
  buyer: number;
  buyerId: string;
  contractId: string;
  cookie: string;
  mode: Mode;
  key: string | null;
  escrowTwice: boolean;
  creates: Answer[];
  escrows: Answer[];
  paymentId: string | null;
}

interface RoundReport {
  round: number;
  killAfterEscrows: number;
  killedAtMs: number;
  answered200: number;
  unanswered: number;
  retried: number;
  retryOutcomes: Record<string, number>;
  /** What the kill left: payments still pending (created, not confirmed) and escrowed ones nobody heard of. */
  pendingAtRestart: number;
  processingAtRestart: number;
  escrowedUnheard: number;
  violations: Violation[];
}

const isFiveHundred = (a: Answer) => a.status >= 500;
const code = (a: Answer) => String(a.body?.code ?? '');

async function runFlow(flow: Flow, started: number, onEscrow200: () => void) {
  await sleep(Math.max(0, started + random() * SPREAD_MS - performance.now()));
  const headersKey = flow.key ?? undefined;
  const creates = flow.mode === 'key twice' ? [createPaymentCall(base, flow.cookie, flow.contractId, headersKey), createPaymentCall(base, flow.cookie, flow.contractId, headersKey)] : [createPaymentCall(base, flow.cookie, flow.contractId, headersKey)];
  flow.creates = await Promise.all(creates);
  const created = flow.creates.find((a) => a.status === 201);
  if (!created) return;
  flow.paymentId = String(created.body?.id);
  const escrows = flow.escrowTwice ? [escrowCall(base, flow.cookie, flow.paymentId), escrowCall(base, flow.cookie, flow.paymentId)] : [escrowCall(base, flow.cookie, flow.paymentId)];
  flow.escrows = await Promise.all(
    escrows.map(async (p) => {
      const a = await p;
      if (a.status === 200) onEscrow200();
      return a;
    }),
  );
}

async function main() {
  const scratch = await scratchDatabase('pit_bench_crash');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-bench-crash-'));
  const sessionSecret = crypto.randomBytes(32).toString('base64url');
  const serverOptions = { port: PORT, databaseUrl: scratch.url, dataDir, sessionSecret, logLevel: 'error' };
  const reports: RoundReport[] = [];
  let server: ChildProcess | undefined;
  let exitCode = 0;
  console.error(`seed ${SEED}: ${ROUNDS} rounds of ${BUYERS} buyers over ${CONTRACTS} listings`);
  try {
    server = await startServer(serverOptions);
    const market = await seedMarket(scratch.url, { prefix: 'crash', buyers: ROUNDS * BUYERS, contracts: CONTRACTS });

    for (let round = 1; round <= ROUNDS; round++) {
      const violations: Violation[] = [];
      const roundBuyers = market.buyers.slice((round - 1) * BUYERS, round * BUYERS);
      const cookies = await loginAll(base, roundBuyers.map((b) => b.email));
      const flows: Flow[] = roundBuyers.map((b, i) => {
        const mode: Mode = (['no key', 'key', 'key twice'] as const)[i % 3]!;
        return {
          buyer: (round - 1) * BUYERS + i,
          buyerId: b.id,
          contractId: market.contractIds[i % CONTRACTS]!,
          cookie: cookies[i]!,
          mode,
          key: mode === 'no key' ? null : `crash-${round}-${i}-${crypto.randomBytes(6).toString('hex')}`,
          escrowTwice: i % 5 === 0,
          creates: [],
          escrows: [],
          paymentId: null,
        };
      });

      // The burst, and the kill after `killAfter` escrow answers (or a few hundred ms when 0).
      const killAfter = Math.floor(random() * BUYERS * 0.9);
      const jitter = random() * 40;
      let escrow200 = 0;
      let killed = false;
      let killedAtMs = 0;
      const started = performance.now();
      const victim = server!;
      const kill = () => {
        if (killed) return;
        killed = true;
        killedAtMs = Math.round(performance.now() - started);
        victim.kill('SIGKILL');
      };
      const timer = killAfter === 0 ? setTimeout(kill, random() * 300) : undefined;
      const onEscrow200 = () => {
        escrow200 += 1;
        if (escrow200 === killAfter) setTimeout(kill, jitter);
      };
      await Promise.all(flows.map((f) => runFlow(f, started, onEscrow200)));
      clearTimeout(timer);
      kill(); // a burst that ended before its kill point still ends in a kill
      await stopServer(victim, 'SIGKILL');

      const answeredEscrow = new Set(flows.filter((f) => f.escrows.some((a) => a.status === 200)).map((f) => f.paymentId!));
      for (const f of flows) {
        for (const a of [...f.creates, ...f.escrows]) if (isFiveHundred(a)) violations.push({ rule: '5xx during the burst', detail: `buyer ${f.buyer}: ${a.status} ${JSON.stringify(a.body)}` });
        const ids = new Set(f.creates.filter((a) => a.status === 201).map((a) => String(a.body?.id)));
        if (ids.size > 1) violations.push({ rule: 'the same Idempotency-Key answered two payments', detail: `buyer ${f.buyer}: ${[...ids].join(', ')}` });
      }

      // Restart on the same database: the crash state must already be whole.
      server = await startServer(serverOptions);
      const afterCrash = await checkPayments(scratch.url);
      violations.push(...afterCrash.violations.map((v) => ({ ...v, rule: `after the crash: ${v.rule}` })));
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      const { rows: seen } = await client.query(`SELECT id, status FROM "Payment" WHERE id = ANY($1::text[])`, [[...answeredEscrow]]);
      const { rows: left } = await client.query(
        `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE status = 'escrowed' AND NOT (id = ANY($2::text[])))::int AS unheard
        FROM "Payment" WHERE "buyerId" = ANY($1::text[])`,
        [flows.map((f) => f.buyerId), [...answeredEscrow]],
      );
      for (const id of answeredEscrow) {
        const row = seen.find((r) => r.id === id);
        if (!row || !['escrowed', 'released'].includes(row.status)) violations.push({ rule: 'an escrow answered 200 is lost after the crash', detail: `${id}: ${row?.status ?? 'missing'}` });
      }
      // Payments the kill left processing: the restarted server's reconcile job settles them.
      const processingAtRestart = Number((await client.query(`SELECT count(*)::int AS n FROM "Payment" WHERE status = 'processing'`)).rows[0].n);
      const settleBy = Date.now() + RECONCILE_WAIT_MS;
      while (Number((await client.query(`SELECT count(*)::int AS n FROM "Payment" WHERE status = 'processing'`)).rows[0].n) > 0) {
        if (Date.now() > settleBy) {
          violations.push({ rule: 'a payment left processing by the kill was not reconciled', detail: `after ${RECONCILE_WAIT_MS} ms` });
          break;
        }
        await sleep(500);
      }

      // Retry what got no 200: the same request, with the same Idempotency-Key.
      const retryOutcomes: Record<string, number> = {};
      const count = (k: string) => (retryOutcomes[k] = (retryOutcomes[k] ?? 0) + 1);
      const unfinished = flows.filter((f) => !f.escrows.some((a) => a.status === 200));
      await Promise.all(
        unfinished.map(async (f) => {
          let created = await createPaymentCall(base, f.cookie, f.contractId, f.key ?? undefined);
          // The key's payment failed (the reconcile found no charge: the simulated provider's
          // record of it died with the killed process): paying again is a new attempt, new key.
          let newAttempt = false;
          if (created.status === 201 && created.body?.status === 'failed') {
            count('create replayed a failed payment: paid again');
            if (f.key && f.paymentId && String(created.body?.id) !== f.paymentId) violations.push({ rule: 'a retried Idempotency-Key made another payment', detail: `buyer ${f.buyer}: ${f.paymentId} then ${created.body?.id}` });
            created = await createPaymentCall(base, f.cookie, f.contractId);
            newAttempt = true;
          }
          if (isFiveHundred(created)) violations.push({ rule: '5xx on retry', detail: `buyer ${f.buyer} create: ${created.status} ${JSON.stringify(created.body)}` });
          if (created.status === 409 && code(created) === 'ALREADY_EXISTS') return count('create 409: already bought (escrow had committed)');
          if (created.status !== 201) {
            violations.push({ rule: 'retried create not answered 201', detail: `buyer ${f.buyer}: ${created.status || created.error} ${JSON.stringify(created.body)}` });
            return count(`create ${created.status}`);
          }
          const id = String(created.body?.id);
          if (!newAttempt && f.key && f.paymentId && id !== f.paymentId) violations.push({ rule: 'a retried Idempotency-Key made another payment', detail: `buyer ${f.buyer}: ${f.paymentId} then ${id}` });
          if (created.body?.status === 'escrowed') return count('create replayed an escrowed payment');
          const escrowed = await escrowCall(base, f.cookie, id);
          if (isFiveHundred(escrowed)) violations.push({ rule: '5xx on retry', detail: `buyer ${f.buyer} escrow: ${escrowed.status} ${JSON.stringify(escrowed.body)}` });
          if (escrowed.status === 200) return count('escrow 200');
          if (escrowed.status === 409 && code(escrowed) === 'INVALID_TRANSITION' && f.paymentId === id && !newAttempt) return count('escrow 409: already escrowed');
          violations.push({ rule: 'retried escrow not completed', detail: `buyer ${f.buyer}: ${escrowed.status || escrowed.error} ${JSON.stringify(escrowed.body)}` });
          return count(`escrow ${escrowed.status}`);
        }),
      );

      // Afterwards every buyer of the round holds exactly one escrowed payment (beside, at most, one
      // that failed without a charge) and no trades: buying is not a provider's trade.
      const { rows: perBuyer } = await client.query(
        `SELECT u.id, u."tradeCount",
          (SELECT count(*)::int FROM "Payment" p WHERE p."buyerId" = u.id AND p.status <> 'failed') AS payments,
          (SELECT count(*)::int FROM "Payment" p WHERE p."buyerId" = u.id AND p.status = 'escrowed' AND p."stripePaymentIntentId" IS NOT NULL) AS escrowed
        FROM "User" u WHERE u.id = ANY($1::text[])`,
        [flows.map((f) => f.buyerId)],
      );
      await client.end();
      for (const r of perBuyer) {
        if (r.payments !== 1 || r.escrowed !== 1 || r.tradeCount !== 0) violations.push({ rule: 'after the retry a buyer does not hold exactly one escrowed payment', detail: JSON.stringify(r) });
      }
      const afterRetry = await checkPayments(scratch.url);
      violations.push(...afterRetry.violations.map((v) => ({ ...v, rule: `after the retry: ${v.rule}` })));

      const report: RoundReport = {
        round,
        killAfterEscrows: killAfter,
        killedAtMs,
        answered200: answeredEscrow.size,
        unanswered: unfinished.length,
        retried: unfinished.length,
        retryOutcomes,
        pendingAtRestart: left[0].pending,
        processingAtRestart,
        escrowedUnheard: left[0].unheard,
        violations,
      };
      reports.push(report);
      console.log(
        `round ${String(round).padStart(2)}: killed at ${killedAtMs} ms after ${answeredEscrow.size}/${BUYERS} escrows answered 200 ` +
          `(left: ${report.pendingAtRestart} pending, ${report.processingAtRestart} processing, ${report.escrowedUnheard} escrowed unanswered); ` +
          `retried ${unfinished.length}: ${JSON.stringify(retryOutcomes)}; ${violations.length} violations; ${JSON.stringify(afterRetry.counts)}`,
      );
      for (const v of violations) console.log(`  VIOLATION ${v.rule}: ${v.detail}`);
      if (violations.length) exitCode = 1;
    }
  } finally {
    if (server) await stopServer(server);
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const outcomes: Record<string, number> = {};
  for (const r of reports) for (const [k, v] of Object.entries(r.retryOutcomes)) outcomes[k] = (outcomes[k] ?? 0) + v;
  const total = reports.reduce((s, r) => s + r.violations.length, 0);
  console.log(
    `\n${reports.length} kills (seed ${SEED}, ${BUYERS} buyers a round): ${reports.reduce((s, r) => s + r.answered200, 0)} escrows answered 200 before a kill, ` +
      `${reports.reduce((s, r) => s + r.unanswered, 0)} pays retried after restart ${JSON.stringify(outcomes)}, ` +
      `left by the kills: ${reports.reduce((s, r) => s + r.pendingAtRestart, 0)} pending payments and ${reports.reduce((s, r) => s + r.escrowedUnheard, 0)} escrowed ones whose answer was lost; ` +
      `kill times ${Math.min(...reports.map((r) => r.killedAtMs))}-${Math.max(...reports.map((r) => r.killedAtMs))} ms into the burst; ${total} violations.`,
  );
  process.exit(exitCode || (reports.length === ROUNDS ? 0 : 1));
}

await main();
