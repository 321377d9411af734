// npm run bench:scale: the floor page, a search and a filtered sort at growing market sizes
// (BENCH_SCALE, default 10,000, 100,000 and 1,000,000 bulk contracts besides the demo market), each
// as req/s through the built app and as EXPLAIN (ANALYZE, BUFFERS) of the SQL it runs, reported as
// ratios to the first size. Goal (issue 11): within 2x of the 10,000-contract figures.
//
// One scratch PostgreSQL database grows from size to size (only the missing rows are inserted);
// the app is restarted on it at each size. Every case sends a variable that changes on every
// request (bench/cases.ts `uncached`): rows inserted straight into the database raise no domain
// event, so a response cache would otherwise answer from the smaller market. `{ __typename }`
// touches no table: it is the control, showing how much of a change is the machine's.
//
// Search (issue 28): where the server has the RUM extension, the app ranks a search in the RUM
// index; the GIN fallback (the embedded database's) is measured on the same rows at each size by
// dropping the RUM index and starting the app again. Each size is grown without the RUM index and the
// index built afterwards (a bulk load's usual order; the build counts in the loading time). Goal:
// the first page of a one-word search ranked by relevance, one request at a time, under 100 ms at
// 1,000,000 contracts.
//
// BENCH_SECONDS (8), BENCH_WARMUP (2), BENCH_CONNECTIONS (10), BENCH_PORT (4980),
// BENCH_DATABASE_URL, BENCH_SERVER as in bench/run.ts; BENCH_KEEP_DB=1 keeps the grown database
// (its URL is printed) to EXPLAIN other queries or indexes by hand.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../api/db/database.ts';
import { RUM_SEARCH_INDEX } from '../api/domain/market/contracts.list.ts';
import { cardsPage, FILTERED_SORT_PAGE, FLOOR_PAGE, SEARCH_PAGE, uncached } from './cases.ts';
import { explainListQueries, growContracts, prepareMarket, type ListQuery, type PlanReport } from './market-data.ts';
import { latencies, LoadSampler, machine, ms, planTable, planTexts, utcNow, writeSection } from './report.ts';
import { APP_ENTRY, assertPortsFree, startApp, stopProcess } from './servers.ts';
import { COUNTER, runWrk, wrkAvailable, type WrkRequest, type WrkResult } from './wrk.ts';
import { scratchDatabase } from './pay-server.ts';

const SIZES = (process.env.BENCH_SCALE ?? '10000,100000,1000000').split(',').map(Number).sort((a, b) => a - b);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 4980);
/** Within 2x: at least half the first size's req/s, at most twice its SQL time. */
const GOAL = 2;

interface ScaleCase {
  name: string;
  /** The GraphQL query it sends. */
  query: string;
  /** The list query behind it, EXPLAINed at each size. */
  sql?: ListQuery;
}

/** Issue 28's goal: the first page of a one-word search, most relevant first, one request at a time. */
const SEARCH_GOAL_MS = 100;

const SEARCH_CASE: ScaleCase = { name: 'search "equities" (most relevant)', query: SEARCH_PAGE, sql: { name: 'search', filter: { search: 'equities' }, sort: 'relevant' } };

/** The same search's SQL on the GIN index, EXPLAINed beside the RUM one where the RUM index is built. */
const GIN_SEARCH_PLAN = { name: 'search, GIN fallback', filter: { search: 'equities' }, sort: 'relevant', searchIndex: 'gin' } as const;

const CASES: ScaleCase[] = [
  { name: 'floor page (20 cards, most relevant)', query: FLOOR_PAGE, sql: { name: 'floor page', filter: {}, sort: 'relevant' } },
  SEARCH_CASE,
  {
    name: 'filtered sort (financial, 100-3000, cheapest first)',
    query: FILTERED_SORT_PAGE,
    sql: { name: 'filtered sort', filter: { category: 'financial', minPrice: '100', maxPrice: '3000' }, sort: 'price-low' },
  },
  { name: 'control: { __typename }', query: '{ __typename }' },
];

interface Step {
  size: number;
  /** Seconds the growth to this size took. */
  loadSeconds: number;
  results: Array<WrkResult & { load: number }>;
  plans: PlanReport[];
  /** The search case by the index that served it: under load (CONNECTIONS) and one request at a time. */
  search: SearchRun[];
}

interface SearchRun {
  index: 'rum' | 'gin';
  loaded: WrkResult;
  alone: WrkResult;
}

async function checkAnswer(base: string, c: ScaleCase): Promise<void> {
  const res = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: uncached(c.query).replace(COUNTER, '0') });
  const json = await res.json();
  const problem = c.query === '{ __typename }' ? (json?.data?.__typename === 'Query' ? null : JSON.stringify(json)) : cardsPage(20)(json);
  if (!res.ok || problem) throw new Error(`${c.name}: ${res.status} ${problem}`);
}

