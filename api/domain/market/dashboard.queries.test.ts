import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { Client, startTestApp, type TestApp } from '../../test/harness.ts';
import { DEMO_BUYER_EMAIL, DEMO_PROVIDER_EMAIL, DEMO_USER_PASSWORD, seedDemoData } from '../../demo/seed.ts';
import type { Db } from '../../db/database.ts';
import { decimalString, formatUsd, parseMoney, roundMoney, sumMoney } from '../money/money.ts';
import { PAID_PAYMENT_STATUSES, PAID_PURCHASE_STATUSES } from '../payments/payments.rules.ts';
import { dashboardSummary, recentActivity, type ActivityEvent, type ActivityKind } from './dashboard.service.ts';

// Issue 28: the dashboard's figures and its recent activity are one statement each. These hold
// them equal to the Prisma reads they replaced (kept below as the reference), for every demo user,
// and count the statements of the dashboard's two queries as the web app sends them.

const PAID = PAID_PAYMENT_STATUSES;
const HELD = ['escrowed', 'disputed'];
const money = (v: { toFixed(dp: number): string }) => formatUsd(parseMoney(v.toFixed(2)));

async function referenceSummary(db: Db, userId: string) {
  const [activePurchases, spent, activeListings, user, openBids, unreadMessages, messagesReceived, sales] = await Promise.all([
    db.purchase.count({ where: { buyerId: userId, status: 'active' } }),
    db.purchase.aggregate({ where: { buyerId: userId, status: { in: [...PAID_PURCHASE_STATUSES] } }, _sum: { amount: true } }),
    db.contract.count({ where: { providerId: userId, status: 'active' } }),
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { rating: true } }),
    db.bid.count({ where: { bidderId: userId, status: 'open' } }),
    db.message.count({ where: { recipientId: userId, readAt: null } }),
    db.message.count({ where: { recipientId: userId } }),
    db.payment.groupBy({ by: ['status'], where: { sellerId: userId, status: { in: [...PAID] } }, _count: { _all: true }, _sum: { providerAmount: true } }),
  ]);
  const share = (statuses: readonly string[]) => sumMoney(sales.filter((s) => statuses.includes(s.status)).map((s) => roundMoney(s._sum.providerAmount ?? '0')));
  const held = sales.filter((s) => HELD.includes(s.status));
  return {
    activePurchases,
    totalSpent: decimalString(parseMoney(spent._sum.amount ?? '0')),
    activeListings,
    averageRating: user.rating === null ? null : Number(user.rating),
    openBids,
    unreadMessages,
    messagesReceived,
    salesCount: sales.reduce((n, s) => n + s._count._all, 0),
    escrowHeld: decimalString(share(HELD)),
    paidOut: decimalString(share(['released'])),
    pendingPayouts: held.reduce((n, s) => n + s._count._all, 0),
  };
}

async function referenceActivity(db: Db, userId: string, limit: number): Promise<ActivityEvent[]> {
  const contract = { select: { id: true, title: true } } as const;
  const [purchases, sales, myBids, bidsOnMine, myListings] = await Promise.all([
    db.payment.findMany({ where: { buyerId: userId, status: { in: [...PAID] } }, orderBy: { escrowStartedAt: 'desc' }, take: limit, include: { contract } }),
    db.payment.findMany({ where: { sellerId: userId, status: { in: [...PAID] } }, orderBy: { escrowStartedAt: 'desc' }, take: limit, include: { contract, buyer: { select: { name: true } } } }),
    db.bid.findMany({ where: { bidderId: userId }, orderBy: { createdAt: 'desc' }, take: limit, include: { contract } }),
    db.bid.findMany({ where: { contract: { providerId: userId } }, orderBy: { createdAt: 'desc' }, take: limit, include: { contract, bidder: { select: { name: true } } } }),
    db.contract.findMany({ where: { providerId: userId }, orderBy: { updatedAt: 'desc' }, take: limit, select: { id: true, title: true, status: true, createdAt: true, reviewedAt: true, price: true } }),
  ]);
  const events: ActivityEvent[] = [
    ...purchases.map((p) => ({ id: `purchase:${p.id}`, kind: 'purchase' as const, at: p.escrowStartedAt ?? p.createdAt, contractId: p.contract.id, contractTitle: p.contract.title, amount: p.amount.toFixed(2), detail: `Bought for ${money(p.amount)}` })),
    ...sales.map((p) => ({ id: `sale:${p.id}`, kind: 'sale' as const, at: p.escrowStartedAt ?? p.createdAt, contractId: p.contract.id, contractTitle: p.contract.title, amount: p.amount.toFixed(2), detail: `Sold to ${p.buyer.name} for ${money(p.amount)}` })),
    ...myBids.map((b) => ({
      id: `bid:${b.id}`,
      kind: (b.status === 'accepted' ? 'bid_accepted' : b.status === 'declined' ? 'bid_declined' : 'bid_placed') as ActivityKind,
      at: b.decidedAt ?? b.createdAt,
      contractId: b.contract.id,
      contractTitle: b.contract.title,
      amount: b.amount.toFixed(2),
      detail: b.status === 'accepted' ? `Your bid of ${money(b.amount)} was accepted` : b.status === 'declined' ? `Your bid of ${money(b.amount)} was declined` : `You bid ${money(b.amount)}`,
    })),
    ...bidsOnMine.map((b) => ({ id: `bid-received:${b.id}`, kind: 'bid_received' as const, at: b.createdAt, contractId: b.contract.id, contractTitle: b.contract.title, amount: b.amount.toFixed(2), detail: `${b.bidder.name} bid ${money(b.amount)}` })),
    ...myListings.map((c) => ({
      id: `listing:${c.id}:${c.status}`,
      kind: (c.status === 'active' ? 'listing_approved' : c.status === 'rejected' ? 'listing_rejected' : 'listing_submitted') as ActivityKind,
      at: c.reviewedAt ?? c.createdAt,
      contractId: c.id,
      contractTitle: c.title,
      amount: c.price.toFixed(2),
      detail: c.status === 'active' ? 'Listing approved and live' : c.status === 'rejected' ? 'Listing rejected' : 'Listing submitted for review',
    })),
  ];
  return events.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, limit);
}

