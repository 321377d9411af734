import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { Client, logIn, startTestApp, type TestApp } from '../test/harness.ts';
import { sharedPostgres, testDatabases } from '../test/databases.ts';
import { makeContract, makeUser, toGlobalId } from '../test/market-fixtures.ts';
import { loginCookie, startLiveInstance, type LiveInstance } from '../test/live.ts';
import { createLogger } from '../logger.ts';
import { CONTRACT_LISTS, entity, INVALIDATED_BY } from './response-cache.ts';
import { createResponseCacheStore } from './response-cache-store.ts';

// The response cache (docs/decisions.md "Response cache"): anonymous answers of public data are
// served from it, every domain event that changes them invalidates them before the change's
// response is sent, and nobody else's answer is ever served to anyone.

const SUCCESS_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };
const answer = { data: { contracts: { totalCount: 1 } } };
const listing = (title: string) => ({
  title,
  description: `${title}: schedules of the main ports, collected daily from the harbour masters.`,
  category: 'transportation',
  price: 65,
  dataFormat: 'csv',
  updateFrequency: 'daily',
  sampleSize: '1,000 rows',
  geographicCoverage: 'Worldwide',
  dataSource: 'Harbour master notices',
  dataAccessType: 'external_link',
  dataAccessUrl: 'https://data.example.com/ports',
  accessInstructions: 'Use the API key sent after purchase.',
  complianceAcknowledged: true,
  qualityAcknowledged: true,
  legalAcknowledged: true,
});

describe('the store', () => {
  it('does not keep an answer computed while an invalidation happened (the read-during-change race)', async () => {
    const store = createResponseCacheStore({ logger: createLogger('silent') });
    const entities = [entity('Contract', 'c1')];
    expect(await store.get('k')).toBeFalsy();
    await store.invalidate([entity('Contract', 'c2')]);
    await store.set('k', answer, entities, 60_000);
    expect(await store.get('k')).toBeFalsy();
    await store.set('k', answer, entities, 60_000);
    expect(await store.get('k')).toEqual(answer);
    // Filed under the contract's global id and its type.
    await store.invalidate([entity('Contract', 'c1')]);
    expect(await store.get('k')).toBeFalsy();
  });

  it('hands out frozen answers, so a caller cannot change what the next visitor gets', async () => {
    const store = createResponseCacheStore({ logger: createLogger('silent') });
    await store.get('k');
    await store.set('k', structuredClone(answer), [CONTRACT_LISTS], 60_000);
    const hit = (await store.get('k')) as typeof answer;
    expect(() => {
      hit.data.contracts.totalCount = 2;
    }).toThrow(TypeError);
  });

  it('maps each public event to the contract and the lists it may change', () => {
    const contract = entity('Contract', 'c1');
    expect(contract).toEqual({ typename: 'Contract', id: toGlobalId('Contract', 'c1') });
    expect(INVALIDATED_BY.priceTick('c1', { contractId: 'c1', price: '1.00', source: 'sale', at: '' })).toEqual([contract, CONTRACT_LISTS]);
    expect(INVALIDATED_BY.contractChanged('c1', { contractId: 'c1', status: 'active' })).toEqual([contract, CONTRACT_LISTS]);
    expect(INVALIDATED_BY.bidPlaced('c1', { bidId: 'b1', contractId: 'c1', status: 'open', amount: '1.00' })).toContainEqual(contract);
    expect(INVALIDATED_BY.listingReviewed('p1', { contractId: 'c1', providerId: 'p1', status: 'active' })).toEqual(expect.arrayContaining([contract, CONTRACT_LISTS]));
    expect(INVALIDATED_BY.marketStatsChanged()).toEqual([{ typename: 'Query.marketStats' }]);
  });
});

const FLOOR = `query Floor { contracts(first: 20, sort: NEWEST) { totalCount edges { node { contractId title status price marketPrice
  salesCount highestBid openBidCount viewerIsProvider provider { name } } } } }`;
const DETAIL = `query Detail($id: ID!) { contract(id: $id) { contractId title marketPrice salesCount highestBid openBidCount
  viewerIsProvider files { fileId } bids(first: 10) { edges { node { amount status viewerIsBidder bidder { username } } } } } }`;
const STATS = `query Stats { marketStats { activeContracts totalContracts totalTransactions } }`;

