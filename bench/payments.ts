// The payment benchmark (npx tsx bench/payments.ts): PAY_BUYERS (200) verified buyers, logged in
// beforehand, all pay at once on PostgreSQL: POST /api/payments, then POST /api/payments/{id}/escrow
// with the success card. Every pay must succeed (exit 1 otherwise). Reports p50/p95/p99/max of the
// whole pay and of each call, the throughput, and a bare baseline in the same run: GET /healthz
// fired at the same concurrency on the same server, as ratios. Then checks the database: one
// escrowed payment, one active purchase and one release job per buyer, nothing twice.
//
// The server runs from source (tsx) as a child process against a scratch database
// (BENCH_DATABASE_URL, default the local PostgreSQL), demo data off, its default pool
// (PG_POOL_MAX=10). The buyers spread over PAY_CONTRACTS (20) one-time listings of one provider,
// so payments for one listing also meet on its row (sales count, market price).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import {
  checkPayments,
  createPaymentCall,
  escrowCall,
  loginAll,
  percentile,
  scratchDatabase,
  seedMarket,
  startServer,
  stopServer,
  type Answer,
  type Violation,
} from './pay-server.ts';

export interface Latency {
  name: string;
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Completed per second over the burst's wall time. */
  perSecond: number;
}

export interface PaymentsReport {
  buyers: number;
  contracts: number;
  succeeded: number;
  failures: string[];
  rows: Latency[];
  /** Pays per second over healthz requests per second, both at the same concurrency. */
  throughputRatio: number;
  p99Ratio: number;
  violations: Violation[];
  counts: Record<string, number>;
  machine: string;
}

function summarize(name: string, ms: number[], wallMs: number): Latency {
  return {
    name,
    count: ms.length,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    p99: percentile(ms, 99),
    max: Math.round(Math.max(...ms) * 10) / 10,
    perSecond: Math.round((ms.length / (wallMs / 1000)) * 10) / 10,
  };
}

/** `n` GET /healthz at once; their latencies and the wall time of the burst. */
async function healthzBurst(base: string, n: number) {
  const started = performance.now();
  const ms = await Promise.all(
    Array.from({ length: n }, async () => {
      const t = performance.now();
      const res = await fetch(`${base}/healthz`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`/healthz answered ${res.status}`);
      return performance.now() - t;
    }),
  );
  return { ms, wallMs: performance.now() - started };
}

