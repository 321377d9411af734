import { Hono, type Context as HonoContext } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { Yoga } from '../graphql/yoga.ts';
import { contextFor, json, everyPage, jsonList, jsonShaped, operation, respondWithGraphQLErrors, respondWithResult, runOperation, type MutationResult, type OperationResult } from './execute.ts';
import { jsonError } from './respond.ts';
import { setPageHeaders } from './page-links.ts';
import { parseCategory } from '../domain/market/categories.ts';
import { CONTRACT_SORTS, type ContractSort } from '../domain/market/contracts.list.ts';
import { afterCursorForOffset } from '../graphql/cursors.ts';
import { BACK_OFFICE_FIELDS, CONTRACT_FIELDS, restContract, restContractFor, type BackOfficeContractNode, type ContractNode } from './contract-shape.ts';
import { PURCHASE_FIELDS, restPurchase, type PurchaseNode } from './purchase-shape.ts';
import { z } from 'zod';
import { body, documented, field, money, queryOf, readBody } from './openapi/describe.ts';
import { BidAnswer, ListingAnswer, PurchaseAnswer } from './openapi/shapes.ts';
import { PAGE_HEADERS } from './page-links.ts';
import { isAdmin } from '../domain/policies.ts';
import { TOTAL_HEADER } from './page-links.ts';

// REST compatibility for the market (the specification): the same
// GraphQL fields the web app reads, reshaped to the spec's JSON. Ids are the plain ids.

const BID_FIELDS = `bidId contractId amount message status createdAt decidedAt bidder { userId name }`;
const ERROR_FIELDS = `__typename ... on Error { message code reason } ... on ValidationError { fieldErrors { field message } } ... on RateLimitedError { retryAfterSeconds }`;

interface BidNode {
  bidId: string;
  amount: string;
  message: string | null;
  status: string;
  createdAt: string;
  decidedAt: string | null;
  contractId: string;
  bidder: { userId: string; name: string } | null;
}
interface Edges<T> {
  edges: Array<{ node: T }>;
}
interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}
interface Page<T> extends Edges<T> {
  totalCount: number;
  pageInfo: PageInfo;
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
type BidPageVariables = { id: string; first: number; after: string | null };
const BIDS = operation<{ contract: { bids: Page<BidNode> } | null }, BidPageVariables>(`query RestBids($id: ID!, $first: Int!, $after: String) { contract(id: $id) {
  bids(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { ${BID_FIELDS} } } } } }`);
// Only where each page ends: the walk to an offset (the bids' cursors are ids, not offsets).
const BID_PAGE_ENDS = operation<{ contract: { bids: { pageInfo: PageInfo } } | null }, BidPageVariables>(`query RestBidPageEnds($id: ID!, $first: Int!, $after: String) {
  contract(id: $id) { bids(first: $first, after: $after) { pageInfo { hasNextPage endCursor } } } }`);
const PLACE_BID = operation<MutationResult<'placeBid', BidNode>>(`mutation RestPlaceBid($input: PlaceBidInput!) {
  placeBid(input: $input) { ${ERROR_FIELDS} ... on MutationPlaceBidSuccess { data { ${BID_FIELDS} } } } }`);
const WITHDRAW_BID = operation<MutationResult<'withdrawBid', BidNode>>(`mutation RestWithdrawBid($input: WithdrawBidInput!) {
  withdrawBid(input: $input) { ${ERROR_FIELDS} ... on MutationWithdrawBidSuccess { data { ${BID_FIELDS} } } } }`);
const CREATE_PURCHASE = operation<MutationResult<'createPurchase', PurchaseNode>>(`mutation RestCreatePurchase($input: CreatePurchaseInput!) {
  createPurchase(input: $input) { ${ERROR_FIELDS} ... on MutationCreatePurchaseSuccess { data { ${PURCHASE_FIELDS} } } } }`);
const MY_PURCHASES = operation<{ viewer: { userId: string; purchases: Page<PurchaseNode> } | null }>(`query RestMyPurchases($after: String) { viewer { userId purchases(first: 100, after: $after) {
  pageInfo { hasNextPage endCursor } edges { node { ${PURCHASE_FIELDS} } } } } }`);
const WHO = operation<{ viewer: { userId: string } | null }>(`query RestWho { viewer { userId } }`);

/** Statuses of listings besides active: only administrators list them (the review queue). */
const REVIEW_STATUSES = ['pending_review', 'rejected'];

const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100';
const OFFSET_MESSAGE = 'offset must be a whole number of at least 0';
/** `limit` of a paged list: 1 to 100. */
const limitParam = (byDefault: number) =>
  z.string().regex(/^\d{1,3}$/, LIMIT_MESSAGE).transform(Number).pipe(z.number().min(1, LIMIT_MESSAGE).max(100, LIMIT_MESSAGE)).optional().describe(`1 to 100; ${byDefault} by default.`);
const offsetParam = () => z.string().regex(/^\d{1,15}$/, OFFSET_MESSAGE).transform(Number).optional().describe('How many to skip; 0 by default.');
const priceParam = (name: string) =>
  z.string().regex(/^\s*(\d{1,10}(\.\d{1,2})?)?\s*$/, `${name} must be a number of at least 0`).optional().describe('US dollars, at most two decimals.');

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

/** The query of GET /api/bids/contract/{id}. */
const BIDS_PAGE = 100;
const BidsQuery = z.object({ limit: limitParam(BIDS_PAGE), offset: offsetParam() });

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

const BidBody = body({
  contractId: field,
  bidAmount: money.optional(),
  message: z.string().nullish(),
  buyerId: field.nullish().describe('If sent, it must be the signed-in user.'),
});
const PurchaseBody = body({
  contractId: field,
  buyerId: field.nullish().describe('If sent, it must be the signed-in user.'),
  status: z.literal('pending', { error: 'A new purchase has status pending' }).optional(),
});

const SORT_ENUM: Record<ContractSort, string> = {
  relevant: 'MOST_RELEVANT',
  newest: 'NEWEST',
  'price-low': 'PRICE_LOW',
  'price-high': 'PRICE_HIGH',
  rating: 'RATING',
  popular: 'POPULAR',
};

function restBid(node: BidNode) {
  const { bidId, amount, contractId, bidder, ...rest } = node;
  return { id: bidId, contractId, buyerId: bidder?.userId ?? null, bidderName: bidder?.name ?? null, bidAmount: amount, amount, ...rest };
}

type ClientIp = (c: HonoContext<{ Bindings: HttpBindings }>) => string;

const decimalParam = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim());

