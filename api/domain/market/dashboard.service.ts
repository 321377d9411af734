import { Prisma } from '../../db/generated/prisma/client.ts';
import type { Db, SqlReader } from '../../db/database.ts';
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

/**
 * The figures in one plain statement through the driver (issue 28: eight statements through Prisma
 * before, one round trip and Prisma's per-statement work each, most of the dashboard's cost;
 * docs/decisions.md "Issue 28: logged-in pages"). Counts come as int, sums as text (exact), the
 * seller's sales per payment status as JSON rows; shaped as before (dashboard.queries.test.ts holds
 * them equal to the Prisma reads).
 */
export async function dashboardSummary(sql: SqlReader, userId: string): Promise<DashboardSummary> {
  const [row] = await sql.query<SummaryRow>(Prisma.sql`
    SELECT
      (SELECT count(*)::int FROM "Purchase" WHERE "buyerId" = ${userId} AND status = 'active') AS "activePurchases",
      (SELECT coalesce(sum(amount), 0)::text FROM "Purchase"
        WHERE "buyerId" = ${userId} AND status::text IN (${Prisma.join([...PAID_PURCHASE_STATUSES])})) AS spent,
      (SELECT count(*)::int FROM "Contract" WHERE "providerId" = ${userId} AND status = 'active') AS "activeListings",
      u.rating::text AS rating,
      (SELECT count(*)::int FROM "Bid" WHERE "bidderId" = ${userId} AND status = 'open') AS "openBids",
      (SELECT count(*)::int FROM "Message" WHERE "recipientId" = ${userId} AND "readAt" IS NULL) AS "unreadMessages",
      (SELECT count(*)::int FROM "Message" WHERE "recipientId" = ${userId}) AS "messagesReceived",
      (SELECT coalesce(json_agg(s), '[]'::json) FROM (
        SELECT status::text AS status, count(*)::int AS count, sum("providerAmount")::text AS amount FROM "Payment"
        WHERE "sellerId" = ${userId} AND status::text IN (${Prisma.join([...PAID])}) GROUP BY status) s) AS sales
    FROM "User" u WHERE u.id = ${userId}`);
  if (!row) throw new Error(`No user ${userId}`);
  const sales = typeof row.sales === 'string' ? (JSON.parse(row.sales) as SalesRow[]) : row.sales;
  const share = (statuses: readonly string[]) => sumMoney(sales.filter((s) => statuses.includes(s.status)).map((s) => roundMoney(s.amount ?? '0')));
  const held = sales.filter((s) => (HELD as readonly string[]).includes(s.status));
  return {
    activePurchases: row.activePurchases,
    totalSpent: twoPlaces(row.spent),
    activeListings: row.activeListings,
    averageRating: row.rating === null ? null : Number(row.rating),
    openBids: row.openBids,
    unreadMessages: row.unreadMessages,
    messagesReceived: row.messagesReceived,
    salesCount: sales.reduce((n, s) => n + s.count, 0),
    escrowHeld: decimalString(share(HELD)),
    paidOut: decimalString(share(['released'])),
    pendingPayouts: held.reduce((n, s) => n + s.count, 0),
  };
}

