import DataLoader from 'dataloader';
import { Prisma } from '../../db/generated/prisma/client.ts';
import type { Db } from '../../db/database.ts';

// Per-request batch loaders for figures a list shows on every card: one statement per page,
// not one per card.

/** The market price 24 hours ago (the last tick at or before then), or null. */
export function price24hAgoLoader(db: Db, now = new Date()) {
  const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000);
  return new DataLoader<string, string | null>(async (ids) => {
    const rows = await db.$queryRaw<{ contractId: string; price: Prisma.Decimal }[]>`
      SELECT DISTINCT ON ("contractId") "contractId", price FROM "PriceTick"
      WHERE "contractId" IN (${Prisma.join(ids)}) AND "createdAt" <= ${dayAgo}
      ORDER BY "contractId", "createdAt" DESC`;
    const byId = new Map(rows.map((r) => [r.contractId, r.price.toFixed(2)]));
    return ids.map((id) => byId.get(id) ?? null);
  });
}

/** The bid side of each contract: the highest open bid and how many bids are open. */
export function openBidsLoader(db: Db) {
  return new DataLoader<string, { highest: string | null; count: number }>(async (ids) => {
    const rows = await db.$queryRaw<{ contractId: string; highest: Prisma.Decimal; n: bigint | number }[]>`
      SELECT "contractId", max(amount) AS highest, count(*) AS n FROM "Bid"
      WHERE status = 'open' AND "contractId" IN (${Prisma.join(ids)}) GROUP BY "contractId"`;
    const byId = new Map(rows.map((r) => [r.contractId, { highest: r.highest.toFixed(2), count: Number(r.n) }]));
    return ids.map((id) => byId.get(id) ?? { highest: null, count: 0 });
  });
}