export function marketRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  // GET /api/stats: activeContracts, totalUsers, totalVolume, totalTransactions (+ ticker figures).
  r.get('/stats', documented({
    tag: 'Market',
    access: 'public',
    summary: 'Market figures (the hero and the ticker)',
    answers: { 200: MarketStatsAnswer },
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), STATS);
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    return jsonShaped(c, result.data!.marketStats, (stats) => stats);
  });

  // GET /api/contracts?category&minPrice&maxPrice&search&sortBy (+ limit, offset): an array; the
  // total is in X-Total-Count.
  r.get('/contracts', documented({
    tag: 'Market',
    access: 'public',
    summary: 'Browse and search active contracts (administrators: the review queue with status)',
    description: 'Paged with `limit` and `offset`: the total is in `X-Total-Count` (`X-Total-Count-Exact: false` when counting stopped at 10,000), the pages in `Link`. With `status=pending_review` or `rejected`: the review queue, for administrators, oldest first, with the back-office fields.',
    answers: { 200: { description: 'A page of contracts', schema: z.array(ListingAnswer), headers: PAGE_HEADERS } },
    errors: [401, 403],
  }), queryOf(ContractsQuery), async (c) => {
    const q = c.req.valid('query');
    if (q.status !== undefined && q.status !== 'active') return reviewQueue(c, q);
    const category = q.category && q.category.toLowerCase() !== 'all' ? parseCategory(q.category) : undefined;
    if (q.category && q.category.toLowerCase() !== 'all' && !category) return jsonError(c, 400, `Unknown category: ${q.category}`);
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

  r.get('/contracts/:id', documented({
    tag: 'Market',
    access: 'public',
    summary: 'One contract',
    description: 'Its provider and administrators also get the back-office fields (`Listing`); everyone else the public shape. Listings that are not active are not found for anyone else.',
    answers: { 200: ListingAnswer },
    errors: [404],
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), CONTRACT, { id: c.req.param('id') });
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    const contract = result.data?.contract;
    if (!contract) return jsonError(c, 404, 'Contract not found');
    const { viewer } = result.context;
    // Anonymous: the public shape, which depends on the contract alone.
    return viewer ? json(c, restContractFor(viewer, contract)) : jsonShaped(c, contract, (node) => restContractFor(null, node));
  });

  // GET /api/bids/contract/{id} (+ limit, offset): a page of the contract's bids, newest first, paged
  // like GET /api/contracts (docs/decisions.md "Bids: withdrawing, superseding, limits").
  r.get('/bids/contract/:id', documented({
    tag: 'Market',
    access: 'public',
    summary: "A contract's bids, newest first",
    description: 'Paged with `limit` and `offset` (100 by default and at most): the total is in `X-Total-Count`, the pages in `Link`. Everyone sees amounts, statuses and times; the bidder and message only the bidder, the provider and administrators.',
    answers: { 200: { description: "A page of the contract's bids", schema: z.array(BidAnswer), headers: PAGE_HEADERS } },
    errors: [404],
  }), queryOf(BidsQuery), async (c) => {
    const q = c.req.valid('query');
    const limit = q.limit ?? BIDS_PAGE;
    const offset = q.offset ?? 0;
    const id = c.req.param('id');
    const start = await bidCursorAt(c, id, offset);
    if (start instanceof Response) return start;
    const { after, pastTheEnd } = start;
    const result = await runOperation(yoga, c, clientIp(c), BIDS, { id, first: limit, after });
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    const bids = result.data?.contract?.bids;
    if (!bids) return jsonError(c, 404, 'Contract not found');
    setPageHeaders(c, bids.totalCount, { offset, limit, hasNext: !pastTheEnd && bids.pageInfo.hasNextPage });
    return json(c, pastTheEnd ? [] : bids.edges.map((e) => restBid(e.node)));
  });

  // POST /api/bids { contractId, buyerId, bidAmount, message }: the bidder is the session's user;
  // a buyerId naming someone else is refused.
  r.post('/bids', documented({
    tag: 'Market',
    access: 'signed-in',
    summary: 'Place a bid on an active contract',
    body: BidBody,
    example: { contractId: '0196c4a0-0000-7000-8000-000000000001', bidAmount: 180, message: 'Ready to buy this week' },
    answers: { 201: BidAnswer },
    errors: [403, 404, 409, 429],
  }), async (c) => {
    const body = await readBody(c, BidBody);
    const denied = await refuseOtherUser(c, body.buyerId);
    if (denied) return denied;
    const amount = typeof body.bidAmount === 'number' ? String(body.bidAmount) : typeof body.bidAmount === 'string' ? body.bidAmount : '';
    const input = {
      contractId: typeof body.contractId === 'string' || typeof body.contractId === 'number' ? String(body.contractId) : '',
      amount,
      message: typeof body.message === 'string' ? body.message : null,
    };
    const result = await runOperation(yoga, c, clientIp(c), PLACE_BID, { input });
    return respondWithResult(c, result, 'placeBid', (data) => json(c, restBid(data), 201));
  });

  // POST /api/bids/{id}/withdraw: the bidder withdraws their open bid.
  r.post('/bids/:id/withdraw', documented({
    tag: 'Market',
    access: 'signed-in',
    summary: "Withdraw one's own open bid",
    description: "Only the bidder may, administrators included (the provider declines instead): someone else's bid is a 403, a bid on a listing the caller may not see a 404, a bid that is no longer open a 409. Answers the bid, now `withdrawn`.",
    answers: { 200: BidAnswer },
    errors: [403, 404, 409],
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), WITHDRAW_BID, { input: { bidId: c.req.param('id') } });
    return respondWithResult(c, result, 'withdrawBid', (data) => json(c, restBid(data)));
  });

  // POST /api/purchases { buyerId, contractId, status: 'pending' }
  r.post('/purchases', documented({
    tag: 'Market',
    access: 'signed-in',
    summary: 'Start a purchase at the server\'s price (pending until paid)',
    body: PurchaseBody,
    example: { contractId: '0196c4a0-0000-7000-8000-000000000001', status: 'pending' },
    answers: { 201: PurchaseAnswer },
    errors: [403, 404, 409],
  }), async (c) => {
    const body = await readBody(c, PurchaseBody);
    const denied = await refuseOtherUser(c, body.buyerId);
    if (denied) return denied;
    if (body.status !== undefined && body.status !== 'pending') return jsonError(c, 400, 'A new purchase has status pending');
    const input = { contractId: typeof body.contractId === 'string' || typeof body.contractId === 'number' ? String(body.contractId) : '' };
    const result = await runOperation(yoga, c, clientIp(c), CREATE_PURCHASE, { input });
    return respondWithResult(c, result, 'createPurchase', (data) => json(c, restPurchase(data), 201));
  });

  // GET /api/purchases/buyer/{userId}: the logged-in user's own purchases only.
  r.get('/purchases/buyer/:userId', documented({
    tag: 'Market',
    access: 'signed-in',
    summary: "The signed-in buyer's purchases (only one's own)",
    answers: { 200: { description: 'The purchases', schema: z.array(PurchaseAnswer), headers: TOTAL_HEADER } },
    errors: [403],
  }), async (c) => {
    const purchases = await everyPage<PurchaseNode>(async (after) => {
      const result = await runOperation(yoga, c, clientIp(c), MY_PURCHASES, { after });
      if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
      const viewer = result.data?.viewer;
      if (!viewer) return jsonError(c, 401, 'Authentication required');
      if (viewer.userId !== c.req.param('userId')) return jsonError(c, 403, 'You can only read your own purchases');
      return viewer.purchases;
    });
    return purchases instanceof Response ? purchases : jsonList(c, purchases.map(restPurchase));
  });

  // GET /api/contracts?status=pending_review|rejected (+ limit, offset): the review queue, oldest
  // first, for administrators; anonymous callers 401, anyone else 403 (providers see their own
  // listings in every status on their dashboard). The market's filters do not apply to it.
  async function reviewQueue(c: HonoContext<{ Bindings: HttpBindings }>, q: ContractsQuery) {
    const limit = q.limit ?? 50;
    const offset = q.offset ?? 0;
    const ctx = await contextFor(yoga, c, clientIp(c));
    if (!ctx.viewer) return jsonError(c, 401, 'Authentication required');
    if (!isAdmin(ctx.viewer)) return jsonError(c, 403, 'Only administrators list listings that are not active');
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

  /**
   * Where a page of a contract's bids starting at `offset` begins: the bids' cursors are ids, so
   * the walk reads where each page of up to 100 ends (no rows) until it reaches the offset.
   * `pastTheEnd` when the list is shorter than the offset.
   */
  async function bidCursorAt(c: HonoContext<{ Bindings: HttpBindings }>, id: string, offset: number): Promise<{ after: string | null; pastTheEnd: boolean } | Response> {
    let after: string | null = null;
    for (let skipped = 0; skipped < offset; ) {
      const first = Math.min(BIDS_PAGE, offset - skipped);
      const result: OperationResult<{ contract: { bids: { pageInfo: PageInfo } } | null }> = await runOperation(yoga, c, clientIp(c), BID_PAGE_ENDS, { id, first, after });
      if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
      const ends = result.data?.contract?.bids;
      if (!ends) return jsonError(c, 404, 'Contract not found');
      skipped += first;
      after = ends.pageInfo.endCursor ?? after;
      if (!ends.pageInfo.hasNextPage) return { after, pastTheEnd: true };
    }
    return { after, pastTheEnd: false };
  }

  /** 401 when logged out, 403 when `claimed` names another user than the session's. */
  async function refuseOtherUser(c: HonoContext<{ Bindings: HttpBindings }>, claimed: unknown) {
    const me = await runOperation(yoga, c, clientIp(c), WHO);
    const userId = me.data?.viewer?.userId as string | undefined;
    if (!userId) return jsonError(c, 401, 'User not authenticated or contract not found');
    if (claimed !== undefined && claimed !== null && String(claimed) !== userId) return jsonError(c, 403, 'buyerId must be the logged-in user');
    return null;
  }

  return r;
}

