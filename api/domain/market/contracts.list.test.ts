import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabases, type TestDatabase } from '../../test/databases.ts';
import { makeContract, makeUser } from '../../test/market-fixtures.ts';
import { contractPageSql, COUNT_CAP, findContractPage } from './contracts.list.ts';

// Counts stop at a cap (docs/decisions.md "Counts stop at 10,000"): exact below it, the cap and
// "not exact" above it, and the page itself is never cut by it.
describe.each(testDatabases())('the count of a contract list (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const provider = await makeUser(database.prisma, `counted_${kind}`);
    for (let i = 0; i < 7; i++) await makeContract(database.prisma, provider.id, { title: `Counted ${i}`, category: 'other', price: `${10 + i}.00` });
  });
  afterAll(async () => database?.destroy());

  it('is exact up to the cap', async () => {
    expect(await findContractPage(database.prisma, { filter: {}, sort: 'newest', offset: 0, limit: 3, countCap: 7 })).toMatchObject({ totalCount: 7, totalCountIsExact: true });
    expect(await findContractPage(database.prisma, { filter: {}, sort: 'newest', offset: 0, limit: 3 })).toMatchObject({ totalCount: 7, totalCountIsExact: true });
  });

  it('stops at the cap and says so, while pages past it still load', async () => {
    const page = await findContractPage(database.prisma, { filter: {}, sort: 'price-low', offset: 0, limit: 3, countCap: 5 });
    expect(page).toMatchObject({ totalCount: 5, totalCountIsExact: false });
    expect(page.ids).toHaveLength(3);
    const past = await findContractPage(database.prisma, { filter: {}, sort: 'price-low', offset: 5, limit: 3, countCap: 5 });
    expect(past.ids).toHaveLength(2);
    expect(past).toMatchObject({ totalCount: 5, totalCountIsExact: false });
  });

  it('counts with a bounded statement', () => {
    const { count } = contractPageSql({ filter: {}, sort: 'newest', offset: 0, limit: 20 });
    expect(count.sql).toMatch(/LIMIT \?\) matches$/);
    expect(count.values).toContain(COUNT_CAP + 1);
  });
});
