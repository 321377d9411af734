import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { startTestApp, type Client, type TestApp } from '../../test/harness.ts';
import { makeUser } from '../../test/market-fixtures.ts';
import { login, makeListing, makePurchase } from './delivery.fixtures.ts';

// GET /api/purchases/buyer/{userId}, the library's list over REST: each purchase carries the access
// fields the access call answers (hasAccess, accessExpired, decided by the same rule) and its
// provider's public identity, read for the whole list at once.

describe.each(testDatabases())('the buyer\'s purchase list on %s', (kind) => {
  let app: TestApp;
  let buyer: Client;
  let ids: { seller: string; buyer: string; contract: string };

  beforeAll(async () => {
    app = await startTestApp(kind);
    const db = app.database.prisma;
    const seller = await makeUser(db, 'seller', { dueDiligenceStatus: 'approved' });
    const b = await makeUser(db, 'buyer');
    const contract = await makeListing(app, { providerId: seller.id, title: 'Listed data' });
    ids = { seller: seller.id, buyer: b.id, contract: contract.id };
    buyer = await login(app, 'buyer');
  }, 120_000);
  afterAll(async () => app?.close());

  const buy = (extra: Partial<Parameters<typeof makePurchase>[1]> = {}) => makePurchase(app, { buyerId: ids.buyer, sellerId: ids.seller, contractId: ids.contract, ...extra });

  it('answers hasAccess, accessExpired and the provider of each purchase, as the access call does', async () => {
    const live = await buy();
    const expired = await buy({ accessExpiresAt: new Date(Date.now() - 1000) });
    const refunded = await buy({ paymentStatus: 'refunded' });
    const pending = await buy({ paymentStatus: 'pending' });
    const res = await buyer.json('GET', `/api/purchases/buyer/${ids.buyer}`);
    expect(res.status).toBe(200);
    const byId = new Map(res.body.map((p: { id: string }) => [p.id, p]));
    const provider = { id: ids.seller, name: expect.any(String), profileImage: null };
    expect(byId.get(live.purchase.id)).toMatchObject({ hasAccess: true, accessExpired: false, provider });
    expect(byId.get(expired.purchase.id)).toMatchObject({ hasAccess: false, accessExpired: true, provider });
    expect(byId.get(refunded.purchase.id)).toMatchObject({ status: 'revoked', hasAccess: false, accessExpired: false, provider });
    expect(byId.get(pending.purchase.id)).toMatchObject({ hasAccess: false, accessExpired: false, provider });
    // the same answer as the access call for the purchase with access
    const access = await buyer.json('GET', `/api/data/access/${live.purchase.id}`);
    expect(access.body).toMatchObject({ hasAccess: true, accessExpired: false, provider });
  });
});

describe('statements of the buyer\'s purchase list', () => {
  let app: TestApp;
  let buyer: Client;
  let ids: { seller: string; buyer: string };
  const statements: string[] = [];
  let counting = false;

  beforeAll(async () => {
    app = await startTestApp('pglite', {}, { onQuery: (sql) => counting && statements.push(sql) });
    const db = app.database.prisma;
    const seller = await makeUser(db, 'seller', { dueDiligenceStatus: 'approved' });
    const b = await makeUser(db, 'buyer');
    ids = { seller: seller.id, buyer: b.id };
    buyer = await login(app, 'buyer');
  }, 120_000);
  afterAll(async () => app?.close());

  async function statementsFor(purchases: number) {
    const db = app.database.prisma;
    await db.apiKeyUsage.deleteMany();
    await db.apiKey.deleteMany();
    await db.purchase.deleteMany();
    await db.payment.deleteMany();
    for (let i = 0; i < purchases; i++) {
      const contract = await makeListing(app, { providerId: ids.seller, title: `Set ${purchases}-${i}` });
      await makePurchase(app, { buyerId: ids.buyer, sellerId: ids.seller, contractId: contract.id, paymentStatus: i % 2 ? 'escrowed' : 'released' });
    }
    await buyer.json('GET', `/api/purchases/buyer/${ids.buyer}`); // the first read notes the session's activity
    await new Promise((resolve) => setTimeout(resolve, 200));
    statements.length = 0;
    counting = true;
    const res = await buyer.json('GET', `/api/purchases/buyer/${ids.buyer}`);
    counting = false;
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(purchases);
    expect(res.body.every((p: { hasAccess: boolean }) => p.hasAccess)).toBe(true);
    return statements.length;
  }

  it('does not grow with the number of purchases (no query per purchase)', async () => {
    const one = await statementsFor(1);
    expect(await statementsFor(12)).toBe(one);
    // the session check, the purchases, their listings, payments and providers (issue 28: the
    // viewer is the session check's row, not read again for the list)
    expect(one).toBeLessThanOrEqual(5);
  });
});
