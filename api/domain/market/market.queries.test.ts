import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApp, type TestApp } from '../../test/harness.ts';
import { makeContract, makeUser } from '../../test/market-fixtures.ts';

// No N+1 queries: the number of SQL statements does not grow with the page. The trading floor's
// list query runs the same number of SQL statements for a page of 10, 20 or 100 cards: one for a
// page of cards (the card read model, contract-cards.ts), at most three when a node asks more than
// a card holds (through Prisma).
const CARD = `id ticker title categoryLabel status updateFrequency price pricingModel marketPrice priceChange24h { change percent }
  recordCount fieldCount dataFormat deliveryMethod highestBid openBidCount salesCount
  provider { name rating reviewCount completedSales isVerifiedProvider profileImage }`;
const FLOOR = `query($first: Int!) { contracts(first: $first, sort: NEWEST) { totalCount edges { node { ${CARD} } } } }`;
const FLOOR_WITH_SAMPLES = `query($first: Int!) { contracts(first: $first, sort: NEWEST) { totalCount edges { node { ${CARD} sampleData } } } }`;

describe('statements per page of the market list', () => {
  let app: TestApp;
  const statements: string[] = [];
  let counting = false;

  beforeAll(async () => {
    app = await startTestApp('pglite', {}, { onQuery: (sql) => counting && statements.push(sql) });
    const db = app.database.prisma;
    const providers = await Promise.all(['p1', 'p2', 'p3', 'p4', 'p5'].map((u) => makeUser(db, u, { rating: '4.10', reviewCount: 3 })));
    for (let i = 0; i < 120; i++) {
      const c = await makeContract(db, providers[i % 5]!.id, { title: `Set ${i}`, category: 'other', price: `${100 + i}.00` });
      await db.priceTick.create({ data: { contractId: c.id, price: '90.00', source: 'listing', createdAt: new Date(Date.now() - 2 * 86400_000) } });
      if (i % 3 === 0) await db.bid.create({ data: { contractId: c.id, bidderId: providers[(i + 1) % 5]!.id, amount: '50.00' } });
    }
  });
  afterAll(async () => app?.close());

  async function count(first: number, query = FLOOR) {
    statements.length = 0;
    counting = true;
    const res = await new Client(app).gql(query, { first });
    counting = false;
    expect(res.errors).toBeUndefined();
    expect(res.data.contracts.edges).toHaveLength(first);
    // the figures read with the page belong to their own cards
    for (const { node } of res.data.contracts.edges) {
      expect(node.priceChange24h.change).toBe((Number(node.marketPrice) - 90).toFixed(2));
      const withBid = Number(node.title.replace('Set ', '')) % 3 === 0;
      expect({ highestBid: node.highestBid, openBidCount: node.openBidCount }).toEqual(withBid ? { highestBid: '50.00', openBidCount: 1 } : { highestBid: null, openBidCount: 0 });
    }
    return statements.length;
  }

  it('is one statement for a page of cards, whatever its size', async () => {
    expect([await count(10), await count(20), await count(100)]).toEqual([1, 1, 1]);
  });

  it('is the same for 10, 20 and 100 nodes that ask more than a card, and small', async () => {
    const [ten, twenty, hundred] = [await count(10, FLOOR_WITH_SAMPLES), await count(20, FLOOR_WITH_SAMPLES), await count(100, FLOOR_WITH_SAMPLES)];
    expect(twenty).toBe(ten);
    expect(hundred).toBe(ten);
    expect(ten).toBeGreaterThanOrEqual(2); // the page, the rows (the listener works)
    // the page (ids, count and the cards' figures in one statement), the rows, their providers
    expect(ten).toBeLessThanOrEqual(3);
  });
});
