import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, logIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { makeContract, makeUser, toGlobalId } from '../../test/market-fixtures.ts';
import type { PrismaClient } from '../../db/generated/prisma/client.ts';

// Bids as users and attackers use them (issue 23): withdrawing one, what accepting one does to the
// same buyer's other open bids, amounts no payment could hold, the paged REST list, and the
// per-user limits on placing bids and sending messages.

const PLACE = `mutation($input: PlaceBidInput!) { placeBid(input: $input) { __typename ... on Error { message code reason }
  ... on ValidationError { fieldErrors { field message } } ... on RateLimitedError { retryAfterSeconds }
  ... on MutationPlaceBidSuccess { data { bidId amount status } } } }`;
const WITHDRAW = `mutation($input: WithdrawBidInput!) { withdrawBid(input: $input) { __typename ... on Error { message code reason }
  ... on MutationWithdrawBidSuccess { data { bidId status nextStatuses } } } }`;
const ACCEPT = `mutation($input: DecideBidInput!) { acceptBid(input: $input) { __typename ... on Error { message code reason }
  ... on ValidationError { fieldErrors { field message } } ... on MutationAcceptBidSuccess { data { bidId status } } } }`;
const SEND = `mutation($input: SendMessageInput!) { sendMessage(input: $input) { __typename ... on Error { message code reason }
  ... on RateLimitedError { retryAfterSeconds } ... on MutationSendMessageSuccess { data { messageId } } } }`;

// Small limits, so the tests reach them; every other test bids as its own users.
const BID_LIMIT = 4;
const MESSAGE_LIMIT = 3;

