import { Hono, type Context as HonoContext } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { z } from 'zod';
import type { Yoga } from '../graphql/yoga.ts';
import { contextFor, json, jsonShaped, operation, respondWithGraphQLErrors, runOperation, type ClientIp } from './execute.ts';
import { jsonError } from './respond.ts';
import { limitParam, offsetParam, PAGE_HEADERS, setPageHeaders } from './page-links.ts';
import { parseCategory } from '../domain/market/categories.ts';
import { CONTRACT_SORTS, type ContractSort } from '../domain/market/contracts.list.ts';
import { afterCursorForOffset } from '../graphql/cursors.ts';
import { BACK_OFFICE_FIELDS, CONTRACT_FIELDS, restContract, restContractFor, type BackOfficeContractNode, type ContractNode } from './contract-shape.ts';
import { documentedAs, queryOf } from './openapi/describe.ts';
import { ListingAnswer, ProviderProfileAnswer } from './openapi/shapes.ts';
import { refuseNonAdmin } from './signed-in.ts';
import { AMOUNT_DIGITS } from '../domain/money/money.ts';

/** The routes of this file under one heading of the reference page. */
const doc = documentedAs('Market');

// REST compatibility for the market (the specification): its figures, the contracts and the
// review queue; the same GraphQL fields the web app reads, reshaped to the spec's JSON. Ids are the
// plain ids. Bids and purchases are bids.routes.ts and purchases.routes.ts.

interface Page<T> {
  edges: Array<{ node: T }>;
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

const STATS = operation<{ marketStats: Record<string, number | string> }>(`query RestStats { marketStats {
  activeContracts totalContracts totalUsers activeUsers totalVolume volumeToday totalTransactions } }`);
const CONTRACTS = operation<{ contracts: Omit<Page<ContractNode>, 'pageInfo'> & { totalCountIsExact: boolean; pageInfo: { hasNextPage: boolean } } }>(`query RestContracts($first: Int!, $after: String, $filter: ContractFilter, $sort: ContractSort) {
  contracts(first: $first, after: $after, filter: $filter, sort: $sort) { totalCount totalCountIsExact pageInfo { hasNextPage } edges { node { ${CONTRACT_FIELDS} } } } }`);
// The review queue (administrators): listings in a status other than active.
const REVIEW_QUEUE = operation<{ listingsForReview: Page<BackOfficeContractNode> }>(`query RestReviewQueue($status: ContractStatus!, $first: Int!, $after: String) {
  listingsForReview(status: $status, first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { ${BACK_OFFICE_FIELDS} } } } }`);
// Back-office fields resolve to null for anyone but the provider and administrators.
const CONTRACT = operation<{ contract: BackOfficeContractNode | null }>(`query RestContract($id: ID!) { contract(id: $id) { ${BACK_OFFICE_FIELDS} } }`);
// A provider's public profile (docs/decisions.md "Issue 28: the provider's public profile").
type ProviderNode = {
  userId: string;
  username: string;
  name: string;
  profileImage: string | null;
  isVerifiedProvider: boolean;
  memberSince: string;
  rating: number | null;
  reviewCount: number;
  completedSales: number;
  tradeCount: number;
  onTimeRecord: { onTime: number; periods: number } | null;
  activeListings: { totalCount: number; edges: Array<{ node: ContractNode }> };
};
const PROVIDER = operation<{ provider: ProviderNode | null }>(`query RestProvider($username: String!, $first: Int!) { provider(username: $username) {
  userId username name profileImage isVerifiedProvider memberSince rating reviewCount completedSales tradeCount onTimeRecord { onTime periods }
  activeListings(first: $first) { totalCount edges { node { ${CONTRACT_FIELDS} } } } } }`);
const ProviderQuery = z.object({ limit: limitParam(20) });

/** Statuses of listings besides active: only administrators list them (the review queue). */
const REVIEW_STATUSES = ['pending_review', 'rejected'];

const priceParam = (name: string) =>
  z.string().regex(new RegExp(`^\\s*(${AMOUNT_DIGITS})?\\s*$`), `${name} must be a number of at least 0`).optional().describe('US dollars, at most two decimals.');

/** The query of GET /api/contracts: checked here, documented from here. */
const ContractsQuery = z.object({
  category: z.string().optional().describe('A category slug or label (e.g. `financial`, "Real Estate"); `all` for every one.'),
  minPrice: priceParam('minPrice'),
  maxPrice: priceParam('maxPrice'),
  search: z.string().optional().describe('Words of the title, description or fields; the best matches first.'),
  minRating: z.string().regex(/^\s*(\d(\.\d+)?)?\s*$/, 'minRating must be a number from 0 to 5').optional().describe("The provider's least average rating."),
  sortBy: z.enum(CONTRACT_SORTS, { error: `sortBy must be one of: ${CONTRACT_SORTS.join(', ')}` }).optional(),
  limit: limitParam(50),
  offset: offsetParam(),
  status: z.enum(['active', ...REVIEW_STATUSES], { error: `status must be one of: active, ${REVIEW_STATUSES.join(', ')}` }).optional().describe('Administrators: `pending_review` or `rejected` lists the review queue.'),
});
type ContractsQuery = z.output<typeof ContractsQuery>;

const MarketStatsAnswer = z
  .object({
    activeContracts: z.number().int(),
    totalContracts: z.number().int(),
    totalUsers: z.number().int(),
    activeUsers: z.number().int(),
    totalVolume: z.string(),
    volumeToday: z.string(),
    totalTransactions: z.number().int(),
  })
  .loose();

const SORT_ENUM: Record<ContractSort, string> = {
  relevant: 'MOST_RELEVANT',
  newest: 'NEWEST',
  'price-low': 'PRICE_LOW',
  'price-high': 'PRICE_HIGH',
  rating: 'RATING',
  popular: 'POPULAR',
};

const decimalParam = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim());

