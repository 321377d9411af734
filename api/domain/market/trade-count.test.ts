import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, logIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { makeContract, makeUser } from '../../test/market-fixtures.ts';
import { ESCROW_WINDOW_MS } from '../payments/payments.rules.ts';

// One trade count (docs/decisions.md): a user's trades are the paid trades they are a party to,
// as buyer or seller (escrowed, disputed or released; a refund takes one back): the header
// (viewer.tradeCount), the floor's cards and REST's tradeCount show that one figure. A provider's
// completed sales are the paid ones they sold: the contract page's panel (provider.completedSales),
// REST's completedSales, the dashboard's Sales tile and the sum of their listings' sales. A declined
// card and an unpaid attempt count nowhere.

const GOOD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };
const DECLINED = { number: '4000 0000 0000 0002', expMonth: 12, expYear: 2099, cvc: '123' };

describe.each(testDatabases())('one trade count (%s)', (kind) => {
  let app: TestApp;
  let providerId = '';
  const contracts: Record<string, string> = {};
  const db = () => app.database.prisma;

  const post = (client: Client, path: string, body: unknown) =>
    client
      .request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(async (res) => ({ status: res.status, body: await res.json() }));
  async function pay(buyer: Client, contractId: string, card = GOOD) {
    const created = await post(buyer, '/api/payments', { contractId, paymentMethod: 'card' });
    expect(created.status).toBe(201);
    return { id: created.body.id as string, escrow: await post(buyer, `/api/payments/${created.body.id}/escrow`, { card }) };
  }

  beforeAll(async () => {
    app = await startTestApp(kind);
    providerId = (await makeUser(db(), 'tc_prov', { dueDiligenceStatus: 'approved' })).id;
    const other = await makeUser(db(), 'tc_other', { dueDiligenceStatus: 'approved' });
    for (const u of ['tc_ann', 'tc_bob']) await makeUser(db(), u);
    await makeUser(db(), 'tc_boss', { isAdmin: true });
    for (const [key, price] of [['a', '10.00'], ['b', '20.00'], ['c', '30.00']] as const) {
      contracts[key] = (await makeContract(db(), providerId, { title: `Trade count ${key}`, category: 'financial', price })).id;
    }
    contracts.others = (await makeContract(db(), other.id, { title: 'Somebody else’s', category: 'financial', price: '5.00' })).id;

    const [ann, bob, prov, admin] = await Promise.all(['tc_ann', 'tc_bob', 'tc_prov', 'tc_boss'].map((u) => logIn(app, u)));
    // Paid and kept in escrow, released by the job, released by an administrator: three trades.
    expect((await pay(ann, contracts.a!)).escrow.status).toBe(200);
    expect((await pay(ann, contracts.b!)).escrow.status).toBe(200);
    const settled = await pay(bob, contracts.b!);
    expect((await post(bob, `/api/payments/${settled.id}/dispute`, { reason: 'other', description: 'Not what I expected' })).status).toBe(201);
    expect((await post(admin, `/api/payments/${settled.id}/settle`, { decision: 'release', note: 'As described' })).status).toBe(200);
    // Paid, then refunded after a dispute: no longer a trade.
    const refunded = await pay(bob, contracts.a!);
    expect((await post(bob, `/api/payments/${refunded.id}/dispute`, { reason: 'data_quality', description: 'Empty file' })).status).toBe(201);
    expect((await post(admin, `/api/payments/${refunded.id}/settle`, { decision: 'refund', note: 'Empty indeed' })).status).toBe(200);
    // A declined card and an attempt never confirmed: no money, no trade.
    expect((await pay(ann, contracts.c!, DECLINED)).escrow.status).toBe(402);
    expect((await post(bob, '/api/payments', { contractId: contracts.c, paymentMethod: 'crypto' })).status).toBe(201);
    // The provider buying somebody else's data is that seller's trade, not theirs.
    expect((await pay(prov, contracts.others!)).escrow.status).toBe(200);
    await app.jobs.runDue(new Date(Date.now() + ESCROW_WINDOW_MS + 60_000));
  }, 120_000);
  afterAll(async () => app?.close());

  it('the header, the cards and REST show one trade count; the panel, REST, the dashboard and the listings one sales count', async () => {
    const prov = await logIn(app, 'tc_prov');
    const anonymous = new Client(app);
    const trades: Record<string, number> = {};
    const sales: Record<string, number> = {};

    trades.header = (await prov.gql(`{ viewer { tradeCount } }`)).data.viewer.tradeCount;
    sales.dashboardSales = (await prov.gql(`{ viewer { dashboardSummary { salesCount } } }`)).data.viewer.dashboardSummary.salesCount;
    const me = await prov.json('GET', '/api/auth/user');
    trades.restUserTradeCount = me.body.tradeCount ?? me.body.user?.tradeCount;
    sales.restUserCompletedSales = me.body.completedSales ?? me.body.user?.completedSales;

    // The floor's cards (the card read model) and the contract page's panel, as a visitor sees them.
    const floor = await anonymous.gql(`{ contracts(first: 50) { edges { node { contractId provider { userId name rating tradeCount completedSales isVerifiedProvider } } } } }`);
    const cards = floor.data.contracts.edges.map((e: any) => e.node).filter((n: any) => n.provider.userId === providerId);
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      trades[`card ${card.contractId}`] = card.provider.tradeCount;
      sales[`card ${card.contractId}`] = card.provider.completedSales;
    }
    const detail = await anonymous.gql(`query($id: ID!) { contract(id: $id) { salesCount provider { completedSales tradeCount } } }`, { id: contracts.a });
    sales.panel = detail.data.contract.provider.completedSales;
    trades.panelTradeCount = detail.data.contract.provider.tradeCount;
    sales.restContract = (await anonymous.json('GET', `/api/contracts/${contracts.a}`)).body.provider.completedSales;
    const restList = (await anonymous.json('GET', '/api/contracts')).body as any[];
    sales.restCard = restList.find((c) => c.id === contracts.b).provider.completedSales;

    let listed = 0;
    for (const key of ['a', 'b', 'c']) {
      listed += (await anonymous.gql(`query($id: ID!) { contract(id: $id) { salesCount } }`, { id: contracts[key] })).data.contract.salesCount;
    }
    sales.sumOfListingsSales = listed;

    const sold = await db().payment.count({ where: { sellerId: providerId, status: { in: ['escrowed', 'disputed', 'released'] } } });
    const traded = await db().payment.count({ where: { OR: [{ sellerId: providerId }, { buyerId: providerId }], status: { in: ['escrowed', 'disputed', 'released'] } } });
    // Three sales and the provider's own purchase.
    expect([sold, traded]).toEqual([3, 4]);
    expect(sales).toEqual(Object.fromEntries(Object.keys(sales).map((k) => [k, sold])));
    expect(trades).toEqual(Object.fromEntries(Object.keys(trades).map((k) => [k, traded])));
  });

  it('a purchase is a trade for the buyer and a trade and a completed sale for the seller', async () => {
    const other = await db().user.findUniqueOrThrow({ where: { username: 'tc_other' } });
    expect([other.tradeCount, other.completedSales]).toEqual([1, 1]);
    // Ann paid for two listings (her declined card counts nowhere); she sold nothing.
    const ann = (await (await logIn(app, 'tc_ann')).gql(`{ viewer { tradeCount completedSales } }`)).data.viewer;
    expect(ann).toEqual({ tradeCount: 2, completedSales: 0 });
    // Bob's refunded purchase is no longer a trade; his released one is.
    const bob = (await (await logIn(app, 'tc_bob')).gql(`{ viewer { tradeCount } }`)).data.viewer;
    expect(bob.tradeCount).toBe(1);
  });
});