interface SalesRow {
  status: string;
  count: number;
  amount: string | null;
}
interface SummaryRow {
  activePurchases: number;
  spent: string;
  activeListings: number;
  rating: string | null;
  openBids: number;
  unreadMessages: number;
  messagesReceived: number;
  sales: SalesRow[] | string;
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

/**
 * The user's recent events, newest first: purchases, sales, bids both ways, listing reviews. The
 * latest `limit` of each kind in one plain statement (issue 28: five reads and their contracts and
 * names were twelve statements through Prisma), each kind ordered as it always was, then merged
 * here. Instants are read as UTC (`AT TIME ZONE`): the driver would read a bare timestamp in the
 * process's own zone.
 */
export async function recentActivity(sql: SqlReader, userId: string, limit = 15): Promise<ActivityEvent[]> {
  const paid = Prisma.join([...PAID]);
  const rows = await sql.query<ActivityRow>(Prisma.sql`
    (SELECT 'purchase' AS src, p.id, p.status::text AS status, p."escrowStartedAt" AT TIME ZONE 'UTC' AS "first", p."createdAt" AT TIME ZONE 'UTC' AS "then",
       c.id AS "contractId", c.title AS "contractTitle", p.amount::text AS amount, NULL AS name
     FROM "Payment" p JOIN "Contract" c ON c.id = p."contractId"
     WHERE p."buyerId" = ${userId} AND p.status::text IN (${paid}) ORDER BY p."escrowStartedAt" DESC LIMIT ${limit})
    UNION ALL
    (SELECT 'sale', p.id, p.status::text, p."escrowStartedAt" AT TIME ZONE 'UTC', p."createdAt" AT TIME ZONE 'UTC', c.id, c.title, p.amount::text, b.name
     FROM "Payment" p JOIN "Contract" c ON c.id = p."contractId" JOIN "User" b ON b.id = p."buyerId"
     WHERE p."sellerId" = ${userId} AND p.status::text IN (${paid}) ORDER BY p."escrowStartedAt" DESC LIMIT ${limit})
    UNION ALL
    (SELECT 'bid', d.id, d.status::text, d."decidedAt" AT TIME ZONE 'UTC', d."createdAt" AT TIME ZONE 'UTC', c.id, c.title, d.amount::text, NULL
     FROM "Bid" d JOIN "Contract" c ON c.id = d."contractId"
     WHERE d."bidderId" = ${userId} ORDER BY d."createdAt" DESC LIMIT ${limit})
    UNION ALL
    (SELECT 'bid_received', d.id, d.status::text, NULL::timestamptz, d."createdAt" AT TIME ZONE 'UTC', c.id, c.title, d.amount::text, b.name
     FROM "Bid" d JOIN "Contract" c ON c.id = d."contractId" JOIN "User" b ON b.id = d."bidderId"
     WHERE c."providerId" = ${userId} ORDER BY d."createdAt" DESC LIMIT ${limit})
    UNION ALL
    (SELECT 'listing', c.id, c.status::text, c."reviewedAt" AT TIME ZONE 'UTC', c."createdAt" AT TIME ZONE 'UTC', c.id, c.title, c.price::text, NULL
     FROM "Contract" c WHERE c."providerId" = ${userId} ORDER BY c."updatedAt" DESC LIMIT ${limit})`);
  const events = rows.map((r): ActivityEvent => {
    const at = new Date(r.first ?? r.then);
    const base = { at, contractId: r.contractId, contractTitle: r.contractTitle, amount: twoPlaces(r.amount) };
    switch (r.src) {
      case 'purchase':
        return { id: `purchase:${r.id}`, kind: 'purchase', ...base, detail: `Bought for ${money(r.amount)}` };
      case 'sale':
        return { id: `sale:${r.id}`, kind: 'sale', ...base, detail: `Sold to ${r.name} for ${money(r.amount)}` };
      case 'bid':
        return {
          id: `bid:${r.id}`,
          kind: r.status === 'accepted' ? 'bid_accepted' : r.status === 'declined' ? 'bid_declined' : 'bid_placed',
          ...base,
          detail: r.status === 'accepted' ? `Your bid of ${money(r.amount)} was accepted` : r.status === 'declined' ? `Your bid of ${money(r.amount)} was declined` : `You bid ${money(r.amount)}`,
        };
      case 'bid_received':
        return { id: `bid-received:${r.id}`, kind: 'bid_received', ...base, detail: `${r.name} bid ${money(r.amount)}` };
      default:
        return {
          id: `listing:${r.id}:${r.status}`,
          kind: r.status === 'active' ? 'listing_approved' : r.status === 'rejected' ? 'listing_rejected' : 'listing_submitted',
          ...base,
          detail: r.status === 'active' ? 'Listing approved and live' : r.status === 'rejected' ? 'Listing rejected' : 'Listing submitted for review',
        };
    }
  });
  // The same merge as before: a stable sort of the kinds in this order (purchases, sales, bids, bids received, listings).
  return events.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, limit);
}

interface ActivityRow {
  src: 'purchase' | 'sale' | 'bid' | 'bid_received' | 'listing';
  id: string;
  status: string;
  /** The event's own time when it has one (escrow start, decision, review)... */
  first: Date | null;
  /** ...else when the row was made. */
  then: Date;
  contractId: string;
  contractTitle: string;
  amount: string;
  name: string | null;
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