export function marketRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  // GET /api/stats: activeContracts, totalUsers, totalVolume, totalTransactions (+ ticker figures).
  r.get('/stats', doc({
    access: 'public',
    tokenScopes: ['market:read'],
    summary: 'Market figures (the hero and the ticker)',
    answers: { 200: MarketStatsAnswer },
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), STATS);
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    return jsonShaped(c, result.data!.marketStats, (stats) => stats);
  });

  // GET /api/contracts?category&minPrice&maxPrice&search&sortBy (+ limit, offset): an array; the
  // total is in X-Total-Count.
  r.get('/contracts', doc({
    access: 'public',
    tokenScopes: ['market:read'],
    summary: 'Browse and search active contracts (administrators: the review queue with status)',
    description: 'Paged with `limit` and `offset`: the total is in `X-Total-Count` (`X-Total-Count-Exact: false` when counting stopped at 10,000), the pages in `Link`. With `status=pending_review` or `rejected`: the review queue, for administrators, oldest first, with the back-office fields (a token needs `admin` for it).',
    answers: { 200: { description: 'A page of contracts', schema: z.array(ListingAnswer), headers: PAGE_HEADERS } },
    errors: [401, 403],
  }), queryOf(ContractsQuery), async (c) => {
    const q = c.req.valid('query');
    if (q.status !== undefined && q.status !== 'active') return reviewQueue(c, q);
    const category = q.category && q.category.toLowerCase() !== 'all' ? parseCategory(q.category) : undefined;
    if (q.category && q.category.toLowerCase() !== 'all' && !category) return jsonError(c, 'INVALID_INPUT', `Unknown category: ${q.category}`);
    const sort: ContractSort = q.sortBy ?? 'relevant';
    const limit = q.limit ?? 50;
    const offset = q.offset ?? 0;
    const filter = {
      category,
      minPrice: decimalParam(q.minPrice),
      maxPrice: decimalParam(q.maxPrice),
      search: q.search || undefined,
      minProviderRating: q.minRating ? Number(q.minRating) : undefined,
    };
    const after = afterCursorForOffset(offset);
    const result = await runOperation(yoga, c, clientIp(c), CONTRACTS, { first: limit, after, filter, sort: SORT_ENUM[sort] });
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    const { totalCount, totalCountIsExact, pageInfo } = result.data!.contracts;
    setPageHeaders(c, totalCount, { offset, limit, hasNext: pageInfo.hasNextPage });
    // Counts stop at 10,000 (docs/decisions.md "Counts stop at 10,000"): say so when they did.
    if (!totalCountIsExact) c.header('x-total-count-exact', 'false');
    return jsonShaped(c, result.data!.contracts, (contracts) => contracts.edges.map((e) => restContract(e.node)));
  });

  r.get('/contracts/:id', doc({
    access: 'public',
    tokenScopes: ['market:read'],
    summary: 'One contract',
    description: 'Its provider and administrators also get the back-office fields (`Listing`); everyone else the public shape. Listings that are not active are not found for anyone else.',
    answers: { 200: ListingAnswer },
    errors: [404],
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), CONTRACT, { id: c.req.param('id') });
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    const contract = result.data?.contract;
    if (!contract) return jsonError(c, 'NOT_FOUND', 'Contract not found');
    const { viewer } = result.context;
    // Anonymous: the public shape, which depends on the contract alone.
    return viewer ? json(c, restContractFor(viewer, contract)) : jsonShaped(c, contract, (node) => restContractFor(null, node));
  });

  r.get('/providers/:username', doc({
    access: 'public',
    tokenScopes: ['market:read'],
    summary: "A provider's public profile, with their newest active listings",
    description: 'The same public figures as the profile page (/provider/{username}): no email. Not found for an unknown or deleted account, or one that is not a provider.',
    answers: { 200: ProviderProfileAnswer },
    errors: [404],
  }), queryOf(ProviderQuery), async (c) => {
    const { limit = 20 } = c.req.valid('query');
    const result = await runOperation(yoga, c, clientIp(c), PROVIDER, { username: c.req.param('username'), first: limit });
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    if (!result.data?.provider) return jsonError(c, 'NOT_FOUND', 'Provider not found');
    return jsonShaped(c, result.data.provider, ({ userId, isVerifiedProvider, activeListings, ...p }) => ({
      id: userId,
      ...p,
      isVerified: isVerifiedProvider,
      activeListingCount: activeListings.totalCount,
      contracts: activeListings.edges.map((e) => restContract(e.node)),
    }));
  });

  // GET /api/contracts?status=pending_review|rejected (+ limit, offset): the review queue, oldest
  // first, for administrators; anonymous callers 401, anyone else 403 (providers see their own
  // listings in every status on their dashboard). The market's filters do not apply to it.
  async function reviewQueue(c: HonoContext<{ Bindings: HttpBindings }>, q: ContractsQuery) {
    const limit = q.limit ?? 50;
    const offset = q.offset ?? 0;
    const ctx = await contextFor(yoga, c, clientIp(c), 'admin');
    const refused = refuseNonAdmin(c, ctx, 'Only administrators list listings that are not active');
    if (refused) return refused;
    // The queue's cursors are ids: walk to the offset page by page (the queue is short).
    const items: BackOfficeContractNode[] = [];
    let after: string | undefined;
    let totalCount = 0;
    for (;;) {
      const result = await runOperation(yoga, c, clientIp(c), REVIEW_QUEUE, { status: q.status, first: 100, after });
      if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
      const page = result.data!.listingsForReview;
      totalCount = page.totalCount;
      items.push(...page.edges.map((e) => e.node));
      if (!page.pageInfo.hasNextPage || items.length >= offset + limit || !page.pageInfo.endCursor) break;
      after = page.pageInfo.endCursor;
    }
    setPageHeaders(c, totalCount, { offset, limit, hasNext: offset + limit < totalCount });
    return json(c, items.slice(offset, offset + limit).map((node) => restContractFor(ctx.viewer, node)));
  }

  return r;
}

