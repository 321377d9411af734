import { Prisma } from '../../db/generated/prisma/client.ts';
import type { Category, UpdateFrequency } from '../../db/generated/prisma/enums.ts';
import type { Db, SqlReader } from '../../db/database.ts';
import { PLANNED_EACH_TIME } from '../../db/statement-names.ts';
import { ValidationError } from '../errors.ts';
import { cardFiguresSql, type CardFigures } from './market.loaders.ts';

// Browsing the market: filters and sorts of the specification (trading floor,
// browse and their sorts). One SQL statement finds the page of ids, counts the matches and reads
// each card's figures, whatever the page size; the caller then loads those rows with what its
// query needs.

export const CONTRACT_SORTS = ['relevant', 'newest', 'price-low', 'price-high', 'rating', 'popular'] as const;
export type ContractSort = (typeof CONTRACT_SORTS)[number];

export interface ContractFilter {
  category?: Category | null;
  minPrice?: string | null;
  maxPrice?: string | null;
  /** Minimum provider rating (5.0 Premium, 4.0+ Excellent, 3.0+ Good). */
  minProviderRating?: number | null;
  /** Update frequencies to include (realtime, daily, weekly, monthly, ...). */
  freshness?: UpdateFrequency[] | null;
  search?: string | null;
}

/**
 * Words of a search box as a prefix-matching tsquery ("fin dat" -> "fin:* & dat:*"); null if none.
 * PostgreSQL's parser reads a number after a hyphen as a signed one ("2015-2025" is stored as
 * '2015' and '-2025'), so a number also matches its signed form: typing a title as shown finds it.
 */
export function searchQuery(text: string | null | undefined): string | null {
  const words = (text ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 8);
  const term = (w: string) => (/^\d+$/.test(w) ? `(${w}:* | '-${w}':*)` : `${w}:*`);
  return words.length ? words.map(term).join(' & ') : null;
}

export function validateFilter(filter: ContractFilter): void {
  const min = filter.minPrice == null ? null : Number(filter.minPrice);
  const max = filter.maxPrice == null ? null : Number(filter.maxPrice);
  if (min !== null && (!Number.isFinite(min) || min < 0)) throw new ValidationError('minPrice must be a number of at least 0');
  if (max !== null && (!Number.isFinite(max) || max < 0)) throw new ValidationError('maxPrice must be a number of at least 0');
  if (min !== null && max !== null && min > max) throw new ValidationError('minPrice must not be above maxPrice');
  if (filter.minProviderRating != null && (filter.minProviderRating < 0 || filter.minProviderRating > 5)) {
    throw new ValidationError('minProviderRating must be between 0 and 5');
  }
}

/**
 * The index a search runs on (docs/decisions.md "Issue 28: search at scale"). `rum`: where the
 * server has the RUM extension, migration 20261127201500_search_rum_index built an ordered inverted
 * index that ranks inside the index, so "most relevant" reads its first page without ranking every
 * match. `gin`: everywhere else (embedded PGlite), the GIN index finds the matches and
 * ts_rank_cd ranks them all.
 */
export type SearchIndex = 'rum' | 'gin';

/** The RUM index's name (its migration). It indexes an expression so that Prisma's diff leaves it alone. */
export const RUM_SEARCH_INDEX = 'Contract_searchVector_rum_idx';

/** What the RUM index indexes: a query must use this exact expression for the index to serve it. */
const RUM_VECTOR = Prisma.sql`coalesce(c."searchVector", ''::tsvector)`;

const searchIndexes = new WeakMap<object, Promise<SearchIndex>>();

/**
 * Whether this database has the RUM index, asked once per database handle (a process's Prisma
 * client or plain reader) and remembered: the index comes with a migration, which runs before the
 * app serves. Only searches ask, so other lists keep their single statement.
 */
export function searchIndexOf(db: SqlReader | Db): Promise<SearchIndex> {
  let known = searchIndexes.get(db);
  if (!known) {
    const sql = Prisma.sql`SELECT to_regclass(${`"${RUM_SEARCH_INDEX}"`}) IS NOT NULL AS rum`;
    const rows = '$queryRaw' in db ? db.$queryRaw<{ rum: boolean }[]>(sql) : db.query<{ rum: boolean }>(sql);
    known = rows.then(([row]): SearchIndex => (row?.rum ? 'rum' : 'gin'));
    // A failed look (the database went away) is asked again next time, not remembered.
    known.catch(() => searchIndexes.delete(db));
    searchIndexes.set(db, known);
  }
  return known;
}