describe.each(testDatabases())('the response cache on %s', (kind) => {
  let app: TestApp;
  let statements = 0;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    app = await startTestApp(kind, { RESPONSE_CACHE: '1' }, { onQuery: () => statements++ });
    const db = app.database.prisma;
    ids.seller = (await makeUser(db, 'seller', { dueDiligenceStatus: 'approved' })).id;
    ids.ann = (await makeUser(db, 'ann')).id;
    await makeUser(db, 'bob');
    await makeUser(db, 'boss', { isAdmin: true });
    ids.rates = (await makeContract(db, ids.seller, { title: 'Container Rates', category: 'transportation', price: '40.00' })).id;
  }, 120_000);
  afterAll(async () => app?.close());

  /** What a request cost in database statements (0: served from the cache). */
  async function measured<T>(read: () => Promise<T>): Promise<{ body: T; statements: number }> {
    const before = statements;
    const body = await read();
    return { body, statements: statements - before };
  }
  const anonymous = () => new Client(app);
  const gql = (client: Client, query: string, variables: Record<string, unknown> = {}) => measured(() => client.gql(query, variables));
  const rest = (client: Client, path: string) => measured(async () => (await client.json('GET', path)).body);
  const reads = (id: string) => ({
    floor: () => gql(anonymous(), FLOOR),
    detail: () => gql(anonymous(), DETAIL, { id: toGlobalId('Contract', id) }),
    stats: () => gql(anonymous(), STATS),
    restFloor: () => rest(anonymous(), '/api/contracts?limit=20'),
    restDetail: () => rest(anonymous(), `/api/contracts/${id}`),
    restStats: () => rest(anonymous(), '/api/stats'),
  });
  /** Reads everything twice, so each answer is in the cache; returns the cached answers. */
  async function primed(id: string) {
    const r = reads(id);
    const out: Record<string, any> = {};
    for (const [name, read] of Object.entries(r)) {
      await read();
      const second = await read();
      expect(second.statements, `${name} is served from the cache`).toBe(0);
      out[name] = second.body;
    }
    return out;
  }

  it('serves a second identical anonymous read from the cache, over GraphQL and REST, without extensions', async () => {
    const r = reads(ids.rates!);
    for (const read of Object.values(r)) {
      const first = await read();
      expect(first.statements).toBeGreaterThan(0);
      const second = await read();
      expect(second.statements).toBe(0);
      expect(second.body).toEqual(first.body);
      expect(second.body).not.toHaveProperty('extensions');
    }
    const floor = (await r.floor()).body;
    expect(floor.data.contracts.edges[0].node).toMatchObject({ contractId: ids.rates, viewerIsProvider: false });
    expect((await r.restFloor()).body[0]).toMatchObject({ id: ids.rates, title: 'Container Rates' });
  });

  it('a bid placed, then declined: the next anonymous read shows the highest bid, then none', async () => {
    const before = await primed(ids.rates!);
    expect(before.detail.data.contract.highestBid).toBeNull();
    const ann = await logIn(app, 'ann');
    const bid = await ann.json('POST', '/api/bids', { contractId: ids.rates, bidAmount: '35.50' });
    expect(bid.status).toBe(201);
    const r = reads(ids.rates!);
    expect((await r.detail()).body.data.contract).toMatchObject({ highestBid: '35.50', openBidCount: 1 });
    expect((await r.floor()).body.data.contracts.edges[0].node.highestBid).toBe('35.50');
    expect((await r.restDetail()).body).toMatchObject({ highestBid: '35.50', openBidCount: 1 });
    expect((await r.restFloor()).body[0].highestBid).toBe('35.50');
    // The anonymous visitor sees the amount, never the bidder.
    expect((await r.detail()).body.data.contract.bids.edges[0].node).toEqual({ amount: '35.50', status: 'open', viewerIsBidder: false, bidder: null });

    await primed(ids.rates!);
    const seller = await logIn(app, 'seller');
    const declined = await seller.gql(`mutation($input: DecideBidInput!) { declineBid(input: $input) { __typename } }`, { input: { bidId: toGlobalId('Bid', bid.body.id) } });
    expect(declined.data.declineBid.__typename).toBe('MutationDeclineBidSuccess');
    expect((await r.detail()).body.data.contract).toMatchObject({ highestBid: null, openBidCount: 0 });
    expect((await r.restFloor()).body[0].highestBid).toBeNull();
  });

  it('a sale: the next anonymous read shows the market price, the sales count and the market figures', async () => {
    const before = await primed(ids.rates!);
    expect(before.restStats.totalTransactions).toBe(0);
    const ann = await logIn(app, 'ann');
    const created = await ann.json('POST', '/api/payments', { contractId: ids.rates, paymentMethod: 'card' });
    expect(created.status).toBe(201);
    expect((await ann.json('POST', `/api/payments/${created.body.id}/escrow`, { card: SUCCESS_CARD })).status).toBe(200);
    const r = reads(ids.rates!);
    const detail = (await r.detail()).body.data.contract;
    expect(detail.salesCount).toBe(1);
    expect((await r.floor()).body.data.contracts.edges[0].node.salesCount).toBe(1);
    expect((await r.restDetail()).body.salesCount).toBe(1);
    expect((await r.restFloor()).body[0].salesCount).toBe(1);
    expect((await r.stats()).body.data.marketStats.totalTransactions).toBe(1);
    expect((await r.restStats()).body.totalTransactions).toBe(1);
  });

  it('a listing created, then approved: counted at once, on the floor and its page at the next read', async () => {
    const before = await primed(ids.rates!);
    const seller = await logIn(app, 'seller');
    const created = await seller.json('POST', '/api/contracts', listing('Berth Schedules'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    // Pending review: not on the floor, not visible, but counted.
    expect((await reads(id).detail()).body.data.contract).toBeNull();
    expect((await reads(id).restFloor()).body).toHaveLength(before.restFloor.length);
    expect((await reads(id).restStats()).body.totalContracts).toBe(before.restStats.totalContracts + 1);
    await primed(id);

    const boss = await logIn(app, 'boss');
    const review = (status: string) =>
      boss.gql(`mutation($input: ReviewListingInput!) { reviewListing(input: $input) { __typename } }`, { input: { contractId: toGlobalId('Contract', id), status } });
    expect((await review('active')).data.reviewListing.__typename).toBe('MutationReviewListingSuccess');
    const r = reads(id);
    expect((await r.floor()).body.data.contracts.edges.map((e: any) => e.node.contractId)).toContain(id);
    expect((await r.restFloor()).body.map((c: any) => c.id)).toContain(id);
    expect((await r.detail()).body.data.contract.title).toBe('Berth Schedules');
    expect((await r.restDetail()).body.title).toBe('Berth Schedules');
    expect((await r.restStats()).body.activeContracts).toBe(before.restStats.activeContracts + 1);
    expect((await r.stats()).body.data.marketStats.activeContracts).toBe(before.restStats.activeContracts + 1);
  });

  it("a provider's new name (a change without an event) is on every card at the next read", async () => {
    await primed(ids.rates!);
    const seller = await logIn(app, 'seller');
    const renamed = await seller.gql(`mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { __typename } }`, { input: { name: 'Harbour Data Co' } });
    expect(renamed.data.updateProfile.__typename).toBe('MutationUpdateProfileSuccess');
    const r = reads(ids.rates!);
    expect((await r.floor()).body.data.contracts.edges.map((e: any) => e.node.provider.name)).toContain('Harbour Data Co');
    expect((await r.restDetail()).body.provider.name).toBe('Harbour Data Co');
  });

  it('a rejected listing never reaches the floor', async () => {
    const seller = await logIn(app, 'seller');
    const created = await seller.json('POST', '/api/contracts', listing('Crew Rosters'));
    expect(created.status).toBe(201);
    const before = await primed(created.body.id);
    const boss = await logIn(app, 'boss');
    const rejected = await boss.json('PATCH', `/api/contracts/${created.body.id}`, { status: 'rejected', rejectionReason: 'No provenance given' });
    expect(rejected.status).toBe(200);
    const r = reads(created.body.id);
    expect((await r.restFloor()).body).toEqual(before.restFloor);
    expect((await r.restDetail()).body).toMatchObject({ message: 'Contract not found' });
  });

  it('never serves a logged-in answer to anyone else, nor an anonymous one to a logged-in user', async () => {
    const detail = (client: Client) => gql(client, DETAIL, { id: toGlobalId('Contract', ids.rates!) });
    const seller = await logIn(app, 'seller');
    // The provider first: their answer carries their own fields and is not stored.
    const own = await detail(seller);
    expect(own.body.data.contract).toMatchObject({ viewerIsProvider: true, files: [] });
    const again = await detail(seller);
    expect(again.statements).toBeGreaterThan(0);
    const anon = await detail(anonymous());
    expect(anon.body.data.contract).toMatchObject({ viewerIsProvider: false, files: null });
    // Now cached for visitors; still never served to the provider or another user.
    expect((await detail(anonymous())).statements).toBe(0);
    expect((await detail(seller)).body.data.contract.viewerIsProvider).toBe(true);
    const bob = await logIn(app, 'bob');
    const bobs = await detail(bob);
    expect(bobs.statements).toBeGreaterThan(0);
    expect(bobs.body.data.contract.viewerIsProvider).toBe(false);

    // The viewer and REST's back-office shape alike.
    const who = `{ viewer { username } }`;
    expect((await gql(anonymous(), who)).body.data.viewer).toBeNull();
    expect((await gql(anonymous(), who)).statements).toBe(0);
    expect((await gql(bob, who)).body.data.viewer).toEqual({ username: 'bob' });
    expect((await gql(seller, who)).body.data.viewer).toEqual({ username: 'seller' });
    const path = `/api/contracts/${ids.rates}`;
    await rest(anonymous(), path);
    expect((await rest(anonymous(), path)).body).not.toHaveProperty('files');
    expect((await rest(seller, path)).body).toHaveProperty('files', []);
    expect((await rest(anonymous(), path)).body).not.toHaveProperty('files');
  });

  it('a visitor with a support grant is never served from, nor stored in, the cache', async () => {
    const visitor = anonymous();
    const opened = await visitor.json('POST', '/api/support/tickets', { name: 'Vera', email: 'vera@example.com', subject: 'Invoices', message: 'Where do I find my invoice?' });
    expect(opened.status).toBe(201);
    expect(visitor.cookieHeader).not.toBe('');
    const tickets = `{ myTickets { subject } }`;
    const first = await gql(visitor, tickets);
    expect(first.body.data.myTickets).toEqual([{ subject: 'Invoices' }]);
    expect((await gql(visitor, tickets)).statements).toBeGreaterThan(0);
    expect((await gql(anonymous(), tickets)).body.data.myTickets).toEqual([]);
    expect((await gql(visitor, tickets)).body.data.myTickets).toEqual([{ subject: 'Invoices' }]);
    // And the floor it reads is computed for it.
    expect((await gql(visitor, FLOOR)).statements).toBeGreaterThan(0);
  });
});