/** Waits (at most 120 s) until no statement but this check runs on the benchmark's database. */
async function untilDatabaseIdle(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`);
      if (rows[0].n === 0) return;
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await client.end();
  }
}

/** The RUM index's definition (pg_get_indexdef) where the database has it, else null. */
async function rumIndexDef(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT pg_get_indexdef(to_regclass($1)) AS def`, [`"${RUM_SEARCH_INDEX}"`]);
    return rows[0]?.def ?? null;
  } finally {
    await client.end();
  }
}

async function sql(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

let runs = 0;

/**
 * The case's request for one wrk run. Every run of wrk numbers its requests from the same start, so
 * the run's own number goes into the variables too: otherwise a run repeats the variables of the
 * warm-up (and of the runs before it) and the response cache answers those requests.
 */
const request = (base: string, c: ScaleCase): WrkRequest => ({
  url: `${base}/graphql`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  varyingBody: uncached(c.query).replace(/"variables":\{/, `"variables":{"run":${++runs},`),
});

/** One case under wrk: warm-up, then (once the database is idle) SECONDS of `connections`. */
async function measureCase(url: string, base: string, c: ScaleCase, connections: number): Promise<WrkResult> {
  if (WARMUP > 0) await runWrk(request(base, c), { connections, seconds: WARMUP, timeoutSeconds: 30 });
  // wrk stops with requests in flight, and their SQL runs on: at 1M rows for seconds. Measuring
  // starts when the database has finished them, or each case would pay for the one before.
  await untilDatabaseIdle(url);
  return runWrk(request(base, c), { connections, seconds: SECONDS, timeoutSeconds: 30 });
}

const line = (size: number, name: string, r: WrkResult) =>
  console.log(`${size.toLocaleString('en-US').padStart(10)}  ${name.padEnd(52)} ${r.rps.toFixed(1).padStart(8)} req/s  p50 ${ms(r.p50).padStart(6)} ms  p99 ${ms(r.p99).padStart(6)} ms  errors ${r.non2xx + r.socketErrors}  load ${os.loadavg()[0]!.toFixed(1)}`);

/** Runs `work` against the app started afresh on `url`. */
async function withApp<T>(url: string, work: (base: string) => Promise<T>): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'));
  const app = await startApp({ port: PORT, dataDir, databaseUrl: url });
  try {
    return await work(`http://127.0.0.1:${PORT}`);
  } finally {
    await stopProcess(app);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The search case under load and one request at a time, on whichever index the app finds. */
async function measureSearch(url: string, base: string, size: number, index: SearchRun['index']): Promise<SearchRun> {
  await checkAnswer(base, SEARCH_CASE);
  const loaded = await measureCase(url, base, SEARCH_CASE, CONNECTIONS);
  line(size, `${SEARCH_CASE.name} on ${index.toUpperCase()}`, loaded);
  const alone = await measureCase(url, base, SEARCH_CASE, 1);
  line(size, `${SEARCH_CASE.name} on ${index.toUpperCase()}, one at a time`, alone);
  return { index, loaded, alone };
}

/**
 * Every case on the app as it runs on this database; then, where the RUM index is built, the search
 * again on the GIN fallback, after dropping the RUM index (the next size grows without it anyway).
 */
async function measureStep(url: string, size: number, loadSeconds: number): Promise<Step> {
  const rum = (await rumIndexDef(url)) !== null;
  const plans = await explainListQueries(url, [...CASES.flatMap((c) => (c.sql ? [c.sql] : [])), ...(rum ? [GIN_SEARCH_PLAN] : [])]);
  const results: Step['results'] = [];
  const search: SearchRun[] = [];
  await withApp(url, async (base) => {
    for (const c of CASES) {
      await checkAnswer(base, c);
      const r = { ...(await measureCase(url, base, c, CONNECTIONS)), load: os.loadavg()[0]! };
      results.push(r);
      line(size, c.name, r);
    }
    search.push(await measureSearch(url, base, size, rum ? 'rum' : 'gin'));
  });
  if (rum) {
    await sql(url, `DROP INDEX "${RUM_SEARCH_INDEX}"`);
    search.push(await withApp(url, (base) => measureSearch(url, base, size, 'gin')));
  }
  return { size, loadSeconds, results, plans, search };
}

async function main() {
  if (!wrkAvailable()) throw new Error("wrk is missing: install Debian's `wrk` package (apt-get install wrk)");
  if (!fs.existsSync(APP_ENTRY)) throw new Error(`${APP_ENTRY} is missing: run \`npm run build\` (or set BENCH_SERVER)`);
  if (!SIZES.length || SIZES.some((s) => !Number.isInteger(s) || s < 1)) throw new Error(`BENCH_SCALE must list sizes, e.g. 10000,100000,1000000`);
  await assertPortsFree([PORT]);
  const load = new LoadSampler();
  const startedAt = utcNow();

  const db = await scratchDatabase('bench_scale');
  const url = db.url;
  const steps: Step[] = [];
  /** The RUM index's definition, where the server has the extension: dropped while rows load, built after. */
  let rumIndex: string | null = null;
  try {
    let have = 0;
    for (const size of SIZES) {
      const started = performance.now();
      console.log(`growing the market to ${size.toLocaleString('en-US')} bulk contracts`);
      if (have === 0) {
        await prepareMarket({ url: url }, 0);
        rumIndex = await rumIndexDef(url);
        if (rumIndex) await sql(url, `DROP INDEX "${RUM_SEARCH_INDEX}"`);
        const database = await openDatabase({ url: url });
        try {
          await growContracts(database, 0, size, console.log);
        } finally {
          await database.close();
        }
      } else {
        const database = await openDatabase({ url: url });
        try {
          await growContracts(database, have, size, console.log);
        } finally {
          await database.close();
        }
      }
      if (rumIndex) {
        const building = performance.now();
        await sql(url, rumIndex);
        await sql(url, 'ANALYZE "Contract"');
        console.log(`  RUM index built in ${((performance.now() - building) / 1000).toFixed(0)} s`);
      }
      have = size;
      steps.push(await measureStep(url, size, (performance.now() - started) / 1000));
    }
  } finally {
    if (process.env.BENCH_KEEP_DB === '1') {
      console.log(`kept the database for a closer look: ${url} (drop it when done)`);
      if (rumIndex && steps.length) console.log(`(without its RUM index, dropped for the GIN measurement: ${rumIndex})`);
    }
    else await db.drop();
  }
  writeSection('scale', report(steps, startedAt, load.stop()));
  console.log('docs/performance.md written');
  if (steps.some((s) => s.results.some((r) => r.non2xx || r.socketErrors))) {
    console.error('some cases had errors: their figures are not comparable');
    process.exitCode = 1;
  }
}

/** Issue 28: the search case on each index, under load and one request at a time, with its SQL. */
function searchReport(steps: Step[]): string[] {
  const planOf = (step: Step, index: SearchRun['index']) => {
    const rum = step.search.some((s) => s.index === 'rum');
    return step.plans.find((p) => p.name === (index === 'gin' && rum ? GIN_SEARCH_PLAN.name : SEARCH_CASE.sql!.name));
  };
  const last = steps.at(-1)!;
  const best = [...last.search].sort((a, b) => a.alone.p50 - b.alone.p50)[0]!;
  const lines = [
    '### Search: the RUM index and its GIN fallback (issue 28)',
    '',
    `The search case again, on each index the market can run it on: RUM where PostgreSQL has the extension (ranked and`,
    `ordered by the index), GIN where it has not (the embedded database; ts_rank_cd over every match), measured on the`,
    `same rows by dropping the RUM index and starting the app again. "one at a time" is wrk with 1 connection: the`,
    `latency of one first page. SQL: EXPLAIN ANALYZE of the page of ids and of the capped count. On RUM the app reads`,
    `both in one statement from one ranked index scan (up to 10,001 matches, then the page): the count's figure is that`,
    `statement's cost, the page's what the page alone would cost.`,
    '',
    '| contracts | index | req/s | p50 ms | p99 ms | one at a time: req/s | p50 ms | p99 ms | SQL page of ids ms | SQL count ms |',
    '| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const step of steps) {
    for (const run of step.search) {
      const plan = planOf(step, run.index);
      lines.push(
        `| ${step.size.toLocaleString('en-US')} | ${run.index.toUpperCase()} | ${run.loaded.rps.toFixed(1)} | ${latencies(run.loaded)} | ${run.alone.rps.toFixed(1)} | ${latencies(run.alone)} | ${plan ? ms(plan.page.executionMs) : '—'} | ${plan ? ms(plan.count.executionMs) : '—'} |`,
      );
    }
  }
  lines.push(
    '',
    `Goal (issue 28): the first page of a one-word search, most relevant first, under ${SEARCH_GOAL_MS} ms at 1,000,000 contracts. At ` +
      `${last.size.toLocaleString('en-US')}, one request at a time on ${best.index.toUpperCase()}: p50 ${ms(best.alone.p50)} ms, p99 ${ms(best.alone.p99)} ms: ` +
      `${best.alone.p50 < SEARCH_GOAL_MS ? 'holds' : '**does not hold**'}${last.size < 1_000_000 ? ' (a smaller market than the goal\'s)' : ''}.`,
  );
  return lines;
}

function report(steps: Step[], startedAt: string, loadRange: { min: number; max: number }): string[] {
  const first = steps[0]!;
  const sizes = steps.map((s) => s.size.toLocaleString('en-US'));
  const lines = [
    '## The floor at scale (`npm run bench:scale`)',
    '',
    `Run ${startedAt} on ${machine()}; 1-minute load average ${loadRange.min.toFixed(1)} to ${loadRange.max.toFixed(1)} during the run.`,
    `Server: \`${APP_ENTRY}\` (NODE_ENV=production). The market: the demo data plus ${sizes.join(', then ')} bulk active`,
    'contracts in one PostgreSQL database grown from size to size (batched INSERT ... SELECT generate_series, then',
    'VACUUM ANALYZE; one bulk contract in eight is titled "Equities", so the search matches 12.5% of the market).',
    '',
    `How to read it: at each size the app is started afresh and each case is wrk (${CONNECTIONS} connections) for ${SECONDS} s after a`,
    `${WARMUP} s warm-up, with a variable that changes on every request, so no answer comes from a response cache. The ratio`,
    `is req/s at that size over req/s at ${first.size.toLocaleString('en-US')}; goal (issue 11): within 2x, i.e. a ratio of at least 0.5.`,
    '`{ __typename }` reads no table: its ratio is how much the machine itself moved between sizes. A case with no',
    `request answered within the ${SECONDS} s shows 0 req/s and no latencies.`,
    '',
    '"over the control" divides the ratio by the control\'s ratio at the same size: a reading aid on a shared machine',
    '(it assumes the machine slowed every case alike), not the goal.',
    '',
    '| case | contracts | req/s | ratio to first size | within 2x | over the control | p50 ms | p99 ms | errors | load |',
    '| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  const control = CASES.findIndex((c) => !c.sql);
  const ratio = (step: Step, i: number) => step.results[i]!.rps / (first.results[i]!.rps || 1);
  CASES.forEach((c, i) => {
    for (const step of steps) {
      const r = step.results[i]!;
      const holds = c.sql ? (ratio(step, i) >= 1 / GOAL ? 'yes' : '**no**') : '';
      const adjusted = c.sql ? (ratio(step, i) / (ratio(step, control) || 1)).toFixed(2) : '';
      lines.push(
        `| ${c.name} | ${step.size.toLocaleString('en-US')} | ${r.rps.toFixed(1)} | ${ratio(step, i).toFixed(2)} | ${holds} | ${adjusted} | ${latencies(r)} | ${r.non2xx + r.socketErrors} | ${r.load.toFixed(1)} |`,
      );
    }
  });
  lines.push('', ...searchReport(steps));
  lines.push(
    '',
    '### The SQL behind each case, EXPLAIN (ANALYZE, BUFFERS)',
    '',
    `Execution time of each statement the list runs for one page (the page of ids and the count; contractPageSql in`,
    `api/domain/market/contracts.list.ts), at each size, and as a multiple of its time at ${first.size.toLocaleString('en-US')}.`,
    '',
    `| query | statement | ${sizes.map((s) => `ms at ${s}`).join(' | ')} | ${sizes.slice(1).map((s) => `x at ${s}`).join(' | ')} |`,
    `| --- | --- | ${sizes.map(() => '---:').join(' | ')} | ${sizes.slice(1).map(() => '---:').join(' | ')} |`,
  );
  for (const [i, plan] of first.plans.entries()) {
    for (const statement of ['page', 'count'] as const) {
      const times = steps.map((s) => s.plans[i]![statement].executionMs);
      lines.push(`| ${plan.name} | ${statement === 'page' ? 'page of ids' : 'count'} | ${times.map(ms).join(' | ')} | ${times.slice(1).map((t) => (t / times[0]!).toFixed(1)).join(' | ')} |`);
    }
  }
  const last = steps.at(-1)!;
  lines.push(
    '',
    `Plans at ${last.size.toLocaleString('en-US')} contracts:`,
    '',
    ...planTable(last.plans),
    '',
    ...planTexts(`EXPLAIN (ANALYZE, BUFFERS) at ${last.size.toLocaleString('en-US')} contracts, as PostgreSQL prints it`, last.plans),
    '',
    `Loading: ${steps.map((s) => `${s.size.toLocaleString('en-US')} in ${s.loadSeconds.toFixed(0)} s`).join(', ')} (growing from the previous size, VACUUM ANALYZE included).`,
    '',
  );
  return lines;
}

await main();