export async function benchPayments(opts: { port?: number; buyers?: number; contracts?: number; entry?: string[] } = {}): Promise<PaymentsReport> {
  const buyers = opts.buyers ?? Number(process.env.PAY_BUYERS ?? 200);
  const contracts = opts.contracts ?? Number(process.env.PAY_CONTRACTS ?? 20);
  const port = opts.port ?? Number(process.env.BENCH_PORT ?? 4421);
  const base = `http://127.0.0.1:${port}`;
  const scratch = await scratchDatabase('pit_bench_pay');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-bench-pay-'));
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    server = await startServer({ port, databaseUrl: scratch.url, dataDir, sessionSecret: crypto.randomBytes(32).toString('base64url'), entry: opts.entry });
    // A few warm-up buyers on a listing of their own: JIT, the pool and the provider's first
    // calls are not measured; they are left out of the per-buyer checks below.
    const WARM = 5;
    const market = await seedMarket(scratch.url, { prefix: 'pay', buyers: buyers + WARM, contracts: contracts + 1 });
    console.error(`logging ${buyers + WARM} buyers in...`);
    const cookies = await loginAll(base, market.buyers.map((b) => b.email));
    const warmContract = market.contractIds[contracts]!;
    for (let i = buyers; i < buyers + WARM; i++) {
      const created = await createPaymentCall(base, cookies[i]!, warmContract);
      const escrowed = await escrowCall(base, cookies[i]!, String(created.body?.id));
      if (escrowed.status !== 200) throw new Error(`warm-up payment failed: ${created.status} ${escrowed.status} ${JSON.stringify(escrowed.body)}`);
    }
    await healthzBurst(base, buyers);

    // The baseline, at the same concurrency, just before the payments.
    const bare = await healthzBurst(base, buyers);

    console.error(`${buyers} buyers paying at once...`);
    const started = performance.now();
    const pays = await Promise.all(
      Array.from({ length: buyers }, async (_, i) => {
        const t = performance.now();
        const created = await createPaymentCall(base, cookies[i]!, market.contractIds[i % contracts]!);
        let escrowed: Answer | null = null;
        if (created.status === 201) escrowed = await escrowCall(base, cookies[i]!, String(created.body?.id));
        return { created, escrowed, ms: performance.now() - t, end: performance.now() };
      }),
    );
    const wallMs = Math.max(...pays.map((p) => p.end)) - started;

    const failures: string[] = [];
    for (const [i, p] of pays.entries()) {
      if (p.created.status !== 201) failures.push(`buyer ${i}: create answered ${p.created.status || p.created.error} ${JSON.stringify(p.created.body)}`);
      else if (p.escrowed?.status !== 200) failures.push(`buyer ${i}: escrow answered ${p.escrowed?.status || p.escrowed?.error} ${JSON.stringify(p.escrowed?.body)}`);
      else if (p.escrowed.body?.status !== 'escrowed') failures.push(`buyer ${i}: escrow answered status ${String(p.escrowed.body?.status)}`);
    }
    const ok = pays.filter((p) => p.escrowed?.status === 200);
    const rows = [
      summarize('bare GET /healthz', bare.ms, bare.wallMs),
      summarize('pay (create + escrow)', ok.map((p) => p.ms), wallMs),
      summarize('POST /api/payments', pays.filter((p) => p.created.status === 201).map((p) => p.created.ms), wallMs),
      summarize('POST /api/payments/{id}/escrow', ok.map((p) => p.escrowed!.ms), wallMs),
    ];

    // The database afterwards: per measured buyer exactly one payment, escrowed, with one active
    // purchase, one API key and one release job; and the whole-database checks.
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const ids = market.buyers.slice(0, buyers).map((b) => b.id);
    const { rows: perBuyer } = await client.query(
      `SELECT b.id,
        (SELECT count(*)::int FROM "Payment" p WHERE p."buyerId" = b.id) AS payments,
        (SELECT count(*)::int FROM "Payment" p WHERE p."buyerId" = b.id AND p.status = 'escrowed') AS escrowed,
        (SELECT count(*)::int FROM "Purchase" u WHERE u."buyerId" = b.id AND u.status = 'active') AS active,
        (SELECT count(*)::int FROM "Purchase" u WHERE u."buyerId" = b.id) AS purchases,
        (SELECT count(*)::int FROM "ApiKey" k WHERE k."userId" = b.id) AS keys,
        (SELECT count(*)::int FROM "Job" j JOIN "Payment" p ON j.key = 'release:' || p.id WHERE p."buyerId" = b.id) AS jobs
      FROM unnest($1::text[]) AS b(id)`,
      [ids],
    );
    await client.end();
    const { violations, counts } = await checkPayments(scratch.url);
    const total = (field: string) => perBuyer.reduce((s, r) => s + (r[field] as number), 0);
    for (const r of perBuyer) {
      if (r.payments !== 1 || r.escrowed !== 1 || r.active !== 1 || r.purchases !== 1 || r.keys !== 1 || r.jobs !== 1) {
        violations.push({ rule: 'a measured buyer does not hold exactly one escrowed payment, active purchase, API key and release job', detail: JSON.stringify(r) });
      }
    }
    Object.assign(counts, {
      measuredPayments: total('payments'),
      measuredEscrowed: total('escrowed'),
      measuredActivePurchases: total('active'),
      measuredApiKeys: total('keys'),
      measuredReleaseJobs: total('jobs'),
    });
    const pay = rows[1]!;
    const healthz = rows[0]!;
    return {
      buyers,
      contracts,
      succeeded: ok.length,
      failures,
      rows,
      throughputRatio: Math.round((pay.perSecond / healthz.perSecond) * 10000) / 10000,
      p99Ratio: Math.round((pay.p99 / healthz.p99) * 10) / 10,
      violations,
      counts,
      machine: `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), Node ${process.version}, PostgreSQL on the same machine`,
    };
  } finally {
    if (server) await stopServer(server);
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The report as markdown lines (docs/performance.md). */
export function paymentsMarkdown(r: PaymentsReport): string[] {
  return [
    `${r.buyers} buyers over ${r.contracts} one-time listings, all started at once; each pay is POST /api/payments then`,
    'POST /api/payments/{id}/escrow with the success card. "per s" is completed calls over the wall time of the',
    'burst (from the first request to the last answer). The bare baseline is the same number of GET /healthz fired',
    'at once on the same server just before.',
    '',
    `Succeeded: ${r.succeeded} of ${r.buyers}. Database afterwards: ${r.counts.measuredEscrowed} escrowed payments, ${r.counts.measuredActivePurchases} active purchases, ` +
      `${r.counts.measuredApiKeys} API keys, ${r.counts.measuredReleaseJobs} release jobs for the measured buyers; ${r.violations.length} violations of the whole-database checks.`,
    '',
    '| call | count | p50 ms | p95 ms | p99 ms | max ms | per s |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...r.rows.map((x) => `| ${x.name} | ${x.count} | ${x.p50} | ${x.p95} | ${x.p99} | ${x.max} | ${x.perSecond} |`),
    '',
    `Ratios to the bare route: throughput ${r.throughputRatio} (pays/s over healthz/s), p99 ${r.p99Ratio}x.`,
  ];
}

async function main() {
  const report = await benchPayments();
  console.log(paymentsMarkdown(report).join('\n'));
  console.log(JSON.stringify({ counts: report.counts, machine: report.machine }));
  for (const f of report.failures.slice(0, 20)) console.error(`FAILED ${f}`);
  for (const v of report.violations) console.error(`VIOLATION ${v.rule}: ${v.detail}`);
  if (report.failures.length || report.violations.length || report.succeeded !== report.buyers) process.exit(1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