// Two instances sharing PostgreSQL and Redis: a change on A is invisible to nobody on B.
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)('the response cache shared through Redis', () => {
  let shared: Awaited<ReturnType<typeof sharedPostgres>>;
  const instances: LiveInstance[] = [];
  const prefix = `test:cache:${crypto.randomBytes(4).toString('hex')}:`;
  const redis = new Redis(process.env.TEST_REDIS_URL!);
  let contractId = '';

  beforeAll(async () => {
    shared = await sharedPostgres(2);
    const db = shared.handles[0]!.prisma;
    const seller = await makeUser(db, 'seller', { dueDiligenceStatus: 'approved' });
    await makeUser(db, 'ann');
    contractId = (await makeContract(db, seller.id, { title: 'Port Calls Weekly', category: 'transportation', price: '75.00' })).id;
    for (const database of shared.handles) {
      instances.push(await startLiveInstance(database, { REDIS_URL: process.env.TEST_REDIS_URL!, RESPONSE_CACHE: '1', RESPONSE_CACHE_REDIS_PREFIX: prefix }));
    }
  }, 120_000);
  afterAll(async () => {
    for (const i of instances) await i.close();
    await shared?.destroy();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(keys);
    await redis.quit();
  });

  const detail = async (base: string) => (await (await fetch(`http://${base}/api/contracts/${contractId}`)).json()) as Record<string, unknown>;

  it('a bid placed on A is in the next anonymous read on B, which had it cached', async () => {
    const [a, b] = instances as [LiveInstance, LiveInstance];
    expect(await detail(b.base)).toMatchObject({ highestBid: null });
    expect(await detail(a.base)).toMatchObject({ highestBid: null });
    // B's answer is in Redis, under the prefix.
    expect((await redis.keys(`${prefix}*`)).length).toBeGreaterThan(0);

    const cookie = await loginCookie(a.base, 'ann');
    const bid = await fetch(`http://${a.base}/api/bids`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ contractId, bidAmount: '70.00' }),
    });
    expect(bid.status).toBe(201);
    expect(await detail(b.base)).toMatchObject({ highestBid: '70.00', openBidCount: 1 });
  });
});
