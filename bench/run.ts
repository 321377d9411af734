// npm run bench: issue 11's side-by-side run. A bare node:http route and a bare GraphQL Yoga
// `{ hello }` (bench/baselines.ts), and the built app (BENCH_SERVER, default dist/server/server.js)
// on a scratch PostgreSQL database with the demo market plus BENCH_CONTRACTS more contracts, each
// in its own process; wrk (bench/wrk.ts) is the load generator, another process. Every case is
// reported as a ratio to bare Yoga's req/s, with the goal where issue 11 sets one. Goals are read
// here, never asserted by timed tests. Then the upload and the 200-buyer payments benchmarks, and
// the embedded database when BENCH_BACKENDS names it. Writes its section of docs/performance.md.
//
// BENCH_SECONDS (8) per case after BENCH_WARMUP (2) seconds of warm-up, BENCH_CONNECTIONS (10),
// BENCH_CONTRACTS (10,000), BENCH_BACKENDS (postgres; or embedded,postgres), BENCH_PORT (4970: it
// and the next four ports), BENCH_DATABASE_URL (a PostgreSQL server it may create databases on),
// BENCH_UPLOAD=0 / BENCH_PAYMENTS=0 skip those parts. BENCH_CASES=<part>[,<part>...] runs only the cases
// whose names contain a part (with the baselines, without the upload and payments) and writes nothing:
// a quick look while working on one case.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cases, caseHeaders, casePath, checkCase, prepareTarget, type BenchCase, type BenchTarget } from './cases.ts';
import { BULK_CONTRACTS, explainListQueries, prepareMarket, type PlanReport } from './market-data.ts';
import { benchUpload, type UploadReport } from './upload.ts';
import { benchPayments, paymentsMarkdown, type PaymentsReport } from './payments.ts';
import { scratchDatabase } from './pay-server.ts';
import { latencies, LoadSampler, machine, ms, planTable, utcNow, writeSection } from './report.ts';
import { APP_ENTRY, assertPortsFree, startApp, startBaseline, stopProcess } from './servers.ts';
import { COUNTER, runWrk, wrkAvailable, type WrkRequest, type WrkResult } from './wrk.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'postgres').split(',').map((b) => b.trim());
const PORT = Number(process.env.BENCH_PORT ?? 4970);
/** Parts of case names to run (BENCH_CASES), or null for the whole run. */
const ONLY = process.env.BENCH_CASES ? process.env.BENCH_CASES.split(',').map((p) => p.trim().toLowerCase()).filter(Boolean) : null;
const selected = ONLY ? cases.filter((c) => ONLY.some((part) => c.name.toLowerCase().includes(part))) : cases;
const PORTS = { nodeHttp: PORT, yoga: PORT + 1, postgres: PORT + 2, embedded: PORT + 3, payments: PORT + 4 };

interface Row extends WrkResult {
  name: string;
  goal?: number;
  /** 1-minute load average when the case ended. */
  load: number;
}

interface BackendResult {
  backend: string;
  /** Bare Yoga's req/s: the mean of its runs before and after the app's cases. */
  yogaRps: number;
  baselines: Row[];
  rows: Row[];
}

const wrk = (req: WrkRequest) => runWrk(req, { connections: CONNECTIONS, seconds: SECONDS });

async function measure(name: string, req: WrkRequest, goal?: number): Promise<Row> {
  if (WARMUP > 0) await runWrk(req, { connections: CONNECTIONS, seconds: WARMUP });
  const row = { name, goal, ...(await wrk(req)), load: os.loadavg()[0]! };
  console.log(`${name.padEnd(52)} ${row.rps.toFixed(0).padStart(7)} req/s  p50 ${ms(row.p50).padStart(6)} ms  p99 ${ms(row.p99).padStart(6)} ms  non-2xx ${row.non2xx}  load ${row.load.toFixed(1)}`);
  return row;
}

const BARE_HTTP = { name: 'bare node:http GET /', req: { url: `http://127.0.0.1:${PORTS.nodeHttp}/` } };
const BARE_YOGA = {
  name: 'bare Yoga POST { hello }',
  req: { url: `http://127.0.0.1:${PORTS.yoga}/graphql`, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ hello }"}' } satisfies WrkRequest,
};


async function runBaselines(): Promise<Row[]> {
  return [await measure(BARE_HTTP.name, BARE_HTTP.req), await measure(BARE_YOGA.name, BARE_YOGA.req)];
}

async function runCases(base: string): Promise<Row[]> {
  const target = await prepareTarget(base);
  const rows: Row[] = [];
  for (const c of selected) {
    await checkCase(c, target);
    const req: WrkRequest = { url: base + casePath(c, target), method: c.method, headers: caseHeaders(c, target), body: c.body, varyingBody: c.varyingBody };
    rows.push(await measure(c.name, req, c.goal));
  }
  return rows;
}

