import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApp, type TestApp, logIn } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { makeContract, makeUser, offsetCursor, toGlobalId } from '../../test/market-fixtures.ts';
import { searchQuery } from './contracts.list.ts';


const LIST = `query($first: Int, $after: String, $filter: ContractFilter, $sort: ContractSort) {
  contracts(first: $first, after: $after, filter: $filter, sort: $sort) {
    totalCount pageInfo { hasNextPage hasPreviousPage }
    edges { node { contractId title category price updateFrequency salesCount provider { name rating } } } } }`;

describe.each(testDatabases())('the market on %s', (kind) => {
  let app: TestApp;
  const ids: Record<string, string> = {};
  let providerA: { id: string };
  let providerB: { id: string };

  const login = (username: string) => logIn(app, username);
  const list = async (vars: Record<string, unknown>, client = new Client(app)) => {
    const res = await client.gql(LIST, vars);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data.contracts;
  };
  const titles = (conn: any) => conn.edges.map((e: any) => e.node.title);

  beforeAll(async () => {
    app = await startTestApp(kind);
    const db = app.database.prisma;
    providerA = await makeUser(db, 'alpha', { rating: '4.60', reviewCount: 5, dueDiligenceStatus: 'approved' });
    providerB = await makeUser(db, 'bravo', { rating: '3.20', reviewCount: 2, dueDiligenceStatus: 'approved' });
    const providerC = await makeUser(db, 'charlie', { dueDiligenceStatus: 'approved' }); // no reviews
    await makeUser(db, 'buyer1');
    await makeUser(db, 'buyer2');
    await makeUser(db, 'boss', { isAdmin: true });
    const day = (n: number) => new Date(Date.UTC(2026, 9, n));
    const specs = [
      { key: 'equities', p: providerA, title: 'US Equities Order Book', category: 'financial', price: '1200.00', updateFrequency: 'realtime', salesCount: 9, createdAt: day(1), dataFields: ['ticker', 'bid_price', 'ask_price'] },
      { key: 'fx', p: providerA, title: 'FX Spot Rates', category: 'financial', price: '300.00', updateFrequency: 'hourly', salesCount: 3, createdAt: day(2) },
      { key: 'claims', p: providerB, title: 'Outpatient Claims', category: 'healthcare', price: '4900.00', updateFrequency: 'monthly', salesCount: 1, createdAt: day(3) },
      { key: 'grocery', p: providerB, title: 'Grocery Basket Panel', category: 'consumer', price: '50.00', updateFrequency: 'weekly', salesCount: 5, createdAt: day(4) },
      { key: 'rides', p: providerC, title: 'Ride Hailing Trips', category: 'transportation', price: '800.00', updateFrequency: 'daily', salesCount: 0, createdAt: day(5) },
      { key: 'pending', p: providerA, title: 'Pending Secret Set', category: 'financial', price: '100.00', status: 'pending_review', createdAt: day(6) },
    ] as const;
    for (const s of specs) ids[s.key] = (await makeContract(db, s.p.id, { ...s } as never)).id;
    // 20 more active ones for paging, all 'other' at 10.00..29.00
    for (let i = 0; i < 20; i++) {
      await makeContract(db, providerC.id, { title: `Filler Set ${String(i).padStart(2, '0')}`, category: 'other', price: `${10 + i}.00`, createdAt: day(7 + i) });
    }
  });
  afterAll(async () => app?.close());

  describe('listing, filters and sorts', () => {
    it('lists only active contracts to everyone, with a total', async () => {
      const all = await list({ first: 100 });
      expect(all.totalCount).toBe(25);
      expect(titles(all)).not.toContain('Pending Secret Set');
    });

    it('most relevant without words: what trades most first', async () => {
      const page = await list({ first: 3 });
      expect(titles(page)).toEqual(['US Equities Order Book', 'Grocery Basket Panel', 'FX Spot Rates']);
    });

    it.each([
      ['category', { category: 'financial' }, ['US Equities Order Book', 'FX Spot Rates']],
      ['price range (inclusive)', { minPrice: '300', maxPrice: '1200.00' }, ['US Equities Order Book', 'FX Spot Rates', 'Ride Hailing Trips']],
      ['provider rating 4.0+', { minProviderRating: 4 }, ['US Equities Order Book', 'FX Spot Rates']],
      ['provider rating 3.0+', { minProviderRating: 3, category: 'healthcare' }, ['Outpatient Claims']],
      ['freshness', { freshness: ['weekly', 'monthly'] }, ['Grocery Basket Panel', 'Outpatient Claims']],
      ['search by title prefix', { search: 'equit' }, ['US Equities Order Book']],
      ['search by category label and ticker', { search: 'FINX' }, ['US Equities Order Book', 'FX Spot Rates']],
      ['search by a sector ticker of its own', { search: 'OTHR', maxPrice: '12' }, ['Filler Set 00', 'Filler Set 01', 'Filler Set 02']],
      ['search by field name', { search: 'ask_price' }, ['US Equities Order Book']],
      ['search and filter together', { search: 'financial data', maxPrice: '500' }, ['FX Spot Rates']],
      ['search with no match', { search: 'zzzqqq' }, []],
    ])('filters by %s', async (_name, filter, expected) => {
      const page = await list({ first: 100, filter, sort: 'PRICE_HIGH' });
      expect(titles(page).sort()).toEqual([...expected].sort());
      expect(page.totalCount).toBe(expected.length);
    });

    it.each([
      ['NEWEST', (a: any, b: any) => 0, 'Filler Set 19'],
      ['PRICE_LOW', null, 'Filler Set 00'],
      ['PRICE_HIGH', null, 'Outpatient Claims'],
      ['POPULAR', null, 'US Equities Order Book'],
      ['RATING', null, 'US Equities Order Book'],
    ])('sorts by %s', async (sort, _unused, first) => {
      const page = await list({ first: 100, sort });
      expect(titles(page)[0]).toBe(first);
      const prices = page.edges.map((e: any) => Number(e.node.price));
      if (sort === 'PRICE_LOW') expect(prices).toEqual([...prices].sort((a, b) => a - b));
      if (sort === 'PRICE_HIGH') expect(prices).toEqual([...prices].sort((a, b) => b - a));
      if (sort === 'POPULAR') {
        const sales = page.edges.map((e: any) => e.node.salesCount);
        expect(sales).toEqual([...sales].sort((a, b) => b - a));
      }
      if (sort === 'RATING') {
        const ratings = page.edges.map((e: any) => e.node.provider.rating);
        const rated = ratings.filter((r: number | null) => r !== null);
        expect(rated).toEqual([...rated].sort((a: number, b: number) => b - a));
        expect(ratings.slice(rated.length).every((r: number | null) => r === null)).toBe(true); // unrated last
      }
    });

    it('finds a title typed as shown, numbers after a hyphen included (PostgreSQL stores them signed)', async () => {
      const title = 'SME Credit Default Events 2015-2025 (EU)';
      expect(searchQuery(title)).toBe("sme:* & credit:* & default:* & events:* & (2015:* | '-2015':*) & (2025:* | '-2025':*) & eu:*");
      for (const typed of [title, 'events 2015-2025', '2025', 'covid-19', 'sme credit 20']) {
        const [row] = await app.database.prisma.$queryRaw<{ hit: boolean }[]>`
          SELECT to_tsvector('english', ${`${title} covid-19`}) @@ to_tsquery('english', ${searchQuery(typed)}) AS hit`;
        expect(row!.hit, typed).toBe(true);
      }
    });

    it('ranks search results by relevance (title matches first)', async () => {
      const page = await list({ first: 10, filter: { search: 'order' } });
      expect(titles(page)[0]).toBe('US Equities Order Book');
    });

    it('pages through the results without gaps or repeats', async () => {
      const seen: string[] = [];
      for (let p = 0; p < 3; p++) {
        const page = await list({ first: 10, after: p === 0 ? null : offsetCursor(p * 10 - 1), sort: 'PRICE_LOW' });
        expect(page.totalCount).toBe(25);
        expect(page.edges.length).toBe(p < 2 ? 10 : 5);
        expect(page.pageInfo.hasNextPage).toBe(p < 2);
        seen.push(...titles(page));
      }
      expect(new Set(seen).size).toBe(25);
      const beyond = await list({ first: 10, after: offsetCursor(40) });
      expect(beyond.edges).toEqual([]);
    });

    it('refuses impossible filters with a clear error', async () => {
      const res = await new Client(app).gql(LIST, { filter: { minPrice: '500', maxPrice: '100' } });
      expect(res.errors?.[0]?.message).toBe('minPrice must not be above maxPrice');
      // A page is at most 100 contracts, whatever is asked.
      const big = await new Client(app).gql(LIST, { first: 1000 });
      expect(big.data.contracts.edges.length).toBeLessThanOrEqual(100);
    });
  });

  describe('one contract', () => {
    const ONE = `query($id: ID!) { contract(id: $id) { contractId title status viewerIsProvider } }`;
    it('is found by plain or global id; unknown ids are null', async () => {
      const client = new Client(app);
      expect((await client.gql(ONE, { id: ids.fx })).data.contract.title).toBe('FX Spot Rates');
      expect((await client.gql(ONE, { id: toGlobalId('Contract', ids.fx!) })).data.contract.title).toBe('FX Spot Rates');
      expect((await client.gql(ONE, { id: 'nope' })).data.contract).toBeNull();
    });

    it('shows a pending listing to its provider and administrators only', async () => {
      expect((await new Client(app).gql(ONE, { id: ids.pending })).data.contract).toBeNull();
      expect((await (await login('buyer1')).gql(ONE, { id: ids.pending })).data.contract).toBeNull();
      expect((await (await login('alpha')).gql(ONE, { id: ids.pending })).data.contract).toMatchObject({ status: 'pending_review', viewerIsProvider: true });
      expect((await (await login('boss')).gql(ONE, { id: ids.pending })).data.contract.status).toBe('pending_review');
      expect((await new Client(app).json('GET', `/api/contracts/${ids.pending}`)).status).toBe(404);
    });
  });

  describe('bids', () => {
    const PLACE = `mutation($input: PlaceBidInput!) { placeBid(input: $input) { __typename ... on Error { message code }
      ... on MutationPlaceBidSuccess { data { id bidId amount status message bidder { name } } } } }`;
    const DECIDE = (name: 'acceptBid' | 'declineBid') => `mutation($input: DecideBidInput!) { ${name}(input: $input) { __typename
      ... on Error { message code } ... on Mutation${name[0]!.toUpperCase()}${name.slice(1)}Success { data { status } } } }`;
    const BIDS = `query($id: ID!) { contract(id: $id) { marketPrice highestBid openBidCount priceHistory { price }
      bids(first: 50) { totalCount edges { node { bidId amount status message bidder { name } viewerIsBidder } } } } }`;

    it('needs a logged-in user', async () => {
      const res = await new Client(app).gql(PLACE, { input: { contractId: ids.fx, amount: '250.00' } });
      expect(res.data.placeBid).toMatchObject({ __typename: 'AuthenticationError', code: 'UNAUTHENTICATED' });
    });

    it('refuses the provider bidding on their own listing', async () => {
      const res = await (await login('alpha')).gql(PLACE, { input: { contractId: ids.fx, amount: '250.00' } });
      expect(res.data.placeBid).toMatchObject({ __typename: 'PermissionError', message: 'You cannot bid on your own listing' });
    });

    it('refuses a contract that is not active (and does not reveal a pending one)', async () => {
      // Answered as an unknown contract: buyer1 may not see the pending listing.
      const res = await (await login('buyer1')).gql(PLACE, { input: { contractId: ids.pending, amount: '10' } });
      expect(res.data.placeBid.__typename).toBe('NotFoundError');
      const unknown = await (await login('buyer1')).gql(PLACE, { input: { contractId: 'nope', amount: '10' } });
      expect(unknown.data.placeBid.__typename).toBe('NotFoundError');
    });

    it.each(['0', '-5', 'abc', '1.234', ''])('refuses the amount %j and records nothing', async (amount) => {
      const before = await app.database.prisma.bid.count();
      const res = await (await login('buyer1')).gql(PLACE, { input: { contractId: ids.fx, amount } });
      expect(res.data.placeBid.__typename).toBe('ValidationError');
      expect(await app.database.prisma.bid.count()).toBe(before);
    });

    it('places a bid that never moves the market price', async () => {
      const buyer = await login('buyer1');
      const before = (await buyer.gql(BIDS, { id: ids.fx })).data.contract;
      const res = await buyer.gql(PLACE, { input: { contractId: toGlobalId('Contract', ids.fx!), amount: '250.5', message: 'Would you take 250?' } });
      expect(res.data.placeBid).toMatchObject({ __typename: 'MutationPlaceBidSuccess', data: { amount: '250.50', status: 'open', message: 'Would you take 250?', bidder: { name: 'buyer1' } } });
      const after = (await buyer.gql(BIDS, { id: ids.fx })).data.contract;
      expect(after.marketPrice).toBe(before.marketPrice);
      expect(after.priceHistory.length).toBe(before.priceHistory.length);
      expect(after.highestBid).toBe('250.50');
      expect(after.openBidCount).toBe(1);
    });

    it('answers a mutation that selects only the result type', async () => {
      const res = await (await login('buyer2')).gql(`mutation($input: PlaceBidInput!) { placeBid(input: $input) { __typename } }`, {
        input: { contractId: ids.grocery, amount: '45.00' },
      });
      expect(res).toEqual({ data: { placeBid: { __typename: 'MutationPlaceBidSuccess' } } });
    });

    it('shows amounts to all, but the bidder and message only to the bidder, the provider and admins', async () => {
      const seen = async (client: Client) => (await client.gql(BIDS, { id: ids.fx })).data.contract.bids.edges[0].node;
      expect(await seen(new Client(app))).toMatchObject({ amount: '250.50', bidder: null, message: null });
      expect(await seen(await login('buyer2'))).toMatchObject({ bidder: null, message: null, viewerIsBidder: false });
      expect(await seen(await login('buyer1'))).toMatchObject({ bidder: { name: 'buyer1' }, viewerIsBidder: true });
      expect(await seen(await login('alpha'))).toMatchObject({ bidder: { name: 'buyer1' }, message: 'Would you take 250?' });
      expect(await seen(await login('boss'))).toMatchObject({ bidder: { name: 'buyer1' } });
    });

    it('lets only the provider accept or decline, once', async () => {
      const bid = await app.database.prisma.bid.findFirstOrThrow({ where: { contractId: ids.fx } });
      const input = { bidId: toGlobalId('Bid', bid.id) };
      expect((await new Client(app).gql(DECIDE('acceptBid'), { input })).data.acceptBid.__typename).toBe('AuthenticationError');
      expect((await (await login('buyer1')).gql(DECIDE('acceptBid'), { input })).data.acceptBid.__typename).toBe('PermissionError');
      expect((await (await login('bravo')).gql(DECIDE('acceptBid'), { input })).data.acceptBid.__typename).toBe('PermissionError');
      const provider = await login('alpha');
      expect((await provider.gql(DECIDE('acceptBid'), { input })).data.acceptBid).toEqual({ __typename: 'MutationAcceptBidSuccess', data: { status: 'accepted' } });
      expect((await provider.gql(DECIDE('declineBid'), { input })).data.declineBid).toMatchObject({ __typename: 'ConflictError', message: 'This bid is already accepted' });
      const history = await app.database.prisma.statusChange.findMany({ where: { subject: 'bid', subjectId: bid.id }, orderBy: { createdAt: 'asc' } });
      expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([[null, 'open'], ['open', 'accepted']]);
    });

    it('two racing decisions on one bid: exactly one wins', async () => {
      const buyer = await login('buyer2');
      const placed = await buyer.gql(PLACE, { input: { contractId: ids.equities, amount: '999.00' } });
      const bidId = placed.data.placeBid.data.id;
      const provider = await login('alpha');
      const results = await Promise.all([
        provider.gql(DECIDE('acceptBid'), { input: { bidId } }),
        provider.gql(DECIDE('declineBid'), { input: { bidId } }),
      ]);
      const types = results.map((r) => Object.values(r.data)[0] as any).map((r) => r.__typename).sort();
      expect(types).toEqual(['ConflictError', expect.stringMatching(/^Mutation(Accept|Decline)BidSuccess$/)].sort());
    });
  });

  describe('purchases', () => {
    const CREATE = `mutation($input: CreatePurchaseInput!) { createPurchase(input: $input) { __typename ... on Error { message code }
      ... on MutationCreatePurchaseSuccess { data { purchaseId status amount contract { title } } } } }`;

    it('records a pending purchase at the list price, once while pending', async () => {
      const buyer = await login('buyer2');
      const first = await buyer.gql(CREATE, { input: { contractId: ids.grocery } });
      expect(first.data.createPurchase.data).toMatchObject({ status: 'pending', amount: '50.00', contract: { title: 'Grocery Basket Panel' } });
      const again = await buyer.gql(CREATE, { input: { contractId: ids.grocery } });
      expect(again.data.createPurchase.data.purchaseId).toBe(first.data.createPurchase.data.purchaseId);
    });

    it('uses the amount of the buyer’s accepted bid', async () => {
      const res = await (await login('buyer1')).gql(CREATE, { input: { contractId: ids.fx } });
      expect(res.data.createPurchase.data.amount).toBe('250.50');
    });

    it('refuses anonymous buyers, own listings and inactive contracts', async () => {
      expect((await new Client(app).gql(CREATE, { input: { contractId: ids.fx } })).data.createPurchase.__typename).toBe('AuthenticationError');
      expect((await (await login('alpha')).gql(CREATE, { input: { contractId: ids.fx } })).data.createPurchase.__typename).toBe('PermissionError');
      expect((await (await login('buyer1')).gql(CREATE, { input: { contractId: ids.pending } })).data.createPurchase.__typename).toBe('NotFoundError');
    });
  });

  describe('REST', () => {
    it('GET /api/contracts filters by category slug or label, sorts, and pages', async () => {
      const client = new Client(app);
      for (const category of ['financial', 'Financial Data']) {
        const res = await client.json('GET', `/api/contracts?category=${encodeURIComponent(category)}&sortBy=price-low`);
        expect(res.status).toBe(200);
        expect(res.body.map((c: any) => c.title)).toEqual(['FX Spot Rates', 'US Equities Order Book']);
        expect(res.headers.get('x-total-count')).toBe('2');
      }
      const one = (await client.json('GET', '/api/contracts?search=equities')).body[0];
      expect(one).toMatchObject({ id: ids.equities, title: 'US Equities Order Book', category: 'financial', status: 'active', price: '1200.00', pricingModel: 'one_time', fieldCount: 3, dataFields: ['ticker', 'bid_price', 'ask_price'] });
      expect(one.provider).toMatchObject({ name: 'alpha', rating: 4.6, reviewCount: 5, isVerified: true });
      expect(one.provider.memberSince).toBeTruthy();
      const priced = await client.json('GET', '/api/contracts?minPrice=100&maxPrice=900&sortBy=price-high');
      expect(priced.body.map((c: any) => c.price)).toEqual(['800.00', '300.00']);
      const paged = await client.json('GET', '/api/contracts?sortBy=price-low&limit=5&offset=5');
      expect(paged.body.map((c: any) => c.price)).toEqual(['15.00', '16.00', '17.00', '18.00', '19.00']);
      expect(paged.headers.get('x-total-count')).toBe('25');
    });

    it.each([
      ['/api/contracts?category=spaceships', 'Unknown category: spaceships'],
      ['/api/contracts?sortBy=cheapest', 'sortBy must be one of: relevant, newest, price-low, price-high, rating, popular'],
      ['/api/contracts?minPrice=abc', 'minPrice must be a number of at least 0'],
      ['/api/contracts?limit=1000', 'limit must be a whole number from 1 to 100'],
    ])('GET %s is a 400', async (path, message) => {
      const res = await new Client(app).json('GET', path);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'INVALID_INPUT', message, requestId: expect.any(String) });
    });

    it('GET /api/contracts/{id} answers the contract or 404', async () => {
      const res = await new Client(app).json('GET', `/api/contracts/${ids.claims}`);
      expect(res.body).toMatchObject({ id: ids.claims, title: 'Outpatient Claims', price: '4900.00', providerId: providerB.id });
      expect((await new Client(app).json('GET', '/api/contracts/unknown')).status).toBe(404);
    });

    it('POST /api/bids: 401 anonymous, 403 for another buyerId, 201 for the session user', async () => {
      expect((await new Client(app).json('POST', '/api/bids', { contractId: ids.claims, bidAmount: 100, message: 'x' })).status).toBe(401);
      const buyer = await login('buyer1');
      const me = (await buyer.json('GET', '/api/auth/user')).body;
      expect((await buyer.json('POST', '/api/bids', { contractId: ids.claims, buyerId: providerA.id, bidAmount: 100 })).status).toBe(403);
      const res = await buyer.json('POST', '/api/bids', { contractId: ids.claims, buyerId: me.id, bidAmount: 4500.5, message: 'Bulk deal?' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ contractId: ids.claims, buyerId: me.id, bidAmount: '4500.50', message: 'Bulk deal?', status: 'open' });
      const bad = await buyer.json('POST', '/api/bids', { contractId: ids.claims, bidAmount: -3 });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Bid amount must be a positive amount with at most two decimals');
      const listed = await new Client(app).json('GET', `/api/bids/contract/${ids.claims}`);
      expect(listed.body[0]).toMatchObject({ bidAmount: '4500.50', status: 'open', buyerId: null, message: null });
      expect((await new Client(app).json('GET', '/api/bids/contract/unknown')).status).toBe(404);
    });

    it('POST /api/purchases and GET /api/purchases/buyer/{userId} (own only)', async () => {
      const buyer = await login('buyer2');
      const me = (await buyer.json('GET', '/api/auth/user')).body;
      const created = await buyer.json('POST', '/api/purchases', { buyerId: me.id, contractId: ids.rides, status: 'pending' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ buyerId: me.id, contractId: ids.rides, status: 'pending', amount: '800.00', contract: { title: 'Ride Hailing Trips' } });
      const mine = await buyer.json('GET', `/api/purchases/buyer/${me.id}`);
      expect(mine.status).toBe(200);
      expect(mine.body.map((p: any) => p.contract.title)).toContain('Ride Hailing Trips');
      expect((await (await login('buyer1')).json('GET', `/api/purchases/buyer/${me.id}`)).status).toBe(403);
      expect((await new Client(app).json('GET', `/api/purchases/buyer/${me.id}`)).status).toBe(401);
    });
  });
});
