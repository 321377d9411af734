import { Prisma } from '../../db/generated/prisma/client.ts';
import type { Contract, User } from '../../db/generated/prisma/client.ts';
import type { SqlReader } from '../../db/database.ts';
import { cardFiguresSql, type CardFigures } from './market.loaders.ts';
import { cappedCount, orderedPageSql, PLAN_EACH_TIME, searchIndexFor, type ContractFilter, type ContractPage, type ContractSort } from './contracts.list.ts';

// The floor's cards as one plain SQL statement: the page of ids, the capped count, each card's
// columns, its provider's public columns and its figures. Through Prisma the same page takes three
// statements, and Prisma's own work per statement was most of an uncached page's CPU
// (docs/performance.md "Where an uncached page's CPU goes"). contract-cards.test.ts holds these
// rows equal to Prisma's for the same contracts, on both back ends.

/** The columns of a listing a card may show: everything public, none of the review or access details. */
export const CARD_COLUMNS = [
  'id',
  'providerId',
  'title',
  'description',
  'category',
  'status',
  'price',
  'marketPrice',
  'pricingModel',
  'updateFrequency',
  'recordCount',
  'fieldCount',
  'dataFormat',
  'deliveryMethod',
  'sampleSize',
  'geographicCoverage',
  'dataSource',
  'dataAccessType',
  'dataFields',
  'isEnterprise',
  'salesCount',
  'createdAt',
  'delayedSince',
] as const satisfies ReadonlyArray<keyof Contract>;

/** The provider's columns a card may show: its public profile (no email, no password, no sessions). */
export const CARD_PROVIDER_COLUMNS = [
  'id',
  'name',
  'username',
  'profileImage',
  'isAdmin',
  'dueDiligenceStatus',
  'rating',
  'reviewCount',
  'tradeCount',
  'completedSales',
  'createdAt',
] as const satisfies ReadonlyArray<keyof User>;

/**
 * A card's row: the listing's card columns as Prisma would give them (decimals as exact text, which
 * the money rules read like Prisma's decimals), with its provider's.
 */
export type ContractCard = Pick<Contract, Exclude<(typeof CARD_COLUMNS)[number], 'price' | 'marketPrice'>> & {
  price: string;
  marketPrice: string;
  provider: Pick<User, Exclude<(typeof CARD_PROVIDER_COLUMNS)[number], 'rating'>> & { rating: string | null };
};

export interface ContractCardPage extends ContractPage {
  cards: ContractCard[];
}

const DECIMALS = new Set<string>(['price', 'marketPrice', 'rating']);
const INSTANTS = new Set<string>(['createdAt', 'delayedSince']);

/** `'title', c."title", ...` for json_build_object: decimals as text (exact), the rest as JSON has them. */
function jsonColumns(alias: string, columns: readonly string[]): Prisma.Sql {
  return Prisma.raw(columns.map((col) => `'${col}', ${alias}."${col}"${DECIMALS.has(col) ? '::text' : ''}`).join(', '));
}

/** JSON has no instant: `timestamp` columns arrive as UTC text without a zone. */
function withInstants<T extends Record<string, unknown>>(row: T): T {
  for (const key of INSTANTS) if (typeof row[key] === 'string') (row as Record<string, unknown>)[key] = new Date(`${row[key]}Z`);
  return row;
}

/** One page of the floor's cards, in order, with the capped count and each card's figures. */
export async function findContractCards(
  sql: SqlReader,
  opts: { filter: ContractFilter; sort: ContractSort; offset: number; limit: number; countCap?: number; now?: Date },
): Promise<ContractCardPage> {
  const page = orderedPageSql({ ...opts, searchIndex: await searchIndexFor(sql, opts.filter) });
  const [row] = await sql.query<{ n: string | number; cards: Array<Record<string, unknown> & CardFigures> | null }>(Prisma.sql`
    ${PLAN_EACH_TIME}${page.with} SELECT (${page.count}) AS n,
      (SELECT json_agg(json_build_object(${jsonColumns('k', CARD_COLUMNS)},
          'provider', json_build_object(${jsonColumns('u', CARD_PROVIDER_COLUMNS)}),
          'price24hAgo', f."price24hAgo", 'highestBid', f."highestBid", 'openBidCount', f."openBidCount") ORDER BY f.ord)
        FROM (${cardFiguresSql(page.ids, opts.now ?? new Date(), Prisma.sql`, c.ord`)}) f
        JOIN "Contract" k ON k.id = f.id
        JOIN "User" u ON u.id = k."providerId") AS cards`);
  const list = row?.cards ?? [];
  const cards: ContractCard[] = [];
  const figures = new Map<string, CardFigures>();
  for (const { price24hAgo, highestBid, openBidCount, provider, ...card } of list) {
    figures.set(card.id as string, { price24hAgo, highestBid, openBidCount });
    cards.push(withInstants({ ...card, provider: withInstants(provider as Record<string, unknown>) }) as unknown as ContractCard);
  }
  return { ids: cards.map((c) => c.id), ...cappedCount(row?.n, opts.countCap), figures, cards };
}