/**
 * RUM sorts the matches it ranks in memory up to work_mem, then on disk: a word in one contract in
 * eight of 1,000,000 needs some 50 MiB, and spilling it tripled the time (docs/performance.md).
 * A condition that needs no row, so PostgreSQL sets it once before the scan starts; `true`: for
 * this statement's transaction only, the connection keeps its own setting.
 */
/** Starts the market's list statements: their plans depend on the words, filters and page (api/db/statement-names.ts). */
export const PLAN_EACH_TIME = Prisma.raw(PLANNED_EACH_TIME);

const RUM_SORT_MEMORY = Prisma.sql` AND (SELECT set_config('work_mem', '64MB', true)) IS NOT NULL`;

/** The RUM path serves one case: words to match, most relevant first; every other list reads as before. */
const ranksInIndex = (index: SearchIndex, sort: ContractSort, tsquery: string | null) => index === 'rum' && sort === 'relevant' && tsquery !== null;

function whereClause(filter: ContractFilter, tsquery: string | null, rum = false): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`c.status = 'active'`];
  if (filter.category) parts.push(Prisma.sql`c.category = ${filter.category}::"Category"`);
  if (filter.minPrice != null) parts.push(Prisma.sql`c.price >= ${filter.minPrice}::numeric`);
  if (filter.maxPrice != null) parts.push(Prisma.sql`c.price <= ${filter.maxPrice}::numeric`);
  if (filter.minProviderRating != null) parts.push(Prisma.sql`u.rating >= ${filter.minProviderRating}::numeric`);
  if (filter.freshness?.length) {
    parts.push(Prisma.sql`c."updateFrequency" IN (${Prisma.join(filter.freshness.map((f) => Prisma.sql`${f}::"UpdateFrequency"`))})`);
  }
  if (tsquery) parts.push(Prisma.sql`${rum ? RUM_VECTOR : Prisma.sql`c."searchVector"`} @@ to_tsquery('english', ${tsquery})`);
  return Prisma.join(parts, ' AND ');
}

function orderClause(sort: ContractSort, tsquery: string | null, rum = false): Prisma.Sql {
  // RUM's distance (1 / its rank, from the positions and weights kept in the index) in the index's
  // order: LIMIT stops the scan after the page. Equal distances come in the index's own order
  // (stable while the matches do not change), not by sales and id: a second sort key would make
  // PostgreSQL read every tied match, and a popular word's matches are mostly ties.
  if (rum && tsquery) return Prisma.sql`${RUM_VECTOR} <=> to_tsquery('english', ${tsquery})`;
  switch (sort) {
    case 'newest':
      return Prisma.sql`c."createdAt" DESC, c.id DESC`;
    case 'price-low':
      return Prisma.sql`c.price ASC, c.id ASC`;
    case 'price-high':
      return Prisma.sql`c.price DESC, c.id DESC`;
    case 'rating':
      return Prisma.sql`u.rating DESC NULLS LAST, u."reviewCount" DESC, c."salesCount" DESC, c.id DESC`;
    case 'popular':
      return Prisma.sql`c."salesCount" DESC, c."createdAt" DESC, c.id DESC`;
    case 'relevant':
      // With words to match: best match first. Without: what trades most, newest first.
      return tsquery
        ? Prisma.sql`ts_rank_cd(c."searchVector", to_tsquery('english', ${tsquery})) DESC, c."salesCount" DESC, c.id DESC`
        : Prisma.sql`c."salesCount" DESC, c."createdAt" DESC, c.id DESC`;
  }
}

/**
 * Counts stop here: past it a list says "10,000+" (totalCountIsExact false). Counting every match
 * costs time in proportion to the matches (166 ms for a million active contracts, up to a second
 * filtered), a capped count stays within milliseconds (docs/performance.md "Scale").
 */
export const COUNT_CAP = 10_000;

export interface PageOptions {
  filter: ContractFilter;
  sort: ContractSort;
  offset: number;
  limit: number;
  countCap?: number;
  /** The index a search runs on (searchIndexOf); GIN unless told. */
  searchIndex?: SearchIndex;
}

