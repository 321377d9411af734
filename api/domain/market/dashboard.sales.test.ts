import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApp, type TestApp, logIn } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { makeContract, makeUser, toGlobalId } from '../../test/market-fixtures.ts';
import { makeTrade } from '../earnings/earnings.fixtures.ts';

// The provider's dashboard: sales, money held in escrow and payouts (their 90% share).
const SALES = `query($id: ID!) { node(id: $id) { ... on User {
  dashboardSummary { salesCount escrowHeld paidOut pendingPayouts }
  sales(first: 20) { totalCount edges { node { status amount providerAmount buyer { name } } } } } } }`;

describe.each(testDatabases())('provider sales on the dashboard (%s)', (kind) => {
  let app: TestApp;
  let providerId = '';

  const login = (username: string) => logIn(app, username);

  beforeAll(async () => {
    app = await startTestApp(kind);
    const db = app.database.prisma;
    const provider = await makeUser(db, 'seller', { dueDiligenceStatus: 'approved' });
    const rival = await makeUser(db, 'rival', { dueDiligenceStatus: 'approved' });
    const buyer = await makeUser(db, 'buyer');
    providerId = provider.id;
    const mine = await makeContract(db, provider.id, { title: 'Mine', category: 'other', price: '100.00' });
    const theirs = await makeContract(db, rival.id, { title: 'Theirs', category: 'other', price: '100.00' });
    const sell = (price: string, status: Parameters<typeof makeTrade>[1]['status'], contract = mine, sellerId = provider.id) =>
      makeTrade(db, { buyerId: buyer.id, sellerId, contractId: contract.id, price, status });
    await sell('100.00', 'released'); // provider gets 90.00
    await sell('33.35', 'released'); // commission 3.34 (half-up), provider 30.01
    await sell('200.00', 'escrowed'); // 180.00 held
    await sell('0.99', 'disputed'); // commission 0.10, provider 0.89 held
    await sell('500.00', 'refunded');
    await sell('700.00', 'pending');
    await sell('800.00', 'failed');
    await sell('650.00', 'processing');
    await sell('999.00', 'released', theirs, rival.id); // someone else's sale
  });
  afterAll(async () => app?.close());

  it('counts paid sales, the share held in escrow and the share paid out, to the cent', async () => {
    const { data } = await (await login('seller')).gql(SALES, { id: toGlobalId('User', providerId) });
    expect(data.node.dashboardSummary).toEqual({ salesCount: 4, escrowHeld: '180.89', paidOut: '120.01', pendingPayouts: 2 });
    // Only what was paid (escrowed, disputed, released) or refunded: the pending and failed
    // attempts are the buyer's, not sales (docs/decisions.md, "What the sales list shows").
    expect(data.node.sales.totalCount).toBe(5);
    expect(data.node.sales.edges.map((e: any) => e.node.status).sort()).toEqual(['disputed', 'escrowed', 'refunded', 'released', 'released']);
    const released = data.node.sales.edges.map((e: any) => e.node).filter((n: any) => n.status === 'released');
    expect(released.map((n: any) => n.providerAmount).sort()).toEqual(['30.01', '90.00']);
  });

  it('a user without sales sees zeros', async () => {
    const db = app.database.prisma;
    const buyer = await db.user.findUniqueOrThrow({ where: { username: 'buyer' } });
    const { data } = await (await login('buyer')).gql(SALES, { id: toGlobalId('User', buyer.id) });
    expect(data.node.dashboardSummary).toEqual({ salesCount: 0, escrowHeld: '0.00', paidOut: '0.00', pendingPayouts: 0 });
  });

  it('per role: the buyer reads their own attempts in their payments, the provider only the sales; nobody else either', async () => {
    const db = app.database.prisma;
    const buyer = await db.user.findUniqueOrThrow({ where: { username: 'buyer' } });
    const OWN = `query($id: ID!) { node(id: $id) { ... on User { payments(first: 20) { totalCount edges { node { status } } } } } }`;
    // The buyer's own list keeps every attempt of theirs, declined ones included.
    const own = await (await login('buyer')).gql(OWN, { id: toGlobalId('User', buyer.id) });
    expect(own.data.node.payments.edges.map((e: any) => e.node.status).sort()).toEqual(
      ['disputed', 'escrowed', 'failed', 'pending', 'processing', 'refunded', 'released', 'released', 'released'],
    );
    // The provider sees the buyer's name on paid sales only.
    const { data } = await (await login('seller')).gql(SALES, { id: toGlobalId('User', providerId) });
    const statuses = data.node.sales.edges.map((e: any) => e.node.status);
    for (const hidden of ['pending', 'processing', 'failed']) expect(statuses).not.toContain(hidden);
    // Neither list is anyone else's to read (an administrator included: it is the user's dashboard).
    await makeUser(db, 'boss', { isAdmin: true });
    for (const client of [new Client(app), await login('rival'), await login('boss')]) {
      expect((await client.gql(OWN, { id: toGlobalId('User', buyer.id) })).data.node).toEqual({ payments: null });
      expect((await client.gql(SALES, { id: toGlobalId('User', providerId) })).data.node).toEqual({ dashboardSummary: null, sales: null });
    }
  });

  it('nobody else reads them', async () => {
    for (const client of [new Client(app), await login('rival'), await login('buyer')]) {
      const { data } = await client.gql(SALES, { id: toGlobalId('User', providerId) });
      expect(data.node).toEqual({ dashboardSummary: null, sales: null });
    }
  });
});
