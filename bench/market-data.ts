// Benchmark databases: migrations, the demo market, and any number of extra active contracts
// spread over every category, price and approved provider, then VACUUM ANALYZE, so list queries
// meet real sizes with the statistics and visibility map a settled database has. A database grows
// (10,000 -> 100,000 -> 1,000,000) by adding the rows it lacks, so the scale benchmark loads each
// row once. EXPLAIN (ANALYZE, BUFFERS) of the exact SQL the floor runs (contractPageSql).
import { Prisma } from '../api/db/generated/prisma/client.ts';
import { openDatabase, type Database } from '../api/db/database.ts';
import { seedDemoData } from '../api/demo/seed.ts';
import { contractPageSql, searchIndexFor, type ContractFilter, type ContractSort, type SearchIndex } from '../api/domain/market/contracts.list.ts';

export const BULK_CONTRACTS = Number(process.env.BENCH_CONTRACTS ?? 10_000);

/** Rows per INSERT: one statement each, so a 1M load is 20 statements and progress shows. */
const BATCH = 50_000;

export type Target = { url: string } | { dataDir: string };

/** Migrations, the demo market and `contracts` bulk contracts, in a new database. */
export async function prepareMarket(target: Target, contracts = BULK_CONTRACTS, log?: (line: string) => void): Promise<void> {
  const database = await openDatabase(target);
  try {
    await database.migrate();
    await seedDemoData(database.prisma);
    await growContracts(database, 0, contracts, log);
  } finally {
    await database.close();
  }
}

/**
 * Adds bulk contracts number `from + 1` to `to` (one INSERT ... SELECT generate_series per batch;
 * the search-vector trigger fills each row's words as the app's own inserts do), then
 * VACUUM ANALYZE. One bulk contract in eight has "Equities" in its title, whatever the size, so a
 * search for it matches 12.5% of the market: ranking and counting meet many rows, as a popular word would.
 */
export async function growContracts(database: Database, from: number, to: number, log: (line: string) => void = () => {}): Promise<void> {
  const started = performance.now();
  for (let first = from + 1; first <= to; first += BATCH) {
    const last = Math.min(to, first + BATCH - 1);
    await database.prisma.$executeRawUnsafe(`
      INSERT INTO "Contract" (id, "providerId", title, description, category, status, price, "marketPrice",
        "updateFrequency", "recordCount", "fieldCount", "dataFields", "sampleData", "salesCount", "createdAt", "updatedAt")
      SELECT gen_random_uuid()::text, p.ids[1 + g % array_length(p.ids, 1)],
        'Bulk ' || (ARRAY['Equities','Claims','Retail','Mobility','Energy','Weather','Social','Housing'])[1 + g % 8] || ' Feed #' || g,
        'Synthetic benchmark listing number ' || g || ' with enough words to be searched by title and description.',
        (enum_range(NULL::"Category"))[1 + g % 13], 'active', (49 + (g * 37) % 4900)::numeric(12,2), (49 + (g * 37) % 4900)::numeric(12,2),
        (enum_range(NULL::"UpdateFrequency"))[1 + g % 6], 1000 * g, 4, ARRAY['id','ts','value','region'],
        '[{"id":1,"ts":"2026-01-01","value":3.2,"region":"EU"}]'::jsonb, g % 50, now() - (g || ' minutes')::interval, now()
      FROM generate_series(${first}, ${last}) g,
        (SELECT array_agg(id ORDER BY id) AS ids FROM "User" WHERE "dueDiligenceStatus" = 'approved') p`);
    log(`  ${last.toLocaleString('en-US')} bulk contracts (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  await database.prisma.$executeRawUnsafe('VACUUM ANALYZE');
}

export interface ListQuery {
  name: string;
  filter: ContractFilter;
  sort: ContractSort;
  /** The index a search runs on; unless told, the one the app would use on this database (RUM where it is built). */
  searchIndex?: SearchIndex;
}

/** The listing queries the floor runs most. */
export const EXPLAINED: ListQuery[] = [
  { name: 'search + category + price + relevance', filter: { search: 'equities', category: 'financial', minPrice: '100', maxPrice: '3000' }, sort: 'relevant' },
  { name: 'search + sort by price', filter: { search: 'claims feed' }, sort: 'price-low' },
  { name: 'category, newest first', filter: { category: 'healthcare' }, sort: 'newest' },
  { name: 'price range, cheapest first', filter: { minPrice: '1000', maxPrice: '1200' }, sort: 'price-low' },
  { name: 'everything, most popular', filter: {}, sort: 'popular' },
];

export interface StatementPlan {
  /** What the plan reads from, in plan order ("Index Scan on Contract using ..."). */
  scans: string[];
  seqScanOnContracts: boolean;
  rows: number;
  executionMs: number;
  planningMs: number;
  sharedHit: number;
  sharedRead: number;
  /** EXPLAIN (ANALYZE, BUFFERS) as PostgreSQL prints it. */
  text: string;
}

export interface PlanReport {
  name: string;
  page: StatementPlan;
  count: StatementPlan;
}

function scans(plan: any): string[] {
  const out: string[] = [];
  const walk = (node: any) => {
    if (!node || typeof node !== 'object') return;
    const type = String(node['Node Type'] ?? '');
    if (type.includes('Scan') && node['Relation Name']) out.push(`${type} on ${node['Relation Name']}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}`);
    else if (type === 'Bitmap Index Scan') out.push(`${type} using ${node['Index Name']}`);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan);
  return out;
}

async function explain(database: Database, sql: Prisma.Sql): Promise<StatementPlan> {
  // Once unrecorded: the first run after a load or VACUUM pays for cold caches, not for the plan.
  await database.prisma.$queryRaw(Prisma.sql`EXPLAIN (ANALYZE) ${sql}`);
  const [json] = await database.prisma.$queryRaw<{ 'QUERY PLAN': any }[]>(Prisma.sql`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`);
  const textRows = await database.prisma.$queryRaw<{ 'QUERY PLAN': string }[]>(Prisma.sql`EXPLAIN (ANALYZE, BUFFERS) ${sql}`);
  const top = json!['QUERY PLAN'][0];
  const found = scans(top.Plan);
  return {
    scans: found,
    seqScanOnContracts: found.some((s) => s.startsWith('Seq Scan on Contract') || s.startsWith('Parallel Seq Scan on Contract')),
    rows: top.Plan['Actual Rows'],
    executionMs: top['Execution Time'],
    planningMs: top['Planning Time'],
    sharedHit: top.Plan['Shared Hit Blocks'] ?? 0,
    sharedRead: top.Plan['Shared Read Blocks'] ?? 0,
    text: textRows.map((r) => r['QUERY PLAN']).join('\n'),
  };
}

/** EXPLAIN (ANALYZE, BUFFERS) of the page of ids and of the count each query runs (PostgreSQL). */
export async function explainListQueries(url: string, queries: ListQuery[] = EXPLAINED): Promise<PlanReport[]> {
  const database = await openDatabase({ url });
  try {
    const reports: PlanReport[] = [];
    for (const q of queries) {
      const searchIndex = q.searchIndex ?? (await searchIndexFor(database.prisma, q.filter));
      const sql = contractPageSql({ filter: q.filter, sort: q.sort, offset: 0, limit: 20, searchIndex });
      reports.push({ name: q.name, page: await explain(database, sql.page), count: await explain(database, sql.count) });
    }
    return reports;
  } finally {
    await database.close();
  }
}
