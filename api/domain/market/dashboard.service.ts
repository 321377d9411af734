import { Prisma } from '../../db/generated/prisma/client.ts';
import type { Db } from '../../db/database.ts';
import { decimalString, formatUsd, parseMoney, roundMoney, sumMoney, type MoneyLike } from '../money/money.ts';
import { PAID_PAYMENT_STATUSES, PAID_PURCHASE_STATUSES } from '../payments/payments.rules.ts';

const money = (amount: MoneyLike) => formatUsd(parseMoney(amount));
const twoPlaces = (amount: MoneyLike) => decimalString(parseMoney(amount));

// The buyer dashboard (the specification; product decision: every figure real).

const PAID = PAID_PAYMENT_STATUSES;

export interface DashboardSummary {
  activePurchases: number;
  totalSpent: string;
  activeListings: number;
  averageRating: number | null;
  openBids: number;
  unreadMessages: number;
  /** Messages received in all, read or not. */
  messagesReceived: number;
  /** As a provider: sales paid for (escrowed, disputed or released). */
  salesCount: number;
  /** As a provider: their share (90%) of sales still held in escrow (escrowed or disputed). */
  escrowHeld: string;
  /** As a provider: their share (90%) of released sales. */
  paidOut: string;
  /** As a provider: how many sales' payouts are still held (escrowed or disputed). */
  pendingPayouts: number;
}

/** Payouts of a sale still held: in escrow, or under a dispute an administrator has yet to settle. */
const HELD = ['escrowed', 'disputed'] as const;

export async function dashboardSummary(db: Db, userId: string): Promise<DashboardSummary> {
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
  const share = (statuses: readonly string[]) =>
    sumMoney(sales.filter((s) => statuses.includes(s.status)).map((s) => roundMoney(s._sum.providerAmount ?? '0')));
  const held = sales.filter((s) => (HELD as readonly string[]).includes(s.status));
  return {
    activePurchases,
    totalSpent: twoPlaces(spent._sum.amount ?? '0'),
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

export type ActivityKind = 'purchase' | 'sale' | 'bid_placed' | 'bid_received' | 'bid_accepted' | 'bid_declined' | 'listing_approved' | 'listing_rejected' | 'listing_submitted';

export interface ActivityEvent {
  id: string;
  kind: ActivityKind;
  at: Date;
  contractId: string;
  contractTitle: string;
  amount: string | null;
  detail: string;
}

/** The user's recent events, newest first: purchases, sales, bids both ways, listing reviews. */
export async function recentActivity(db: Db, userId: string, limit = 15): Promise<ActivityEvent[]> {
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

export interface DailyAmounts {
  day: string;
  spent: string;
  earned: string;
}

/** Spend (as buyer) and sales earnings (as provider, 90%) per UTC day over the last `days` days. */
export async function dailySpendAndSales(db: Db, userId: string, days = 30, now = new Date()): Promise<DailyAmounts[]> {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const rows = await db.$queryRaw<{ day: Date; spent: Prisma.Decimal; earned: Prisma.Decimal }[]>`
    SELECT date_trunc('day', "escrowStartedAt") AS day, -- stored in UTC
           coalesce(sum(amount) FILTER (WHERE "buyerId" = ${userId}), 0) AS spent,
           coalesce(sum("providerAmount") FILTER (WHERE "sellerId" = ${userId}), 0) AS earned
    FROM "Payment"
    WHERE ("buyerId" = ${userId} OR "sellerId" = ${userId})
      AND status::text IN (${Prisma.join([...PAID])}) AND "escrowStartedAt" >= ${since}
    GROUP BY 1`;
  const byDay = new Map(rows.map((r) => [new Date(r.day).toISOString().slice(0, 10), r]));
  return Array.from({ length: days }, (_, i) => {
    const day = new Date(since.getTime() + i * 86400_000).toISOString().slice(0, 10);
    const row = byDay.get(day);
    return { day, spent: row ? twoPlaces(row.spent) : '0.00', earned: row ? twoPlaces(row.earned) : '0.00' };
  });
}
