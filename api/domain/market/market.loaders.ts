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

/**
 * The figures of each card of `cards` (a relation with an `id` column, aliased c) as the columns
 * "price24hAgo", "highestBid" (both text, two decimals) and "openBidCount". Each figure is an
 * index lookup per card ("PriceTick" by contract and time, "Bid" by contract). The floor's page
 * statement selects them beside the page (contracts.list.ts); this loader serves any other list.
 */
export function cardFiguresSql(cards: Prisma.Sql, now: Date, extraColumns: Prisma.Sql = Prisma.empty): Prisma.Sql {
  const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000);
  return Prisma.sql`
    SELECT c.id ${extraColumns},
      (SELECT t.price FROM "PriceTick" t WHERE t."contractId" = c.id AND t."createdAt" <= ${dayAgo}
        ORDER BY t."createdAt" DESC LIMIT 1)::text AS "price24hAgo",
      b.highest::text AS "highestBid", b.n::int AS "openBidCount"
    FROM ${cards}
    CROSS JOIN LATERAL (SELECT max(amount) AS highest, count(*) AS n FROM "Bid" WHERE "contractId" = c.id AND status = 'open') b`;
}

export const NO_FIGURES: CardFigures = { price24hAgo: null, highestBid: null, openBidCount: 0 };

export function cardFiguresLoader(db: Db, now = new Date()) {
  return new DataLoader<string, CardFigures>(async (ids) => {
    const rows = await db.$queryRaw<Array<CardFigures & { id: string }>>(
      cardFiguresSql(Prisma.sql`(VALUES ${Prisma.join(ids.map((id) => Prisma.sql`(${id})`))}) AS c(id)`, now),
    );
    const byId = new Map(rows.map(({ id, ...figures }) => [id, figures]));
    return ids.map((id) => byId.get(id) ?? NO_FIGURES);
  });
}
