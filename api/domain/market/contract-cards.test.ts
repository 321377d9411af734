import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, logIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { makeContract, makeUser, offsetCursor } from '../../test/market-fixtures.ts';
import { CARD_COLUMNS, CARD_PROVIDER_COLUMNS, findContractCards } from './contract-cards.ts';
import { CONTRACT_SORTS, findContractPage, type ContractFilter } from './contracts.list.ts';

// The floor's cards are read with plain SQL (contract-cards.ts): on both back ends, its rows must be
// exactly what Prisma gives for the same contracts, and a GraphQL page served from them exactly
// what the Prisma path answers.

const CARD = `id contractId title description category categoryLabel ticker status nextStatuses price marketPrice
  priceChange24h { change percent } pricingModel updateFrequency recordCount fieldCount dataFormat deliveryMethod
  sampleSize geographicCoverage dataSource dataAccessType dataFields isEnterprise salesCount createdAt viewerIsProvider
  highestBid openBidCount __typename
  provider { id userId name username profileImage isAdmin rating reviewCount tradeCount completedSales isVerifiedProvider memberSince __typename }`;
const page = (extra: string) => `query($first: Int!, $after: String, $sort: ContractSort, $filter: ContractFilter) {
  contracts(first: $first, after: $after, sort: $sort, filter: $filter) { totalCount totalCountIsExact edges { cursor node { ${CARD} ${extra} } } } }`;
// sampleData is no card field: the same page then goes through Prisma.
const THROUGH_CARDS = page('');
const THROUGH_PRISMA = page('sampleData');

describe.each(testDatabases())('the card read model (%s)', (kind) => {
  let app: TestApp;
  let providerId: string;

  beforeAll(async () => {
    app = await startTestApp(kind);
    const db = app.database.prisma;
    const rated = await makeUser(db, 'rated', { rating: '4.37', reviewCount: 3, dueDiligenceStatus: 'approved' });
    const unrated = await makeUser(db, 'unrated', { rating: null });
    await db.user.update({ where: { id: unrated.id }, data: { profileImage: 'https://img.example/u.png', tradeCount: 7 } });
    providerId = rated.id;
    const dayAgo = Date.now() - 2 * 86400_000;
    for (let i = 0; i < 30; i++) {
      const c = await makeContract(db, (i % 2 ? rated : unrated).id, {
        title: `Equities tape ${i}`,
        category: i % 3 ? 'financial' : 'other',
        price: `${(100 + i * 7.35).toFixed(2)}`,
        updateFrequency: i % 4 ? 'daily' : 'realtime',
        salesCount: i % 5,
        // Milliseconds matter: the read must give back the same instant.
        createdAt: new Date(Date.UTC(2026, 10, 1 + i, 12, 30, 15, (i * 37) % 1000)),
        dataFields: i % 6 ? ['ts', 'price', `f${i}`] : [],
      });
      await db.contract.update({
        where: { id: c.id },
        data: {
          marketPrice: `${(99 + i * 7.1).toFixed(2)}`,
          deliveryMethod: i % 2 ? 'api' : null,
          sampleSize: i % 3 ? '1,000 rows' : null,
          geographicCoverage: i % 4 ? 'EU' : null,
          dataSource: 'exchange',
          isEnterprise: i % 7 === 0,
          recordCount: i % 8 ? 1000 + i : null,
          fieldCount: i % 9 ? 3 : null,
          dataFormat: i % 2 ? 'csv' : 'json',
        },
      });
      if (i % 2) await db.priceTick.create({ data: { contractId: c.id, price: '95.50', source: 'listing', createdAt: new Date(dayAgo) } });
      if (i % 3 === 0) await db.bid.create({ data: { contractId: c.id, bidderId: (i % 2 ? unrated : rated).id, amount: '80.25' } });
    }
    // Not on the floor: must not come back from either path.
    await makeContract(db, rated.id, { title: 'Equities pending', category: 'financial', price: '10.00', status: 'pending_review' });
  });
  afterAll(async () => app?.close());

  it("gives Prisma's rows for the same contracts, with the same figures, order and count", async () => {
    const filters: ContractFilter[] = [{}, { search: 'equities tape' }, { category: 'financial', minPrice: '120', maxPrice: '260' }, { minProviderRating: 4 }, { freshness: ['realtime'] }];
    for (const sort of CONTRACT_SORTS) {
      for (const filter of filters) {
        const opts = { filter, sort, offset: 2, limit: 9 };
        const cards = await findContractCards(app.database.sql, opts);
        const prismaPage = await findContractPage(app.database.prisma, opts);
        expect(cards.ids).toEqual(prismaPage.ids);
        expect([cards.totalCount, cards.totalCountIsExact]).toEqual([prismaPage.totalCount, prismaPage.totalCountIsExact]);
        expect(cards.figures).toEqual(prismaPage.figures);
        const rows = await app.database.prisma.contract.findMany({ where: { id: { in: cards.ids } }, include: { provider: true } });
        const byId = new Map(rows.map((r) => [r.id, r]));
        for (const card of cards.cards) {
          const row = byId.get(card.id)!;
          const expected = {
            ...pick(row, CARD_COLUMNS),
            price: row.price.toFixed(2),
            marketPrice: row.marketPrice.toFixed(2),
            provider: { ...pick(row.provider, CARD_PROVIDER_COLUMNS), rating: row.provider.rating?.toFixed(2) ?? null },
          };
          expect(card).toEqual(expected);
        }
      }
    }
  });

  it('answers a GraphQL page exactly as the Prisma path does, anonymous and for the provider', async () => {
    const clients = [new Client(app), await logIn(app, 'rated')];
    for (const client of clients) {
      for (const variables of [
        { first: 12 },
        { first: 7, sort: 'PRICE_LOW', filter: { category: 'financial' } },
        { first: 5, sort: 'RATING', after: offsetCursor(4) },
        { first: 4, filter: { search: 'tape', minProviderRating: 4 } },
      ]) {
        const cards = await client.gql(THROUGH_CARDS, variables);
        const prisma = await client.gql(THROUGH_PRISMA, variables);
        expect(cards.errors).toBeUndefined();
        expect(prisma.errors).toBeUndefined();
        for (const edge of prisma.data.contracts.edges) delete edge.node.sampleData;
        expect(cards.data).toEqual(prisma.data);
        expect(cards.data.contracts.edges.length).toBe(variables.first);
      }
    }
    // The provider's own cards say so (viewerIsProvider), so the comparison above covered both values.
    const mine = await clients[1]!.gql(THROUGH_CARDS, { first: 30 });
    expect(new Set(mine.data.contracts.edges.map((e: any) => e.node.viewerIsProvider))).toEqual(new Set([true, false]));
    expect(mine.data.contracts.edges.every((e: any) => e.node.viewerIsProvider === (e.node.provider.userId === providerId))).toBe(true);
  });
});

function pick<T extends object, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, row[k]])) as Pick<T, K>;
}
