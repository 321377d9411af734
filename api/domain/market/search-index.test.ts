import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '../../db/generated/prisma/client.ts';
import { createTestDatabase, testDatabases, type TestDatabase } from '../../test/databases.ts';
import { makeContract, makeUser } from '../../test/market-fixtures.ts';
import { findContractCards } from './contract-cards.ts';
import { contractPageSql, findContractPage, RUM_SEARCH_INDEX, searchIndexOf, type SearchIndex } from './contracts.list.ts';

// Search at scale (docs/decisions.md "Issue 28: search at scale"): where PostgreSQL has the RUM
// extension, "most relevant" is ranked and ordered by the RUM index; elsewhere (embedded PGlite, a
// server without the package) by ts_rank_cd over the GIN index's matches. Both answer the same
// matches, best first, and page through them without gaps or repeats.
describe.each(testDatabases())('search on %s', (kind) => {
  let database: TestDatabase;
  let expected: SearchIndex;
  /** Bulk matches, all ranked alike: the ties a popular word has by the thousand. */
  const BULK = 300;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const [available] = await database.prisma.$queryRaw<{ rum: boolean }[]>`SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'rum') AS rum`;
    expected = available!.rum ? 'rum' : 'gin';
    const provider = await makeUser(database.prisma, `searcher_${kind}`, { dueDiligenceStatus: 'approved' });
    await makeContract(database.prisma, provider.id, { title: 'Harbor Tanker Positions', category: 'transportation', price: '900.00', salesCount: 1 });
    await makeContract(database.prisma, provider.id, {
      title: 'Port Calls',
      description: 'Vessel arrivals; tanker and harbor pilots noted.',
      category: 'transportation',
      price: '400.00',
      salesCount: 40,
    });
    await makeContract(database.prisma, provider.id, { title: 'Hidden Tanker Draft', category: 'transportation', price: '10.00', status: 'pending_review' });
    // Bulk rows straight in (the search-vector trigger fills their words), like the scale benchmark's.
    await database.prisma.$executeRaw`
      INSERT INTO "Contract" (id, "providerId", title, description, category, status, price, "marketPrice", "updateFrequency",
        "recordCount", "fieldCount", "dataFields", "salesCount", "createdAt", "updatedAt")
      SELECT gen_random_uuid()::text, ${provider.id}, 'Bulk ' || (CASE WHEN g % 3 = 0 THEN 'Freight' ELSE 'Weather' END) || ' Feed #' || g,
        'Synthetic listing number ' || g || ' for the search tests.', 'other', 'active', 100, 100, 'daily', 10, 2, ARRAY['id','value'], g % 7, now(), now()
      FROM generate_series(1, ${BULK}) g`;
    await database.prisma.$executeRawUnsafe('ANALYZE "Contract"');
  });
  afterAll(async () => database?.destroy());

  it(`runs on RUM where PostgreSQL has it, on GIN elsewhere (${kind === 'pglite' ? 'never on the embedded database' : 'this server'})`, async () => {
    expect(await searchIndexOf(database.prisma)).toBe(expected);
    expect(await searchIndexOf(database.sql)).toBe(expected);
    if (kind === 'pglite') expect(expected).toBe('gin');
    const [index] = await database.prisma.$queryRaw<{ found: boolean }[]>`SELECT to_regclass(${`"${RUM_SEARCH_INDEX}"`}) IS NOT NULL AS found`;
    expect(index!.found).toBe(expected === 'rum');
  });

  it('reads the first page of a ranked search from the index that serves it', async () => {
    const { page } = contractPageSql({ filter: { search: 'freight' }, sort: 'relevant', offset: 0, limit: 20, searchIndex: expected });
    // A few hundred rows are cheaper read whole: without sequential scans, the planner shows the plan
    // it picks at scale (bench:scale EXPLAINs it at 1,000,000 contracts, docs/performance.md).
    const plan = await database.prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
      return (await tx.$queryRaw<{ 'QUERY PLAN': string }[]>(Prisma.sql`EXPLAIN ${page}`)).map((r) => r['QUERY PLAN']).join('\n');
    });
    if (expected === 'rum') {
      // Ordered by the index, LIMIT stops its scan: no sort of the matches.
      expect(plan).toMatch(new RegExp(`Index Scan using "?${RUM_SEARCH_INDEX}"?`));
      expect(plan).toContain('<=>');
      expect(plan).not.toMatch(/\bSort\b/);
    } else {
      expect(page.sql).toContain('ts_rank_cd');
      expect(plan).toMatch(/Sort/);
    }
  });

  it('ranks title matches above description matches, and finds only active contracts', async () => {
    for (const find of [findContractPage.bind(null, database.prisma), findContractCards.bind(null, database.sql)]) {
      const page = await find({ filter: { search: 'tanker' }, sort: 'relevant', offset: 0, limit: 10 });
      const titles = await titlesOf(page.ids);
      expect(titles).toEqual(['Harbor Tanker Positions', 'Port Calls']);
      expect(page).toMatchObject({ totalCount: 2, totalCountIsExact: true });
    }
  });

  it('pages through a popular word, ties included, without gaps or repeats, on either index', async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < BULK; offset += 30) {
      const page = await findContractPage(database.prisma, { filter: { search: 'freight' }, sort: 'relevant', offset, limit: 30 });
      expect(page.totalCount).toBe(BULK / 3);
      seen.push(...page.ids);
    }
    expect(seen).toHaveLength(BULK / 3);
    expect(new Set(seen).size).toBe(BULK / 3);
    // The same matches as the GIN path finds (on PGlite that is the path itself).
    const gin = await idsOf(contractPageSql({ filter: { search: 'freight' }, sort: 'relevant', offset: 0, limit: 1000, searchIndex: 'gin' }).page);
    expect([...seen].sort()).toEqual([...gin].sort());
  });

  it('counts up to the cap from the same ranking, and pages past the cap still load in order', async () => {
    const all = await findContractPage(database.prisma, { filter: { search: 'freight' }, sort: 'relevant', offset: 0, limit: 100 });
    const capped = await findContractPage(database.prisma, { filter: { search: 'freight' }, sort: 'relevant', offset: 0, limit: 10, countCap: 50 });
    expect(capped).toMatchObject({ totalCount: 50, totalCountIsExact: false });
    expect(capped.ids).toEqual(all.ids.slice(0, 10));
    const past = await findContractPage(database.prisma, { filter: { search: 'freight' }, sort: 'relevant', offset: 60, limit: 30, countCap: 50 });
    expect(past).toMatchObject({ totalCount: 50, totalCountIsExact: false });
    expect(past.ids).toEqual(all.ids.slice(60, 90));
    const cards = await findContractCards(database.sql, { filter: { search: 'freight' }, sort: 'relevant', offset: 60, limit: 30, countCap: 50 });
    expect(cards.ids).toEqual(past.ids);
  });

  it("leaves the connection's work_mem as it was (RUM's sort memory is the statement's own)", async () => {
    const setting = async () => (await database.sql.query<{ w: string }>(Prisma.sql`SELECT current_setting('work_mem') AS w`))[0]!.w;
    const before = await setting();
    await findContractCards(database.sql, { filter: { search: 'freight' }, sort: 'relevant', offset: 0, limit: 20 });
    expect(await setting()).toBe(before);
  });

  it('keeps the other sorts of a search as they were', async () => {
    const sql = contractPageSql({ filter: { search: 'tanker' }, sort: 'price-low', offset: 0, limit: 20, searchIndex: expected });
    expect(sql.page.sql).not.toContain('<=>');
    const page = await findContractPage(database.prisma, { filter: { search: 'tanker' }, sort: 'price-low', offset: 0, limit: 20 });
    expect(await titlesOf(page.ids)).toEqual(['Port Calls', 'Harbor Tanker Positions']);
  });

  async function idsOf(sql: Prisma.Sql): Promise<string[]> {
    return (await database.prisma.$queryRaw<{ id: string }[]>(sql)).map((r) => r.id);
  }

  async function titlesOf(ids: string[]): Promise<string[]> {
    const rows = await database.prisma.contract.findMany({ where: { id: { in: ids } }, select: { id: true, title: true } });
    return ids.map((id) => rows.find((r) => r.id === id)!.title);
  }
});
