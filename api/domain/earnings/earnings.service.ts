import { Prisma } from '../../db/generated/prisma/client.ts';
import type { Db } from '../../db/database.ts';
import { COMMISSION_PERCENT, decimalString, roundMoney, type MoneyLike } from '../money/money.ts';
import { ValidationError } from '../errors.ts';
import { averageCents, dayKey, seriesDays } from './earnings.rules.ts';

// What the platform earned (the administrators' /earnings): the commission it keeps on released
// payments. Only released payments count: escrowed and disputed money may still go back to the
// buyer, refunded money did. A payment counts on the day it was released (UTC).
//
// Every figure is an SQL aggregate: the work is a fixed number of statements however many
// payments there are, and no payment row is loaded into memory.

export interface EarningProvider {
  /** The provider's user id. */
  id: string;
  name: string;
  /** Released sales. */
  transactions: number;
  /** The provider's share (90%) of those sales, two places. */
  earnings: string;
  /** The prices of those sales, two places (earnings + the platform's commission). */
  volume: string;
}

export interface RevenueDay {
  /** UTC date, YYYY-MM-DD. */
  date: string;
  /** Commission kept that day. */
  revenue: string;
  /** Price volume released that day. */
  volume: string;
  transactions: number;
}

export interface PlatformEarnings {
  totalPlatformRevenue: string;
  /** Percent of each price the platform keeps (10). */
  commissionRate: number;
  totalTransactionVolume: string;
  totalTransactions: number;
  averageCommissionPerTransaction: string;
  /** The ten providers with the highest earnings in the range, highest first. */
  topEarningProviders: EarningProvider[];
  /** One entry per UTC day of the range (days without releases are zero), oldest first. */
  revenueByDay: RevenueDay[];
}

export interface EarningsRange {
  /** Releases at or after this instant. */
  from?: Date | null;
  /** Releases before this instant. */
  to?: Date | null;
}

export const TOP_PROVIDERS = 10;

const cents = (v: MoneyLike | null | undefined) => (v === null || v === undefined ? 0n : roundMoney(v));

export async function platformEarnings(db: Db, range: EarningsRange = {}, now = new Date()): Promise<PlatformEarnings> {
  const from = range.from ?? null;
  const to = range.to ?? null;
  if (from && to && from.getTime() > to.getTime()) throw new ValidationError('from must not be after to');
  const released = Prisma.sql`p.status = 'released' AND p."releasedAt" IS NOT NULL
    ${from ? Prisma.sql`AND p."releasedAt" >= ${from}` : Prisma.empty}
    ${to ? Prisma.sql`AND p."releasedAt" < ${to}` : Prisma.empty}`;

  const [totals, top, days] = await Promise.all([
    db.$queryRaw<{ transactions: bigint; volume: Prisma.Decimal | null; revenue: Prisma.Decimal | null; first: Date | null }[]>`
      SELECT count(*) AS transactions, sum(p.amount) AS volume, sum(p.commission) AS revenue, min(p."releasedAt") AS first
      FROM "Payment" p WHERE ${released}`,
    db.$queryRaw<{ id: string; name: string; transactions: bigint; earnings: Prisma.Decimal; volume: Prisma.Decimal }[]>`
      SELECT u.id, u.name, t.transactions, t.earnings, t.volume
      FROM (SELECT p."sellerId", count(*) AS transactions, sum(p."providerAmount") AS earnings, sum(p.amount) AS volume
            FROM "Payment" p WHERE ${released} GROUP BY p."sellerId") t
      JOIN "User" u ON u.id = t."sellerId"
      ORDER BY t.earnings DESC, t.transactions DESC, u.id
      LIMIT ${TOP_PROVIDERS}`,
    // "releasedAt" is a timestamp without time zone holding UTC, so its day is the UTC day.
    db.$queryRaw<{ day: Date; transactions: bigint; volume: Prisma.Decimal; revenue: Prisma.Decimal }[]>`
      SELECT date_trunc('day', p."releasedAt") AS day, count(*) AS transactions, sum(p.amount) AS volume, sum(p.commission) AS revenue
      FROM "Payment" p WHERE ${released}
      GROUP BY 1`,
  ]);

  const total = totals[0]!;
  const count = Number(total.transactions);
  const revenue = cents(total.revenue);
  const byDay = new Map(days.map((d) => [dayKey(new Date(d.day)), d]));
  const first = from ?? total.first;
  const last = to ? new Date(to.getTime() - 1) : now;
  return {
    totalPlatformRevenue: decimalString(revenue),
    commissionRate: COMMISSION_PERCENT,
    totalTransactionVolume: decimalString(cents(total.volume)),
    totalTransactions: count,
    averageCommissionPerTransaction: decimalString(averageCents(revenue, count)),
    topEarningProviders: top.map((p) => ({ id: p.id, name: p.name, transactions: Number(p.transactions), earnings: decimalString(cents(p.earnings)), volume: decimalString(cents(p.volume)) })),
    revenueByDay: first
      ? seriesDays(first, last).map((date) => {
          const d = byDay.get(date);
          return {
            date,
            revenue: decimalString(cents(d?.revenue)),
            volume: decimalString(cents(d?.volume)),
            transactions: d ? Number(d.transactions) : 0,
          };
        })
      : [],
  };
}
