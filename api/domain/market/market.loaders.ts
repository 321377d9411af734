import DataLoader from 'dataloader';
import { Prisma } from '../../db/generated/prisma/client.ts';
import type { Db } from '../../db/database.ts';

// Per-request batch loader for the figures a list shows on every card: one statement per page,
// not one per card (nor one per figure).

export interface CardFigures {
  /** The market price 24 hours ago (the last tick at or before then), or null. */
  price24hAgo: string | null;
  /** The bid side: the highest open bid, and how many bids are open. */
  highestBid: string | null;
  openBidCount: number;
}

export function cardFiguresLoader(db: Db, now = new Date()) {
  const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000);
  return new DataLoader<string, CardFigures>(async (ids) => {
    // Each figure is an index lookup per card ("PriceTick" by contract and time, "Bid" by contract).
    const rows = await db.$queryRaw<{ id: string; price24hAgo: Prisma.Decimal | null; highest: Prisma.Decimal | null; n: bigint | number }[]>`
      SELECT c.id,
        (SELECT t.price FROM "PriceTick" t WHERE t."contractId" = c.id AND t."createdAt" <= ${dayAgo}
          ORDER BY t."createdAt" DESC LIMIT 1) AS "price24hAgo",
        b.highest, b.n
      FROM (VALUES ${Prisma.join(ids.map((id) => Prisma.sql`(${id})`))}) AS c(id)
      CROSS JOIN LATERAL (SELECT max(amount) AS highest, count(*) AS n FROM "Bid" WHERE "contractId" = c.id AND status = 'open') b`;
    const byId = new Map(
      rows.map((r) => [r.id, { price24hAgo: r.price24hAgo?.toFixed(2) ?? null, highestBid: r.highest?.toFixed(2) ?? null, openBidCount: Number(r.n) }]),
    );
    return ids.map((id) => byId.get(id) ?? { price24hAgo: null, highestBid: null, openBidCount: 0 });
  });
}
