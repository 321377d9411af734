// npm run bench: starts the built server against PostgreSQL and against the embedded database and
// measures each case in one run, as throughput and median/p99 latency, with ratios to a bare route
// on the same server. Writes docs/performance.md. Loopback only; every run is bounded in time.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { cases, type BenchCase, type BenchTarget } from './cases.ts';
import { BULK_CONTRACTS, explainListQueries, prepareMarket, type PlanReport } from './market-data.ts';
import { benchUpload, type UploadReport } from './upload.ts';
import { benchPayments, paymentsMarkdown, type PaymentsReport } from './payments.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

interface Row {
  backend: string;
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['dist/server/server.js'], {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'production', PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error('server did not become ready');
}

async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
}

async function measure(base: string, c: BenchCase, headers: Record<string, string>): Promise<Omit<Row, 'backend'>> {
  const result = await autocannon({
    url: base + c.path,
    method: c.method ?? 'GET',
    headers: { ...headers, ...(c.body ? { 'content-type': 'application/json' } : {}) },
    body: c.body,
    connections: CONNECTIONS,
    duration: DURATION,
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { name: c.name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors };
}

const uploads: Array<UploadReport & { backend: string }> = [];
let payments: PaymentsReport | null = null;

// docs/performance.md from this line on is kept as it is: results of the separate scripts
// (bench/payments-crash.ts, bench/delivery.ts) and how to run them, written by hand.
const KEPT_MARKER = '<!-- Kept by npm run bench: everything below is written by hand from separate runs. -->';

async function runBackend(label: string, env: Record<string, string>, port: number): Promise<Row[]> {
  const server = await startServer(env, port);
  try {
    if (process.env.BENCH_UPLOAD !== '0') {
      const upload = await benchUpload(`http://127.0.0.1:${port}`, server.pid!);
      uploads.push({ backend: label, ...upload });
      console.log(`${label.padEnd(10)} upload ${upload.megabytes} MB: ${upload.mbPerSecond} MB/s, RSS +${upload.rssGrowthMiB} MiB (status ${upload.status})`);
    }
    const base = `http://127.0.0.1:${port}`;
    const target: BenchTarget = { base };
    const rows: Row[] = [];
    for (const c of cases) {
      const headers = c.setup ? await c.setup(target) : {};
      // A short warm-up so the first case does not pay for JIT and connection pools.
      await autocannon({ url: base + c.path, method: c.method ?? 'GET', headers, body: c.body, connections: 2, duration: 1 });
      rows.push({ backend: label, ...(await measure(base, c, headers)) });
      console.log(`${label.padEnd(10)} ${c.name.padEnd(40)} ${rows.at(-1)!.rps.toFixed(0)} req/s`);
    }
    return rows;
  } finally {
    await stop(server);
  }
}

async function main() {
  if (!fs.existsSync('dist/server/server.js')) throw new Error('run `npm run build` first');
  const rows: Row[] = [];

  const pgName = `pit_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pgName}`);
  const pgUrl = new URL(PG_ADMIN_URL);
  pgUrl.pathname = `/${pgName}`;
  const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-bench-pg-'));
  let plans: PlanReport[] = [];
  try {
    console.log(`preparing PostgreSQL with ${BULK_CONTRACTS} extra contracts`);
    await prepareMarket({ url: pgUrl.toString() });
    plans = await explainListQueries(pgUrl.toString());
    rows.push(...(await runBackend('postgres', { DATABASE_URL: pgUrl.toString(), DATA_DIR: pgDataDir, DEMO_DATA: '1' }, 3911)));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
    await admin.end();
  }

  // 200 buyers paying at once, on a scratch PostgreSQL database of its own (bench/payments.ts).
  if (process.env.BENCH_PAYMENTS !== '0') {
    payments = await benchPayments({ port: 3913, entry: ['dist/server/server.js'] });
    console.log(`postgres   ${payments.buyers} buyers paying at once: ${payments.succeeded} succeeded, pay p99 ${payments.rows[1]!.p99} ms`);
    if (payments.failures.length || payments.violations.length) process.exitCode = 1;
  }

  const embeddedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-bench-embedded-'));
  console.log(`preparing the embedded database with ${BULK_CONTRACTS} extra contracts`);
  await prepareMarket({ dataDir: embeddedDir });
  rows.push(...(await runBackend('embedded', { DATA_DIR: embeddedDir, DEMO_DATA: '1' }, 3912)));

  writeReport(rows, plans);
}

function writeReport(rows: Row[], plans: PlanReport[]) {
  const lines = [
    '# Performance',
    '',
    `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (${os.cpus().length} cores, Node ${process.version}).`,
    `Each case: ${CONNECTIONS} connections for ${DURATION} s against the built server with demo data, after a 1 s warm-up.`,
    `Both databases hold the demo market plus ${BULK_CONTRACTS.toLocaleString('en-US')} more active contracts.`,
    'Ratios are to the bare route (`GET /healthz`) on the same server in the same run, so they compare',
    'the stack, not the machine. Goals are checked here, never by timed tests.',
    '',
    '| backend | case | req/s | ratio to bare | p50 ms | p99 ms | errors |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const backend of [...new Set(rows.map((r) => r.backend))]) {
    const mine = rows.filter((r) => r.backend === backend);
    const bare = mine[0]!.rps || 1;
    for (const r of mine) {
      lines.push(`| ${backend} | ${r.name} | ${r.rps.toFixed(0)} | ${(r.rps / bare).toFixed(2)} | ${r.p50} | ${r.p99} | ${r.errors} |`);
    }
  }
  lines.push(
    '',
    '## Query plans (PostgreSQL, EXPLAIN of the exact SQL the list runs)',
    '',
    'Goal: the search + filter + sort queries use their indexes (no sequential scan of "Contract").',
    'Counting every active contract (no filter at all) reads most of the table, where a sequential scan',
    'is the cheapest plan and the planner rightly takes it.',
    'The statements per page are fixed (page of ids, count, rows, providers, 24-hour prices, bid side)',
    'whatever the page size; `api/domain/market/market.queries.test.ts` guards that.',
    '',
    '| query | page of ids | count | seq scan on Contract |',
    '| --- | --- | --- | --- |',
    ...plans.map((p) => `| ${p.name} | ${p.pageScan} | ${p.countScan} | ${p.seqScanOnContracts ? 'yes' : 'no'} |`),
  );
  lines.push(
    '',
    '## Upload (POST /api/uploads, streamed to storage)',
    '',
    'A generated CSV sent as multipart by the demo provider; the server hashes it, checks its first',
    'bytes, stores it and profiles it. Goal: peak RSS growth of the server under 64 MiB.',
    '',
    '| backend | size | status | seconds | MB/s | RSS before MiB | RSS peak MiB | growth MiB |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...uploads.map((u) => `| ${u.backend} | ${u.megabytes} MB | ${u.status} | ${u.seconds} | ${u.mbPerSecond} | ${u.rssBeforeMiB} | ${u.rssPeakMiB} | ${u.rssGrowthMiB} |`),
  );
  lines.push('', 'The embedded database runs in the server process and serializes every query (one session),', 'so its database-bound cases are expected to trail PostgreSQL.', '');
  if (payments) lines.push(`## Payments: ${payments.buyers} buyers paying at once (PostgreSQL, bench/payments.ts)`, '', ...paymentsMarkdown(payments), '');
  fs.mkdirSync('docs', { recursive: true });
  const previous = fs.existsSync('docs/performance.md') ? fs.readFileSync('docs/performance.md', 'utf8') : '';
  const kept = previous.includes(KEPT_MARKER) ? previous.slice(previous.indexOf(KEPT_MARKER)) : '';
  fs.writeFileSync('docs/performance.md', lines.join('\n') + (kept ? `\n${kept}` : ''));
  console.log('docs/performance.md written');
}

await main();
