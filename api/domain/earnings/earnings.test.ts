import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApp, type TestApp, logIn } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { makeContract, makeUser } from '../../test/market-fixtures.ts';
import { commission, decimalString, parseMoney, providerShare } from '../money/money.ts';
import { makeTrades, type TradeSpec } from './earnings.fixtures.ts';
import { platformEarnings } from './earnings.service.ts';

// Platform earnings: the 10% commission kept on released payments only, from SQL aggregates.

const PROVIDERS = 12;
/** Provider i sells i+1 times at this price, released on 1-5 March 2026. */
const priceOf = (i: number) => `${100 + 10 * i}.00`;
const releaseDay = (k: number) => new Date(Date.UTC(2026, 2, 1 + (k % 5), 12));

const EARNINGS = `query($from: DateTime, $to: DateTime) { platformEarnings(from: $from, to: $to) { totalPlatformRevenue commissionRate
  totalTransactionVolume totalTransactions averageCommissionPerTransaction topEarningProviders { userId name transactions earnings }
  revenueByDay { date revenue volume transactions } } }`;

describe.each(testDatabases())('platform earnings (%s)', (kind) => {
  let app: TestApp;
  let counting = false;
  const statements: string[] = [];
  const providers: Array<{ id: string; name: string }> = [];
  let buyerId = '';
  let contractOf: string[] = [];

  const login = (username: string) => logIn(app, username);

  beforeAll(async () => {
    app = await startTestApp(kind, {}, { onQuery: (sql) => counting && statements.push(sql) });
    const db = app.database.prisma;
    await makeUser(db, 'admin', { isAdmin: true });
    buyerId = (await makeUser(db, 'buyer')).id;
    for (let i = 0; i < PROVIDERS; i++) {
      const p = await makeUser(db, `provider${String(i).padStart(2, '0')}`, { dueDiligenceStatus: 'approved' });
      providers.push(p);
      contractOf.push((await makeContract(db, p.id, { title: `Set ${i}`, category: 'other', price: priceOf(i) })).id);
    }
    const trades: TradeSpec[] = [];
    for (let i = 0; i < PROVIDERS; i++) {
      const base = { buyerId, sellerId: providers[i]!.id, contractId: contractOf[i]! };
      for (let k = 0; k <= i; k++) trades.push({ ...base, price: priceOf(i), status: 'released', releasedAt: releaseDay(k) });
      // Money that was never taken, is still held, or went back: none of it is the platform's.
      for (const status of ['pending', 'failed', 'escrowed', 'disputed', 'refunded'] as const) trades.push({ ...base, price: '9999.00', status });
    }
    await makeTrades(db, trades);
  });
  afterAll(async () => app?.close());

  it('adds up the released payments only', async () => {
    const e = await platformEarnings(app.database.prisma);
    let volume = 0n;
    let revenue = 0n;
    let count = 0;
    const earned: Array<[number, bigint, number]> = [];
    for (let i = 0; i < PROVIDERS; i++) {
      const price = parseMoney(priceOf(i));
      volume += price * BigInt(i + 1);
      revenue += commission(price) * BigInt(i + 1);
      count += i + 1;
      earned.push([i, providerShare(price) * BigInt(i + 1), i + 1]);
    }
    expect(count).toBe(78);
    expect(revenue * 10n).toBe(volume); // 10% of the released volume
    expect(e).toMatchObject({
      totalPlatformRevenue: decimalString(revenue),
      commissionRate: 10,
      totalTransactionVolume: decimalString(volume),
      totalTransactions: 78,
      averageCommissionPerTransaction: decimalString((revenue * 2n + 78n) / (2n * 78n)),
    });
    expect(e.totalTransactionVolume).toBe('13520.00');
    expect(e.totalPlatformRevenue).toBe('1352.00');
    expect(e.averageCommissionPerTransaction).toBe('17.33');
    const top = earned.sort((a, b) => Number(b[1] - a[1])).slice(0, 10);
    expect(e.topEarningProviders).toEqual(
      top.map(([i, cents, transactions]) => ({ id: providers[i]!.id, name: providers[i]!.name, transactions, earnings: decimalString(cents), volume: decimalString(parseMoney(priceOf(i)) * BigInt(transactions)) })),
    );
    expect(e.topEarningProviders[0]).toEqual({ id: providers[11]!.id, name: 'provider11', transactions: 12, earnings: '2268.00', volume: '2520.00' });

    // The chart: every day from the first release to today; its days add up to the totals.
    expect(e.revenueByDay[0]).toMatchObject({ date: '2026-03-01', transactions: 12 + 7 + 2 });
    expect(e.revenueByDay.at(-1)!.date).toBe(new Date().toISOString().slice(0, 10));
    expect(e.revenueByDay.reduce((n, d) => n + d.transactions, 0)).toBe(78);
    expect(decimalString(e.revenueByDay.reduce((s, d) => s + parseMoney(d.revenue), 0n))).toBe(e.totalPlatformRevenue);
    expect(decimalString(e.revenueByDay.reduce((s, d) => s + parseMoney(d.volume), 0n))).toBe(e.totalTransactionVolume);
  });

  it('counts a range by release time, from included, to excluded', async () => {
    const e = await platformEarnings(app.database.prisma, { from: new Date('2026-03-02T00:00:00Z'), to: new Date('2026-03-04T00:00:00Z') });
    // Releases on 2 March (k=1: providers 1..11, also k=6: 6..11, k=11: 11) and 3 March (k=2: 2..11, k=7: 7..11).
    const days = e.revenueByDay.map((d) => [d.date, d.transactions]);
    expect(days).toEqual([['2026-03-02', 11 + 6 + 1], ['2026-03-03', 10 + 5]]);
    expect(e.totalTransactions).toBe(33);
    const empty = await platformEarnings(app.database.prisma, { from: new Date('2025-01-01T00:00:00Z'), to: new Date('2025-01-03T00:00:00Z') });
    expect(empty).toMatchObject({ totalPlatformRevenue: '0.00', totalTransactions: 0, averageCommissionPerTransaction: '0.00', topEarningProviders: [] });
    expect(empty.revenueByDay).toEqual([
      { date: '2025-01-01', revenue: '0.00', volume: '0.00', transactions: 0 },
      { date: '2025-01-02', revenue: '0.00', volume: '0.00', transactions: 0 },
    ]);
  });

  it('runs the same few statements however many payments there are', async () => {
    const db = app.database.prisma;
    const measure = async () => {
      statements.length = 0;
      counting = true;
      await platformEarnings(db);
      counting = false;
      return statements.length;
    };
    const before = await measure();
    await makeTrades(
      db,
      Array.from({ length: 200 }, (_, k) => ({ buyerId, sellerId: providers[k % PROVIDERS]!.id, contractId: contractOf[k % PROVIDERS]!, price: '10.00', status: 'released' as const, releasedAt: releaseDay(k) })),
    );
    const after = await measure();
    expect(before).toBeGreaterThanOrEqual(3);
    expect(after).toBe(before);
    expect(after).toBeLessThanOrEqual(4);
  });

  it('is for administrators only: 401 anonymous, 403 anyone else, over REST and GraphQL', async () => {
    const anonymous = new Client(app);
    expect((await anonymous.json('GET', '/api/platform/earnings')).status).toBe(401);
    const anonGql = await anonymous.gql(EARNINGS);
    expect(anonGql.data).toBeNull();
    expect(anonGql.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    for (const who of ['buyer', 'provider03']) {
      const client = await login(who);
      const res = await client.json('GET', '/api/platform/earnings');
      expect(res.status, who).toBe(403);
      expect(res.body.message).toEqual(expect.any(String));
      expect((await client.gql(EARNINGS)).errors?.[0].extensions.code).toBe('FORBIDDEN');
    }
  });

  it('answers administrators with the spec’s fields, money as two-place strings', async () => {
    const admin = await login('admin');
    const res = await admin.json('GET', '/api/platform/earnings?from=2026-03-01&to=2026-03-06');
    expect(res.status).toBe(200);
    const direct = await platformEarnings(app.database.prisma, { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-03-06T00:00:00Z') });
    // the REST answer keeps the spec's provider fields (volume is the earnings page's extra)
    expect(res.body).toEqual({ ...direct, topEarningProviders: direct.topEarningProviders.map(({ volume: _v, ...p }) => p) });
    expect(Object.keys(res.body).sort()).toEqual(
      ['averageCommissionPerTransaction', 'commissionRate', 'revenueByDay', 'topEarningProviders', 'totalPlatformRevenue', 'totalTransactionVolume', 'totalTransactions'],
    );
    expect(Object.keys(res.body.topEarningProviders[0]).sort()).toEqual(['earnings', 'id', 'name', 'transactions']);
    expect(res.body.totalPlatformRevenue).toMatch(/^\d+\.\d{2}$/);
    expect(res.body.commissionRate).toBe(10);
    expect(res.body.revenueByDay).toHaveLength(5);
    const gql = await admin.gql(EARNINGS, { from: '2026-03-01T00:00:00Z', to: '2026-03-06T00:00:00Z' });
    expect(gql.data.platformEarnings.totalPlatformRevenue).toBe(direct.totalPlatformRevenue);
    expect(gql.data.platformEarnings.topEarningProviders[0].userId).toBe(direct.topEarningProviders[0]!.id);

    for (const q of ['from=yesterday', 'to=2026-13-45', 'from=2026-03-05&to=2026-03-01']) {
      expect((await admin.json('GET', `/api/platform/earnings?${q}`)).status, q).toBe(400);
    }
  });

  it("links each top provider to their live listing that sold most, in one statement for the page", async () => {
    const db = app.database.prisma;
    const top = providers[11]!;
    // a second live listing that sold more, and a rejected one that must never be linked
    const best = await makeContract(db, top.id, { title: 'Best seller', category: 'other', price: '10.00' });
    await db.contract.update({ where: { id: best.id }, data: { salesCount: 999 } });
    const rejected = await makeContract(db, providers[10]!.id, { title: 'Rejected set', category: 'other', price: '10.00', status: 'rejected' });
    await db.contract.update({ where: { id: rejected.id }, data: { salesCount: 5000 } });
    await db.contract.update({ where: { id: contractOf[9]! }, data: { status: 'rejected' } });
    const admin = await login('admin');
    statements.length = 0;
    counting = true;
    const res = await admin.gql(`{ platformEarnings { topEarningProviders { userId listing { contractId title status } } } }`);
    counting = false;
    const rows = res.data.platformEarnings.topEarningProviders as Array<{ userId: string; listing: { contractId: string; title: string; status: string } | null }>;
    const of = (i: number) => rows.find((r) => r.userId === providers[i]!.id)!;
    expect(of(11).listing).toEqual({ contractId: best.id, title: 'Best seller', status: 'active' });
    expect(of(10).listing).toMatchObject({ title: 'Set 10', status: 'active' });
    expect(of(9).listing).toBeNull();
    expect(statements.filter((sql) => /FROM "public"\."Contract"/i.test(sql))).toHaveLength(1);
    await db.contract.update({ where: { id: contractOf[9]! }, data: { status: 'active' } });
    await db.contract.deleteMany({ where: { id: { in: [best.id, rejected.id] } } });
  });
});