describe.each(testDatabases())('bids on %s', (kind) => {
  let app: TestApp;
  let db: PrismaClient;
  let provider: { id: string };
  let contractId: string;
  let pendingId: string;
  let seq = 0;

  /** A new verified user, logged in. */
  const newUser = async (label: string) => {
    const user = await makeUser(db, `${label}${++seq}`);
    return { user, client: await logIn(app, user.username) };
  };
  /** A bid straight in the database (setup that must not count against the limits). */
  const bidOf = (bidderId: string, amount: string, on = contractId, extra: { status?: 'open' | 'accepted'; createdAt?: Date } = {}) =>
    db.bid.create({ data: { contractId: on, bidderId, amount, ...extra } });
  const statusOf = async (id: string) => (await db.bid.findUniqueOrThrow({ where: { id } })).status;

  beforeAll(async () => {
    app = await startTestApp(kind, { BID_LIMIT_PER_USER: String(BID_LIMIT), MESSAGE_LIMIT_PER_USER: String(MESSAGE_LIMIT) });
    db = app.database.prisma;
    provider = await makeUser(db, 'tideprov', { dueDiligenceStatus: 'approved' });
    await makeUser(db, 'tideboss', { isAdmin: true });
    contractId = (await makeContract(db, provider.id, { title: 'Tide Gauge Readings', category: 'other', price: '690.00' })).id;
    pendingId = (await makeContract(db, provider.id, { title: 'Pending Gauges', category: 'other', price: '50.00', status: 'pending_review' })).id;
  });
  afterAll(async () => app?.close());

  describe('withdrawing a bid', () => {
    it('REST: only the bidder withdraws their open bid; anyone else is refused and nothing changes', async () => {
      const { user: bidder, client } = await newUser('wbidder');
      const bid = await bidOf(bidder.id, '400.00');
      const path = `/api/bids/${bid.id}/withdraw`;
      expect(await new Client(app).json('POST', path)).toMatchObject({ status: 401 });
      const other = (await newUser('wother')).client;
      // Everyone sees the order book, so the bid is no secret: someone else's is a 403, not a 404.
      expect(await other.json('POST', path)).toMatchObject({ status: 403, body: { code: 'NOT_OWNER', message: 'Only the bidder can withdraw a bid' } });
      expect((await (await logIn(app, 'tideprov')).json('POST', path)).status).toBe(403);
      // Administrators included: a withdrawal speaks for the bidder, and nobody may speak for them.
      expect((await (await logIn(app, 'tideboss')).json('POST', path)).status).toBe(403);
      expect(await statusOf(bid.id)).toBe('open');

      const res = await client.json('POST', path);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: bid.id, contractId, buyerId: bidder.id, bidAmount: '400.00', status: 'withdrawn' });
      const history = await db.statusChange.findMany({ where: { subject: 'bid', subjectId: bid.id } });
      expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorId])).toEqual([['open', 'withdrawn', bidder.id]]);

      expect(await client.json('POST', path)).toMatchObject({ status: 409, body: { code: 'INVALID_TRANSITION', message: 'This bid is already withdrawn' } });
      expect((await client.json('POST', '/api/bids/00000000-0000-7000-8000-000000000000/withdraw')).status).toBe(404);
      expect((await client.json('POST', '/api/bids/nope/withdraw')).status).toBe(404);
    });

    it('REST: a bid that is not open is a 409; a bid on a listing the caller may not see is a 404, but its bidder may withdraw it', async () => {
      const { user: bidder, client } = await newUser('wlate');
      const accepted = await bidOf(bidder.id, '500.00', contractId, { status: 'accepted' });
      expect(await client.json('POST', `/api/bids/${accepted.id}/withdraw`)).toMatchObject({ status: 409, body: { message: 'This bid is already accepted' } });
      expect(await statusOf(accepted.id)).toBe('accepted');

      // The provider took the listing off the market: nobody else sees it or its bids any more.
      const offMarket = await makeContract(db, provider.id, { title: 'Retired Gauges', category: 'other', price: '45.00' });
      const hidden = await bidOf(bidder.id, '40.00', offMarket.id);
      await db.contract.update({ where: { id: offMarket.id }, data: { status: 'inactive' } });
      expect((await (await newUser('wpeek')).client.json('POST', `/api/bids/${hidden.id}/withdraw`)).status).toBe(404);
      expect(await client.json('POST', `/api/bids/${hidden.id}/withdraw`)).toMatchObject({ status: 200, body: { contractId: offMarket.id, status: 'withdrawn' } });
      // It is still in the bidder's own list of bids.
      const mine = await client.gql(`{ viewer { bidsPlaced(first: 50) { edges { node { bidId status } } } } }`);
      expect(mine.errors).toBeUndefined();
      expect(mine.data.viewer.bidsPlaced.edges.map((e: any) => e.node)).toContainEqual({ bidId: hidden.id, status: 'withdrawn' });
    });

    it('GraphQL withdrawBid: the same rules, per role', async () => {
      const { user: bidder, client } = await newUser('gbidder');
      const bid = await bidOf(bidder.id, '410.00');
      const input = { bidId: toGlobalId('Bid', bid.id) };
      const typeOf = async (c: Client) => (await c.gql(WITHDRAW, { input })).data.withdrawBid;
      expect(await typeOf(new Client(app))).toMatchObject({ __typename: 'AuthenticationError' });
      expect(await typeOf((await newUser('gother')).client)).toMatchObject({ __typename: 'PermissionError', reason: 'NOT_OWNER' });
      expect(await typeOf(await logIn(app, 'tideprov'))).toMatchObject({ __typename: 'PermissionError' });
      expect(await typeOf(await logIn(app, 'tideboss'))).toMatchObject({ __typename: 'PermissionError' });
      expect(await typeOf(client)).toEqual({ __typename: 'MutationWithdrawBidSuccess', data: { bidId: bid.id, status: 'withdrawn', nextStatuses: [] } });
      expect(await typeOf(client)).toMatchObject({ __typename: 'ConflictError', reason: 'INVALID_TRANSITION' });
      expect((await client.gql(WITHDRAW, { input: { bidId: bid.id } })).data.withdrawBid.__typename).toBe('ConflictError');
      expect((await client.gql(WITHDRAW, { input: { bidId: 'nope' } })).data.withdrawBid.__typename).toBe('NotFoundError');
      // A withdrawn bid leaves the bid side.
      const side = (await client.gql(`query($id: ID!) { contract(id: $id) { openBidCount } }`, { id: contractId })).data.contract;
      expect(side.openBidCount).toBe(await db.bid.count({ where: { contractId, status: 'open' } }));
    });

    it.runIf(kind === 'postgres')('the provider accepting and the bidder withdrawing one bid at once: exactly one wins', async () => {
      const { user: bidder, client } = await newUser('race');
      const providerClient = await logIn(app, 'tideprov');
      for (let round = 0; round < 5; round++) {
        const bid = await bidOf(bidder.id, `${300 + round}.00`);
        const [accepted, withdrawn] = await Promise.all([
          providerClient.gql(ACCEPT, { input: { bidId: bid.id } }),
          client.json('POST', `/api/bids/${bid.id}/withdraw`),
        ]);
        const acceptWon = accepted.data.acceptBid.__typename === 'MutationAcceptBidSuccess';
        const withdrawWon = withdrawn.status === 200;
        expect([acceptWon, withdrawWon].filter(Boolean)).toHaveLength(1);
        if (!acceptWon) expect(accepted.data.acceptBid).toMatchObject({ __typename: 'ConflictError' });
        if (!withdrawWon) expect(withdrawn.status).toBe(409);
        expect(await statusOf(bid.id)).toBe(acceptWon ? 'accepted' : 'withdrawn');
        expect(await db.statusChange.count({ where: { subject: 'bid', subjectId: bid.id, fromStatus: 'open' } })).toBe(1);
      }
    });
  });

  describe('accepting a bid', () => {
    it("ends the same buyer's other open bids on the contract, with a note; other buyers' bids stay open", async () => {
      const { user: buyer, client } = await newUser('multi');
      const { user: rival } = await newUser('rival');
      const low = await bidOf(buyer.id, '500.00');
      const mid = await bidOf(buyer.id, '600.00');
      const high = await bidOf(buyer.id, '650.00');
      const theirs = await bidOf(rival.id, '620.00');
      const elsewhere = await makeContract(db, provider.id, { title: 'Other Gauges', category: 'other', price: '90.00' });
      const onOther = await bidOf(buyer.id, '80.00', elsewhere.id);

      const providerClient = await logIn(app, 'tideprov');
      expect((await providerClient.gql(ACCEPT, { input: { bidId: mid.id } })).data.acceptBid).toMatchObject({ data: { status: 'accepted' } });
      expect(await statusOf(low.id)).toBe('declined');
      expect(await statusOf(high.id)).toBe('declined');
      expect(await statusOf(theirs.id)).toBe('open');
      expect(await statusOf(onOther.id)).toBe('open');
      const notes = await db.statusChange.findMany({ where: { subject: 'bid', subjectId: { in: [low.id, high.id] } } });
      expect(notes.map((n) => [n.fromStatus, n.toStatus, n.actorId, n.note])).toEqual([
        ['open', 'declined', provider.id, 'Superseded by an accepted bid of the same buyer'],
        ['open', 'declined', provider.id, 'Superseded by an accepted bid of the same buyer'],
      ]);
      // They cannot be accepted any more, so the buyer is never asked to pay twice.
      expect((await providerClient.gql(ACCEPT, { input: { bidId: high.id } })).data.acceptBid).toMatchObject({ __typename: 'ConflictError' });
      const purchase = await client.json('POST', '/api/purchases', { contractId });
      expect(purchase.body.amount).toBe('600.00');
    });

    it.runIf(kind === 'postgres')("accepting two of one buyer's bids at once: one is accepted, the other ends, no error", async () => {
      const providerClient = await logIn(app, 'tideprov');
      for (let round = 0; round < 5; round++) {
        const { user: buyer } = await newUser('twin');
        const a = await bidOf(buyer.id, '200.00');
        const b = await bidOf(buyer.id, '210.00');
        const results = await Promise.all([a, b].map((bid) => providerClient.gql(ACCEPT, { input: { bidId: bid.id } })));
        const types = results.map((r) => r.data.acceptBid.__typename).sort();
        expect(types).toEqual(['ConflictError', 'MutationAcceptBidSuccess']);
        expect([await statusOf(a.id), await statusOf(b.id)].sort()).toEqual(['accepted', 'declined']);
      }
    });
  });

  describe('amounts no payment could hold', () => {
    it('refuses a bid whose total with the fee exceeds what a payment stores (400, field amount), and takes the largest one that fits', async () => {
      const { client } = await newUser('whale');
      const before = await db.bid.count();
      const refused = await client.json('POST', '/api/bids', { contractId, bidAmount: '9999999999.99' });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'INVALID_AMOUNT',
        message: 'A bid of $9,999,999,999.99 cannot be paid: with the 2.5% fee its total would be more than $9,999,999,999.99, the most a payment can hold. The most you can bid is $9,756,097,560.97.',
        fieldErrors: [{ field: 'amount' }],
      });
      expect((await client.json('POST', '/api/bids', { contractId, bidAmount: '9756097560.98' })).status).toBe(400);
      const viaGraphQL = (await client.gql(PLACE, { input: { contractId, amount: '9999999999.99' } })).data.placeBid;
      expect(viaGraphQL).toMatchObject({ __typename: 'ValidationError', reason: 'INVALID_AMOUNT', fieldErrors: [{ field: 'amount' }] });
      expect(await db.bid.count()).toBe(before);
      const largest = await client.json('POST', '/api/bids', { contractId, bidAmount: '9756097560.97' });
      expect(largest.status).toBe(201);
      // And that one can be accepted and paid.
      expect((await (await logIn(app, 'tideprov')).gql(ACCEPT, { input: { bidId: largest.body.id } })).data.acceptBid.data.status).toBe('accepted');
      const payment = await client.json('POST', '/api/payments', { contractId, paymentMethod: 'card' });
      expect(payment).toMatchObject({ status: 201, body: { amount: '9756097560.97', total: '9999999999.99' } });
    });

    it('refuses to accept such a bid recorded before the rule, and a payment at such a price is a 400, not a failure', async () => {
      const { user: buyer, client } = await newUser('legacy');
      const bid = await bidOf(buyer.id, '9999999999.99');
      const accepted = (await (await logIn(app, 'tideprov')).gql(ACCEPT, { input: { bidId: bid.id } })).data.acceptBid;
      expect(accepted).toMatchObject({ __typename: 'ValidationError', reason: 'INVALID_AMOUNT' });
      expect(await statusOf(bid.id)).toBe('open');

      const dear = await makeContract(db, provider.id, { title: 'Priceless Gauges', category: 'other', price: '9999999999.99' });
      const purchase = await client.json('POST', '/api/purchases', { contractId: dear.id });
      expect(purchase).toMatchObject({ status: 400, body: { code: 'INVALID_AMOUNT' } });
      expect((await client.json('POST', '/api/payments', { contractId: dear.id, paymentMethod: 'card' })).status).toBe(400);
      expect(await db.payment.count({ where: { contractId: dear.id } })).toBe(0);
    });
  });

  describe('GET /api/bids/contract/{id} pages', () => {
    let pagedId: string;
    beforeAll(async () => {
      pagedId = (await makeContract(db, provider.id, { title: 'Busy Gauges', category: 'other', price: '10.00' })).id;
      const { user } = await newUser('pager');
      const start = Date.UTC(2026, 0, 1);
      await db.bid.createMany({
        data: Array.from({ length: 105 }, (_, i) => ({ contractId: pagedId, bidderId: user.id, amount: `${i + 1}.00`, createdAt: new Date(start + i * 60_000) })),
      });
    });

    it('answers a page of at most 100, newest first, with X-Total-Count and Link', async () => {
      const anon = new Client(app);
      const first = await anon.json('GET', `/api/bids/contract/${pagedId}`);
      expect(first.status).toBe(200);
      expect(first.body).toHaveLength(100);
      expect(first.body[0].bidAmount).toBe('105.00');
      expect(first.headers.get('x-total-count')).toBe('105');
      expect(first.headers.get('link')).toBe(`</api/bids/contract/${pagedId}?limit=100&offset=100>; rel="next"`);

      const rest = await anon.json('GET', `/api/bids/contract/${pagedId}?limit=100&offset=100`);
      expect(rest.body.map((b: any) => b.bidAmount)).toEqual(['5.00', '4.00', '3.00', '2.00', '1.00']);
      expect(rest.headers.get('link')).toBe(
        `</api/bids/contract/${pagedId}?limit=100>; rel="first", </api/bids/contract/${pagedId}?limit=100>; rel="prev"`,
      );

      const middle = await anon.json('GET', `/api/bids/contract/${pagedId}?limit=3&offset=101`);
      expect(middle.body.map((b: any) => b.bidAmount)).toEqual(['4.00', '3.00', '2.00']);
      expect(middle.headers.get('x-total-count')).toBe('105');
      expect(middle.headers.get('link')).toContain(`</api/bids/contract/${pagedId}?limit=3&offset=104>; rel="next"`);

      const beyond = await anon.json('GET', `/api/bids/contract/${pagedId}?offset=500`);
      expect(beyond.body).toEqual([]);
      expect(beyond.headers.get('x-total-count')).toBe('105');
    });

    it.each([
      ['limit=0', 'limit must be a whole number from 1 to 100'],
      ['limit=101', 'limit must be a whole number from 1 to 100'],
      ['offset=-1', 'offset must be a whole number of at least 0'],
      ['offset=abc', 'offset must be a whole number of at least 0'],
    ])('?%s is a 400', async (query, message) => {
      expect(await new Client(app).json('GET', `/api/bids/contract/${pagedId}?${query}`)).toMatchObject({ status: 400, body: { message } });
    });

    it('an unknown or hidden contract is a 404 on any page', async () => {
      expect((await new Client(app).json('GET', '/api/bids/contract/unknown?offset=100')).status).toBe(404);
      expect((await new Client(app).json('GET', `/api/bids/contract/${pendingId}`)).status).toBe(404);
    });
  });

  describe('per-user limits', () => {
    it('placing bids: 429 with Retry-After over REST, RateLimitedError over GraphQL; refused bids do not count; others go on', async () => {
      const { client } = await newUser('eager');
      expect((await client.json('POST', '/api/bids', { contractId, bidAmount: 0 })).status).toBe(400);
      for (let i = 0; i < BID_LIMIT; i++) expect((await client.json('POST', '/api/bids', { contractId, bidAmount: 100 + i })).status).toBe(201);
      const before = await db.bid.count();
      const refused = await client.json('POST', '/api/bids', { contractId, bidAmount: 150 });
      expect(refused).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED', message: 'Too many bids. Please try again later.' } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body.retryAfterSeconds).toBe(Number(refused.headers.get('retry-after')));
      const viaGraphQL = (await client.gql(PLACE, { input: { contractId, amount: '150.00' } })).data.placeBid;
      expect(viaGraphQL).toMatchObject({ __typename: 'RateLimitedError', code: 'RATE_LIMITED' });
      expect(viaGraphQL.retryAfterSeconds).toBeGreaterThan(0);
      expect(await db.bid.count()).toBe(before);
      expect((await (await newUser('calm')).client.json('POST', '/api/bids', { contractId, bidAmount: 150 })).status).toBe(201);
    });

    it('sending messages: the same, per user', async () => {
      const { client } = await newUser('chatty');
      const content = 'Is the 2025 series complete?';
      for (let i = 0; i < MESSAGE_LIMIT; i++) expect((await client.json('POST', '/api/messages', { recipientId: provider.id, content })).status).toBe(201);
      const before = await db.message.count();
      const refused = await client.json('POST', '/api/messages', { recipientId: provider.id, content });
      expect(refused).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED', message: 'Too many messages. Please try again later.' } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const viaGraphQL = (await client.gql(SEND, { input: { recipientId: provider.id, content } })).data.sendMessage;
      expect(viaGraphQL).toMatchObject({ __typename: 'RateLimitedError' });
      expect(await db.message.count()).toBe(before);
      expect((await (await newUser('quiet')).client.json('POST', '/api/messages', { recipientId: provider.id, content })).status).toBe(201);
    });
  });
});
