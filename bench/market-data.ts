// Prepares a benchmark database: migrations, the demo market, and 10,000 more active contracts
// spread over every category, price and provider, then ANALYZE, so list queries meet real sizes.
import { Prisma } from '../api/db/generated/prisma/client.ts';
import { openDatabase, type Database } from '../api/db/database.ts';
import { seedDemoData } from '../api/demo/seed.ts';
import { contractPageSql, type ContractFilter, type ContractSort } from '../api/domain/market/contracts.list.ts';

export const BULK_CONTRACTS = Number(process.env.BENCH_CONTRACTS ?? 10_000);

export async function prepareMarket(target: { url?: string; dataDir?: string }): Promise<void> {
  const database = await openDatabase(target);
  try {
    await database.migrate();
    await seedDemoData(database.prisma);
    await database.prisma.$executeRawUnsafe(`
      INSERT INTO "Contract" (id, "providerId", title, description, category, status, price, "marketPrice",
        "updateFrequency", "recordCount", "fieldCount", "dataFields", "sampleData", "salesCount", "createdAt", "updatedAt")
      SELECT gen_random_uuid()::text, p.id,
        'Bulk ' || (ARRAY['Equities','Claims','Retail','Mobility','Energy','Weather','Social','Housing'])[1 + g % 8] || ' Feed #' || g,
        'Synthetic benchmark listing number ' || g || ' with enough words to be searched by title and description.',
        (enum_range(NULL::"Category"))[1 + g % 13], 'active', (49 + (g * 37) % 4900)::numeric(12,2), (49 + (g * 37) % 4900)::numeric(12,2),
        (enum_range(NULL::"UpdateFrequency"))[1 + g % 6], 1000 * g, 4, ARRAY['id','ts','value','region'],
        '[{"id":1,"ts":"2026-01-01","value":3.2,"region":"EU"}]'::jsonb, g % 50, now() - (g || ' minutes')::interval, now()
      FROM generate_series(1, ${BULK_CONTRACTS}) g
      CROSS JOIN LATERAL (SELECT id FROM "User" WHERE "dueDiligenceStatus" = 'approved' ORDER BY id OFFSET (g % 8) LIMIT 1) p`);
    await database.prisma.$executeRawUnsafe('ANALYZE');
  } finally {
    await database.close();
  }
}

/** The listing queries the floor runs most, with EXPLAIN on each: whether they scan the whole table. */
export const EXPLAINED: Array<{ name: string; filter: ContractFilter; sort: ContractSort }> = [
  { name: 'search + category + price + relevance', filter: { search: 'equities', category: 'financial', minPrice: '100', maxPrice: '3000' }, sort: 'relevant' },
  { name: 'search + sort by price', filter: { search: 'claims feed' }, sort: 'price-low' },
  { name: 'category, newest first', filter: { category: 'healthcare' }, sort: 'newest' },
  { name: 'price range, cheapest first', filter: { minPrice: '1000', maxPrice: '1200' }, sort: 'price-low' },
  { name: 'everything, most popular', filter: {}, sort: 'popular' },
];

export interface PlanReport {
  name: string;
  pageScan: string;
  countScan: string;
  seqScanOnContracts: boolean;
}

function scans(plan: unknown): string[] {
  const out: string[] = [];
  const walk = (node: any) => {
    if (!node || typeof node !== 'object') return;
    const type = String(node['Node Type'] ?? '');
    if (type.includes('Scan') && node['Relation Name']) out.push(`${type} on ${node['Relation Name']}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}`);
    else if (type === 'Bitmap Index Scan') out.push(`${type} using ${node['Index Name']}`);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk((plan as any)[0]?.Plan);
  return out;
}

export async function explainListQueries(url: string): Promise<PlanReport[]> {
  const database: Database = await openDatabase({ url });
  try {
    const reports: PlanReport[] = [];
    for (const q of EXPLAINED) {
      const sql = contractPageSql({ filter: q.filter, sort: q.sort, offset: 0, limit: 20 });
      const [page] = await database.prisma.$queryRaw<{ 'QUERY PLAN': unknown }[]>(Prisma.sql`EXPLAIN (FORMAT JSON) ${sql.page}`);
      const [count] = await database.prisma.$queryRaw<{ 'QUERY PLAN': unknown }[]>(Prisma.sql`EXPLAIN (FORMAT JSON) ${sql.count}`);
      const pageScans = scans(page!['QUERY PLAN']);
      const countScans = scans(count!['QUERY PLAN']);
      reports.push({
        name: q.name,
        pageScan: pageScans.join('; '),
        countScan: countScans.join('; '),
        seqScanOnContracts: [...pageScans, ...countScans].some((s) => s.startsWith('Seq Scan on Contract')),
      });
    }
    return reports;
  } finally {
    await database.close();
  }
}