/** The SQL of one page of ids and of its count (the benchmark EXPLAINs exactly these). */
export function contractPageSql(opts: PageOptions) {
  const countCap = opts.countCap ?? COUNT_CAP;
  const tsquery = searchQuery(opts.filter.search);
  const rum = ranksInIndex(opts.searchIndex ?? 'gin', opts.sort, tsquery);
  const where = Prisma.sql`${whereClause(opts.filter, tsquery, rum)}${rum ? RUM_SORT_MEMORY : Prisma.empty}`;
  const needsProvider = opts.filter.minProviderRating != null || opts.sort === 'rating';
  const from = needsProvider ? Prisma.sql`"Contract" c JOIN "User" u ON u.id = c."providerId"` : Prisma.sql`"Contract" c`;
  const order = orderClause(opts.sort, tsquery, rum);
  // On RUM, the matches in rank order up to the count's cap (or the page's end, past it): the page
  // and the count read one index scan (orderedPageSql); counting them apart would rank twice.
  const ranked = rum ? Prisma.sql`SELECT c.id FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ${Math.max(countCap + 1, opts.offset + opts.limit)}` : null;
  return {
    page: Prisma.sql`SELECT c.id FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ${opts.limit} OFFSET ${opts.offset}`,
    count: ranked
      ? Prisma.sql`SELECT count(*) AS n FROM (${ranked}) matches`
      : Prisma.sql`SELECT count(*) AS n FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${countCap + 1}) matches`,
    exactCount: Prisma.sql`SELECT count(*) AS n FROM ${from} WHERE ${where}`,
    ranked,
  };
}

/**
 * How many active contracts match, exactly, past the cap too. Only `last` without `before` needs
 * it (the last page's offset); it costs what counting every match costs (see COUNT_CAP).
 */
export async function countContracts(sql: SqlReader, filter: ContractFilter): Promise<number> {
  validateFilter(filter);
  const [row] = await sql.query<{ n: bigint | number | string }>(Prisma.sql`${PLAN_EACH_TIME}${contractPageSql({ filter, sort: 'newest', offset: 0, limit: 0 }).exactCount}`);
  return Number(row?.n ?? 0);
}

/** The index a page's search runs on: asked of the database only when there are words to match. */
export async function searchIndexFor(db: SqlReader | Db, filter: ContractFilter): Promise<SearchIndex> {
  return searchQuery(filter.search) ? searchIndexOf(db) : 'gin';
}

/**
 * What a page statement selects from: the page's ids with their place (`c.id`, `c.ord`) and the
 * capped count, after `with` (empty, or on RUM the ranked matches both read: the statement starts
 * with it).
 */
export function orderedPageSql(opts: PageOptions) {
  validateFilter(opts.filter);
  const sql = contractPageSql(opts);
  if (sql.ranked) {
    return {
      with: Prisma.sql`WITH ranked AS MATERIALIZED (SELECT r.id, row_number() OVER () AS ord FROM (${sql.ranked}) r)`,
      count: Prisma.sql`SELECT count(*) AS n FROM ranked`,
      ids: Prisma.sql`(SELECT r.id, r.ord FROM ranked r WHERE r.ord > ${opts.offset} AND r.ord <= ${opts.offset + opts.limit}) c`,
    };
  }
  // row_number() over the page keeps the page's order through the joins that follow.
  return { with: Prisma.empty, count: sql.count, ids: Prisma.sql`(SELECT p.id, row_number() OVER () AS ord FROM (${sql.page}) p) c` };
}

/** The list's count from the capped one: past the cap, the cap and "not exact". */
export function cappedCount(matches: bigint | number | string | undefined, countCap = COUNT_CAP) {
  const n = Number(matches ?? 0);
  return { totalCount: Math.min(n, countCap), totalCountIsExact: n <= countCap };
}

export interface ContractPage {
  /** The page's contract ids, in order. */
  ids: string[];
  /** How many match in all, up to the cap. */
  totalCount: number;
  totalCountIsExact: boolean;
  /** Each card's figures (24-hour price, bid side), by id. */
  figures: Map<string, CardFigures>;
}

/**
 * One page of active contracts: ids in order, the capped count and the cards' figures, in one
 * statement instead of three (a page of the floor is read often, and never from the response cache
 * by anyone logged in; docs/performance.md).
 */
export async function findContractPage(
  db: Db,
  opts: Omit<PageOptions, 'searchIndex'> & { now?: Date },
): Promise<ContractPage> {
  const page = orderedPageSql({ ...opts, searchIndex: await searchIndexFor(db, opts.filter) });
  const [row] = await db.$queryRaw<{ n: bigint | number; cards: Array<CardFigures & { id: string; ord: number }> | null }[]>`
    ${PLAN_EACH_TIME}${page.with} SELECT (${page.count}) AS n,
      (SELECT json_agg(f ORDER BY f.ord) FROM (${cardFiguresSql(page.ids, opts.now ?? new Date(), Prisma.sql`, c.ord`)}) f) AS cards`;
  const list = row?.cards ?? [];
  return {
    ids: list.map((card) => card.id),
    ...cappedCount(row?.n, opts.countCap),
    figures: new Map(list.map(({ id, price24hAgo, highestBid, openBidCount }) => [id, { price24hAgo, highestBid, openBidCount }])),
  };
}

/** Puts rows loaded by id back into the page's order. */
export function inOrder<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}
