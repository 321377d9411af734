import type { Db } from '../../db/database.ts';
import { PAID_PAYMENT_STATUSES } from '../payments/payments.rules.ts';

/** A user counts as active when they used the product within this window. */
export const ACTIVE_USER_WINDOW_MS = 15 * 60_000;

// Payments that are real trades: money taken into escrow, released or under dispute.
const SETTLED = PAID_PAYMENT_STATUSES;

export interface MarketStats {
  /** contracts trading now (status active): the ticker's and the hero's 'Active Contracts' */
  activeContracts: number;
  /** every contract ever submitted, including those waiting for review and rejected ones */
  totalContracts: number;
  totalUsers: number;
  activeUsers: number;
  totalVolume: string;
  volumeToday: string;
  totalTransactions: number;
}

/** Live market figures for the ticker strip, the hero tiles and GET /api/stats. */
export async function marketStats(db: Db, now = new Date()): Promise<MarketStats> {
  const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const [activeContracts, totalContracts, totalUsers, activeUsers, volume, today] = await Promise.all([
    db.contract.count({ where: { status: 'active' } }),
    db.contract.count(),
    db.user.count({ where: { isAdmin: false } }),
    db.user.count({ where: { lastActiveAt: { gte: new Date(now.getTime() - ACTIVE_USER_WINDOW_MS) } } }),
    db.payment.aggregate({ where: { status: { in: [...SETTLED] } }, _sum: { amount: true }, _count: true }),
    db.payment.aggregate({
      where: { status: { in: [...SETTLED] }, escrowStartedAt: { gte: startOfDay } },
      _sum: { amount: true },
    }),
  ]);
  return {
    activeContracts,
    totalContracts,
    totalUsers,
    activeUsers,
    totalVolume: (volume._sum.amount ?? 0).toFixed(2),
    volumeToday: (today._sum.amount ?? 0).toFixed(2),
    totalTransactions: volume._count,
  };
}