describe.each(testDatabases())('the dashboard in one statement each, on %s', (kind) => {
  let app: TestApp;
  const statements: string[] = [];
  let counting = false;

  beforeAll(async () => {
    app = await startTestApp(kind, {}, { onQuery: (sql) => counting && statements.push(sql) });
    await seedDemoData(app.database.prisma);
  }, 180_000);
  afterAll(async () => app?.close());

  it('answers what the Prisma reads answered, for every demo user (buyers, providers, the administrator)', async () => {
    const db = app.database.prisma;
    const users = await db.user.findMany({ select: { id: true } });
    expect(users.length).toBeGreaterThan(5);
    let events = 0;
    for (const { id } of users) {
      expect(await dashboardSummary(app.database.sql, id)).toEqual(await referenceSummary(db, id));
      for (const limit of [15, 50]) {
        const activity = await recentActivity(app.database.sql, id, limit);
        expect(activity).toEqual(await referenceActivity(db, id, limit));
        events += activity.length;
      }
    }
    expect(events).toBeGreaterThan(50);
  });

  it('a summary of someone with nothing is zeros', async () => {
    const db = app.database.prisma;
    const nobody = await db.user.create({ data: { email: `nobody-${kind}@example.test`, username: `nobody-${kind}`, name: 'Nobody', passwordHash: 'x' } });
    expect(await dashboardSummary(app.database.sql, nobody.id)).toEqual(await referenceSummary(db, nobody.id));
    expect(await recentActivity(app.database.sql, nobody.id)).toEqual([]);
  });

  it('the dashboard frame and overview the web app sends are a few statements, the session check included', async () => {
    const persisted = (await import('../../graphql/persisted-operations.ts')).PERSISTED_OPERATIONS;
    const idOf = (name: string) => [...persisted].find(([, text]) => text.startsWith(`query ${name} `))![0];
    for (const email of [DEMO_BUYER_EMAIL, DEMO_PROVIDER_EMAIL]) {
      const client = new Client(app);
      expect((await client.json('POST', '/api/auth/login', { usernameOrEmail: email, password: DEMO_USER_PASSWORD })).status).toBe(200);
      const count = async (name: string) => {
        const send = () => client.json('POST', '/graphql', { operationName: name, extensions: { persistedQuery: { version: 1, sha256Hash: idOf(name) } }, variables: {} });
        await send(); // the first read notes the session's activity
        await new Promise((resolve) => setTimeout(resolve, 100));
        statements.length = 0;
        counting = true;
        const res = await send();
        counting = false;
        expect(res.body.errors).toBeUndefined();
        expect(res.body.data.viewer.dashboardSummary).not.toBeNull();
        return statements.length;
      };
      // session check, figures (DashboardQuery also reads the trader card's rating)
      expect(await count('DashboardQuery')).toBeLessThanOrEqual(3);
      // session check, figures, activity
      expect(await count('OverviewQuery')).toBeLessThanOrEqual(3);
    }
  });
});
