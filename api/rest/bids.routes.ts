import { Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { z } from 'zod';
import type { Yoga } from '../graphql/yoga.ts';
import { json, operation, respondWithGraphQLErrors, respondWithResult, runOperation, type ClientIp, type MutationResult, type PageInfo } from './execute.ts';
import { cursorAtOffset } from './page-walk.ts';
import { jsonError } from './respond.ts';
import { limitParam, offsetParam, PAGE_HEADERS, setPageHeaders } from './page-links.ts';
import { refuseOtherBuyer } from './signed-in.ts';
import { body, documentedAs, field, money, queryOf, readBody } from './openapi/describe.ts';
import { BidAnswer } from './openapi/shapes.ts';

/** The routes of this file under one heading of the reference page. */
const doc = documentedAs('Market');

// REST compatibility for bids (the specification): a contract's bids, placing one, withdrawing
// one; the same GraphQL fields the web app reads, reshaped to the spec's JSON.

const BID_FIELDS = `bidId contractId amount message status createdAt decidedAt bidder { userId name }`;
const ERROR_FIELDS = `__typename ... on Error { message code reason ... on ValidationError { fieldErrors { field message } } ... on RateLimitedError { retryAfterSeconds } }`;

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
interface Page<T> {
  edges: Array<{ node: T }>;
  totalCount: number;
  pageInfo: PageInfo;
}

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

/** The query of GET /api/bids/contract/{id}. */
const BIDS_PAGE = 100;
const BidsQuery = z.object({ limit: limitParam(BIDS_PAGE), offset: offsetParam() });

const BidBody = body({
  contractId: field,
  bidAmount: money.optional(),
  message: z.string().nullish(),
  buyerId: field.nullish().describe('If sent, it must be the signed-in user.'),
});
function restBid(node: BidNode) {
  const { bidId, amount, contractId, bidder, ...rest } = node;
  return { id: bidId, contractId, buyerId: bidder?.userId ?? null, bidderName: bidder?.name ?? null, bidAmount: amount, amount, ...rest };
}

export function bidRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  // GET /api/bids/contract/{id} (+ limit, offset): a page of the contract's bids, newest first, paged
  // like GET /api/contracts (docs/decisions.md "Bids: withdrawing, superseding, limits").
  r.get('/bids/contract/:id', doc({
    access: 'public',
    tokenScopes: ['market:read'],
    summary: "A contract's bids, newest first",
    description: 'Paged with `limit` and `offset` (100 by default and at most): the total is in `X-Total-Count`, the pages in `Link`. Everyone sees amounts, statuses and times; the bidder and message only the bidder, the provider and administrators.',
    answers: { 200: { description: "A page of the contract's bids", schema: z.array(BidAnswer), headers: PAGE_HEADERS } },
    errors: [404],
  }), queryOf(BidsQuery), async (c) => {
    const q = c.req.valid('query');
    const limit = q.limit ?? BIDS_PAGE;
    const offset = q.offset ?? 0;
    const id = c.req.param('id');
    // The bids' cursors are ids: walk to the offset (only where each page ends, no rows).
    const start = await cursorAtOffset(offset, BIDS_PAGE, async (first, after) => {
      const ends = await runOperation(yoga, c, clientIp(c), BID_PAGE_ENDS, { id, first, after });
      if (ends.errors?.length) return respondWithGraphQLErrors(c, ends.errors, ends.data);
      return ends.data?.contract?.bids.pageInfo ?? jsonError(c, 'NOT_FOUND', 'Contract not found');
    });
    if (start instanceof Response) return start;
    const { after, pastTheEnd } = start;
    const result = await runOperation(yoga, c, clientIp(c), BIDS, { id, first: limit, after });
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    const bids = result.data?.contract?.bids;
    if (!bids) return jsonError(c, 'NOT_FOUND', 'Contract not found');
    setPageHeaders(c, bids.totalCount, { offset, limit, hasNext: !pastTheEnd && bids.pageInfo.hasNextPage });
    return json(c, pastTheEnd ? [] : bids.edges.map((e) => restBid(e.node)));
  });

  // POST /api/bids { contractId, buyerId, bidAmount, message }: the bidder is the session's user;
  // a buyerId naming someone else is refused.
  r.post('/bids', doc({
    access: 'signed-in',
    tokenScopes: ['trade'],
    summary: 'Place a bid on an active contract',
    body: BidBody,
    example: { contractId: '0196c4a0-0000-7000-8000-000000000001', bidAmount: 180, message: 'Ready to buy this week' },
    answers: { 201: BidAnswer },
    errors: [403, 404, 409, 429],
  }), async (c) => {
    const body = await readBody(c, BidBody);
    const denied = await refuseOtherBuyer(yoga, c, clientIp, body.buyerId);
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
  r.post('/bids/:id/withdraw', doc({
    access: 'signed-in',
    tokenScopes: ['trade'],
    summary: "Withdraw one's own open bid",
    description: "Only the bidder may, administrators included (the provider declines instead): someone else's bid is a 403, a bid on a listing the caller may not see a 404, a bid that is no longer open a 409. Answers the bid, now `withdrawn`.",
    answers: { 200: BidAnswer },
    errors: [403, 404, 409],
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), WITHDRAW_BID, { input: { bidId: c.req.param('id') } });
    return respondWithResult(c, result, 'withdrawBid', (data) => json(c, restBid(data)));
  });

  return r;
}
