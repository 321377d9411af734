import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApp, type TestApp } from '../../test/harness.ts';
import { DEMO_BUYER_EMAIL, DEMO_PROVIDER_EMAIL, DEMO_USER_PASSWORD, seedDemoData } from '../../demo/seed.ts';
import { DEMO_ADMIN } from '../accounts/demo-admin.ts';
import { toGlobalId } from '../../test/market-fixtures.ts';

// The buyer dashboard's data (the specification; product decision: every figure real), and that no one
// reads another user's.
const DASHBOARD = `query($id: ID!) { node(id: $id) { ... on User { name
  dashboardSummary { activePurchases totalSpent activeListings averageRating openBids unreadMessages }
  recentActivity(limit: 50) { kind amount contractTitle }
  purchases(first: 100) { totalCount edges { node { status amount } } }
  listings(first: 100) { totalCount edges { node { status } } }
  dailyAmounts(days: 30) { day spent earned } } } }`;

describe('the dashboard data', () => {
  let app: TestApp;
  const ids: Record<string, string> = {};
  const login = async (email: string, password = DEMO_USER_PASSWORD) => {
    const client = new Client(app);
    const res = await client.json('POST', '/api/auth/login', { usernameOrEmail: email, password });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return client;
  };

  beforeAll(async () => {
    app = await startTestApp('pglite');
    await seedDemoData(app.database.prisma);
    for (const [key, email] of [['buyer', DEMO_BUYER_EMAIL], ['provider', DEMO_PROVIDER_EMAIL]] as const) {
      ids[key] = (await app.database.prisma.user.findUniqueOrThrow({ where: { email } })).id;
    }
  });
  afterAll(async () => app?.close());

  it('adds up the buyer’s own purchases, spend, bids and activity', async () => {
    const db = app.database.prisma;
    const { data } = await (await login(DEMO_BUYER_EMAIL)).gql(DASHBOARD, { id: toGlobalId('User', ids.buyer!) });
    const me = data.node;
    const purchases = await db.purchase.findMany({ where: { buyerId: ids.buyer } });
    const paid = purchases.filter((p) => p.status === 'active' || p.status === 'expired');
    expect(me.dashboardSummary.activePurchases).toBe(purchases.filter((p) => p.status === 'active').length);
    expect(me.dashboardSummary.activePurchases).toBeGreaterThan(0);
    expect(Number(me.dashboardSummary.totalSpent)).toBeCloseTo(paid.reduce((s, p) => s + Number(p.amount), 0), 2);
    expect(me.dashboardSummary.openBids).toBe(await db.bid.count({ where: { bidderId: ids.buyer, status: 'open' } }));
    expect(me.purchases.totalCount).toBe(purchases.length);
    expect(me.recentActivity.some((e: any) => e.kind === 'purchase')).toBe(true);
    expect(me.dailyAmounts).toHaveLength(30);
    const spentInWindow = me.dailyAmounts.reduce((s: number, d: any) => s + Number(d.spent), 0);
    expect(spentInWindow).toBeGreaterThan(0);
  });

  it('shows the provider’s listings, rating and sales activity', async () => {
    const db = app.database.prisma;
    const { data } = await (await login(DEMO_PROVIDER_EMAIL)).gql(DASHBOARD, { id: toGlobalId('User', ids.provider!) });
    const me = data.node;
    const provider = await db.user.findUniqueOrThrow({ where: { id: ids.provider } });
    expect(me.dashboardSummary.activeListings).toBe(await db.contract.count({ where: { providerId: ids.provider, status: 'active' } }));
    expect(me.dashboardSummary.averageRating).toBe(provider.rating === null ? null : Number(provider.rating));
    expect(me.listings.totalCount).toBe(await db.contract.count({ where: { providerId: ids.provider } }));
    expect(me.listings.edges.some((e: any) => e.node.status === 'pending_review')).toBe(true);
    expect(me.recentActivity.some((e: any) => e.kind === 'sale')).toBe(true);
    expect(me.dailyAmounts.some((d: any) => Number(d.earned) > 0)).toBe(true);
  });

  it.each([
    ['anonymous', null],
    ['another user', DEMO_PROVIDER_EMAIL],
    ['an administrator', DEMO_ADMIN.email],
  ])('%s reads none of the buyer’s dashboard', async (_who, email) => {
    const client = email === null ? new Client(app) : email === DEMO_ADMIN.email ? await login(email, DEMO_ADMIN.password) : await login(email);
    const { data } = await client.gql(DASHBOARD, { id: toGlobalId('User', ids.buyer!) });
    expect(data.node).toMatchObject({ dashboardSummary: null, recentActivity: null, purchases: null, listings: null, dailyAmounts: null });
  });

  it('a purchase or payment is readable by its buyer, the seller and admins only', async () => {
    const db = app.database.prisma;
    const purchase = await db.purchase.findFirstOrThrow({ where: { buyerId: ids.buyer }, include: { contract: true, payment: true } });
    const query = `query($p: ID!, $pay: ID!) { p: node(id: $p) { ... on Purchase { amount } } pay: node(id: $pay) { ... on Payment { amount } } }`;
    const vars = { p: toGlobalId('Purchase', purchase.id), pay: toGlobalId('Payment', purchase.paymentId!) };
    const seller = await db.user.findUniqueOrThrow({ where: { id: purchase.contract.providerId } });
    const outsider = await db.user.findFirstOrThrow({ where: { id: { notIn: [ids.buyer!, seller.id] }, isAdmin: false, dueDiligenceStatus: 'not_started' } });
    const asBuyer = await (await login(DEMO_BUYER_EMAIL)).gql(query, vars);
    expect(asBuyer.data.p.amount).toBe(purchase.amount.toFixed(2));
    expect(asBuyer.data.pay.amount).toBe(purchase.payment!.amount.toFixed(2));
    const asSeller = await (await login(seller.email)).gql(query, vars);
    expect(asSeller.data.p.amount).toBe(purchase.amount.toFixed(2));
    for (const client of [new Client(app), await login(outsider.email)]) {
      const res = await client.gql(query, vars);
      expect(res.data?.p ?? null).toBeNull();
      expect(res.data?.pay ?? null).toBeNull();
      // null as for an unknown id, without an error that would tell the record exists.
      expect(res.errors ?? []).toEqual([]);
    }
  });

  it('updateProfile changes only the viewer’s own name and picture, with clear errors', async () => {
    const buyer = await login(DEMO_BUYER_EMAIL);
    const UPDATE = `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { __typename ... on Error { message }
      ... on MutationUpdateProfileSuccess { data { name profileImage } } } }`;
    const ok = await buyer.gql(UPDATE, { input: { name: 'Ava T.', profileImage: 'https://images.example.com/ava.png' } });
    expect(ok.data.updateProfile.data).toEqual({ name: 'Ava T.', profileImage: 'https://images.example.com/ava.png' });
    const bad = await buyer.gql(UPDATE, { input: { name: 'Ava', profileImage: 'javascript:alert(1)' } });
    expect(bad.data.updateProfile).toEqual({ __typename: 'ValidationError', message: 'Profile image must be an http(s) address' });
    const empty = await buyer.gql(UPDATE, { input: { name: '  ' } });
    expect(empty.data.updateProfile.message).toBe('Name is required');
    const anon = await new Client(app).gql(UPDATE, { input: { name: 'x' } });
    expect(anon.data.updateProfile.__typename).toBe('AuthenticationError');
  });
});