async function runBackend(backend: string, app: () => Promise<ChildProcess>, port: number, uploads: Array<UploadReport & { backend: string }>): Promise<BackendResult> {
  console.log(`--- ${backend}`);
  const before = await runBaselines();
  const server = await app();
  let rows: Row[];
  try {
    rows = await runCases(`http://127.0.0.1:${port}`);
    // After the cases: the upload's background profiling must not run under them.
    if (process.env.BENCH_UPLOAD !== '0' && !ONLY) {
      const upload = await benchUpload(`http://127.0.0.1:${port}`, server.pid!);
      uploads.push({ backend, ...upload });
      console.log(`upload ${upload.megabytes} MB: ${upload.mbPerSecond} MB/s, RSS +${upload.rssGrowthMiB} MiB (status ${upload.status})`);
    }
  } finally {
    await stopProcess(server);
  }
  // Bare Yoga again after the app: the ratio uses both runs, and their spread shows drift.
  const after = await measure(`${BARE_YOGA.name} (again, after the app)`, BARE_YOGA.req);
  return { backend, yogaRps: (before[1]!.rps + after.rps) / 2, baselines: [...before, after], rows };
}

async function main() {
  if (!wrkAvailable()) throw new Error('wrk is missing: install Debian\'s `wrk` package (apt-get install wrk)');
  if (!fs.existsSync(APP_ENTRY)) throw new Error(`${APP_ENTRY} is missing: run \`npm run build\` (or set BENCH_SERVER)`);
  for (const b of BACKENDS) if (b !== 'postgres' && b !== 'embedded') throw new Error(`unknown backend ${b} in BENCH_BACKENDS`);
  await assertPortsFree(Object.values(PORTS));
  if (ONLY && !selected.length) throw new Error(`BENCH_CASES matches no case: ${ONLY.join(', ')}`);

  const load = new LoadSampler();
  const startedAt = utcNow();
  const results: BackendResult[] = [];
  const uploads: Array<UploadReport & { backend: string }> = [];
  let plans: PlanReport[] = [];
  let payments: PaymentsReport | null = null;
  const baselines = [await startBaseline('node-http', PORTS.nodeHttp), await startBaseline('yoga', PORTS.yoga)];
  const dataDirs: string[] = [];
  const dataDir = (name: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
    dataDirs.push(dir);
    return dir;
  };
  try {
    if (BACKENDS.includes('postgres')) {
      const db = await scratchDatabase('bench_run');
      try {
        console.log(`preparing PostgreSQL with the demo market and ${BULK_CONTRACTS.toLocaleString('en-US')} more contracts`);
        await prepareMarket({ url: db.url });
        plans = await explainListQueries(db.url);
        const dir = dataDir('postgres');
        results.push(await runBackend('postgres', () => startApp({ port: PORTS.postgres, dataDir: dir, databaseUrl: db.url }), PORTS.postgres, uploads));
      } finally {
        await db.drop();
      }
      // 200 buyers paying at once, on a scratch PostgreSQL database of its own (bench/payments.ts).
      if (process.env.BENCH_PAYMENTS !== '0' && !ONLY) {
        payments = await benchPayments({ port: PORTS.payments, entry: [APP_ENTRY] });
        console.log(`${payments.buyers} buyers paying at once: ${payments.succeeded} succeeded, pay p99 ${payments.rows[1]!.p99} ms`);
        if (payments.failures.length || payments.violations.length) process.exitCode = 1;
      }
    }
    if (BACKENDS.includes('embedded')) {
      const dir = dataDir('embedded');
      console.log(`preparing the embedded database with the demo market and ${BULK_CONTRACTS.toLocaleString('en-US')} more contracts`);
      await prepareMarket({ dataDir: dir });
      results.push(await runBackend('embedded', () => startApp({ port: PORTS.embedded, dataDir: dir }), PORTS.embedded, uploads));
    }
  } finally {
    for (const b of baselines) await stopProcess(b);
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
  const loadRange = load.stop();
  if (ONLY) {
    const yoga = results[0]?.yogaRps ?? 1;
    for (const row of results.flatMap((r) => r.rows)) console.log(`${row.name}: ratio ${(row.rps / yoga).toFixed(3)}${row.goal ? ` (goal ${row.goal})` : ''}`);
    console.log('BENCH_CASES is set: docs/performance.md left as it is');
    return;
  }
  writeSection('run', report({ results, plans, uploads, payments, startedAt, loadRange }));
  console.log('docs/performance.md written');
  if (results.some((r) => [...r.baselines, ...r.rows].some((row) => row.non2xx || row.socketErrors))) {
    console.error('some cases had errors: their figures are not comparable');
    process.exitCode = 1;
  }
}

function report(r: { results: BackendResult[]; plans: PlanReport[]; uploads: Array<UploadReport & { backend: string }>; payments: PaymentsReport | null; startedAt: string; loadRange: { min: number; max: number } }): string[] {
  const lines = [
    '## The app against bare baselines (`npm run bench`)',
    '',
    `Run ${r.startedAt} on ${machine()}; 1-minute load average ${r.loadRange.min.toFixed(1)} to ${r.loadRange.max.toFixed(1)} during the run`,
    `(the load column: at the end of each case). Server: \`${APP_ENTRY}\`, NODE_ENV=production, LOG_LEVEL=warn, DEMO_DATA=1.`,
    '',
    `How to read it: every case is wrk (one thread, ${CONNECTIONS} connections, a separate process) for ${SECONDS} s after a ${WARMUP} s warm-up,`,
    'on loopback, against the app or a bare baseline, each in its own Node process. The ratio is the case\'s req/s over',
    'a bare GraphQL Yoga `{ hello }` server (the project\'s graphql-yoga, nothing else) measured in the same run, once',
    'before and once after the app\'s cases (their mean; both rows shown, so drift of the machine is visible). Ratios',
    'compare the stack, not the machine: on a 2-core machine client, server and PostgreSQL share the cores, so',
    'milliseconds move with the load while ratios move much less. Goals are issue 11\'s; they are read here, never',
    `asserted by timed tests. The database holds the demo market plus ${BULK_CONTRACTS.toLocaleString('en-US')} more active contracts.`,
    '"Nothing cached" sends the floor page\'s query with a variable `n` that changes on every request (the query does',
    'not use it): same page, same SQL, a new response-cache key each time (bench/cases.ts). Logged-in cases use the',
    'demo buyer\'s session cookie; the buyer holds 3 open paper positions. non-2xx: answers with status 400 or more.',
    '',
  ];
  for (const result of r.results) {
    lines.push(
      `### ${result.backend === 'postgres' ? 'PostgreSQL' : 'Embedded database (PGlite, in the server process)'}`,
      '',
      '| case | req/s | ratio to bare Yoga | goal | holds | p50 ms | p99 ms | non-2xx | load |',
      '| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |',
    );
    const ratio = (row: Row) => row.rps / (result.yogaRps || 1);
    for (const row of [...result.baselines, ...result.rows]) {
      const goal = row.goal === undefined ? '' : `>= ${row.goal}`;
      const holds = row.goal === undefined ? '' : ratio(row) >= row.goal ? 'yes' : '**no**';
      lines.push(`| ${row.name} | ${row.rps.toFixed(0)} | ${ratio(row).toFixed(2)} | ${goal} | ${holds} | ${latencies(row)} | ${row.non2xx + row.socketErrors} | ${row.load.toFixed(1)} |`);
    }
    const withGoal = result.rows.filter((row) => row.goal !== undefined);
    const held = withGoal.filter((row) => ratio(row) >= row.goal!);
    lines.push('', `Goals holding: ${held.length} of ${withGoal.length}.`, '');
  }
  if (r.plans.length) {
    lines.push(
      '### Query plans (PostgreSQL, EXPLAIN (ANALYZE, BUFFERS) of the exact SQL the list runs)',
      '',
      'Goal: the search + filter + sort queries use their indexes (no sequential scan of "Contract"). Counting every',
      'active contract (no filter at all) reads most of the table; `npm run bench:scale` shows what that costs at size.',
      '',
      ...planTable(r.plans),
      '',
    );
  }
  if (r.uploads.length) {
    lines.push(
      '### Upload (POST /api/uploads, streamed to storage)',
      '',
      'A generated CSV sent as multipart by the demo provider; the server hashes it, checks its first',
      'bytes, stores it and profiles it. Goal: peak RSS growth of the server under 64 MiB.',
      '',
      '| backend | size | status | seconds | MB/s | RSS before MiB | RSS peak MiB | growth MiB |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...r.uploads.map((u) => `| ${u.backend} | ${u.megabytes} MB | ${u.status} | ${u.seconds} | ${u.mbPerSecond} | ${u.rssBeforeMiB} | ${u.rssPeakMiB} | ${u.rssGrowthMiB} |`),
      '',
    );
  }
  if (r.payments) lines.push(`### Payments: ${r.payments.buyers} buyers paying at once (PostgreSQL, bench/payments.ts)`, '', ...paymentsMarkdown(r.payments), '');
  return lines;
}

await main();
