import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, logIn } from '../test/harness.ts';
import { testDatabases } from '../test/databases.ts';
import { makeContract, makeUser, toGlobalId } from '../test/market-fixtures.ts';
import type { DomainEventName } from './events.ts';

// The domain services raise the events (not the resolvers), after their change committed, on the
// app's own bus: in-process without REDIS_URL.
describe.each(testDatabases())('domain events raised by the services on %s', (kind) => {
  let app: TestApp;
  let providerId = '';
  let active = '';
  let pending = '';

  const login = (username: string) => logIn(app, username);

  /** Collects what the bus delivers on a topic from now on. */
  function listen(...args: [DomainEventName] | [DomainEventName, string]) {
    const received: unknown[] = [];
    const iterator = (app.events.subscribe as unknown as (...a: unknown[]) => AsyncIterable<unknown>)(...args)[Symbol.asyncIterator]();
    let waiting: ((v: unknown) => void) | undefined;
    void (async () => {
      for (;;) {
        const { value, done } = await iterator.next();
        if (done) return;
        received.push(value);
        waiting?.(value);
      }
    })();
    return {
      received,
      next: () => new Promise((resolve) => (waiting = resolve)),
      stop: () => iterator.return?.(),
    };
  }

  beforeAll(async () => {
    app = await startTestApp(kind);
    const db = app.database.prisma;
    providerId = (await makeUser(db, 'seller', { dueDiligenceStatus: 'approved' })).id;
    await makeUser(db, 'buyer');
    await makeUser(db, 'boss', { isAdmin: true });
    active = (await makeContract(db, providerId, { title: 'Container Rates', category: 'transportation', price: '40.00' })).id;
    pending = (await makeContract(db, providerId, { title: 'Berth Schedules', category: 'transportation', price: '65.00', status: 'pending_review' })).id;
  });
  afterAll(async () => app?.close());

  it('placing and deciding a bid raises bidPlaced and bidChanged for its contract', async () => {
    const placed = listen('bidPlaced', active);
    const changed = listen('bidChanged', active);
    const elsewhere = listen('bidPlaced', pending);
    const gotPlaced = placed.next();
    const res = await (await login('buyer')).gql(
      `mutation($input: PlaceBidInput!) { placeBid(input: $input) { ... on MutationPlaceBidSuccess { data { bidId } } } }`,
      { input: { contractId: toGlobalId('Contract', active), amount: '35.5' } },
    );
    const bidId = res.data.placeBid.data.bidId;
    expect(await gotPlaced).toEqual({ bidId, contractId: active, status: 'open', amount: '35.50' });

    const gotChanged = changed.next();
    await (await login('seller')).gql(`mutation($input: DecideBidInput!) { acceptBid(input: $input) { __typename } }`, {
      input: { bidId: toGlobalId('Bid', bidId) },
    });
    expect(await gotChanged).toEqual({ bidId, contractId: active, status: 'accepted', amount: '35.50' });
    expect(elsewhere.received).toEqual([]);
    await Promise.all([placed.stop(), changed.stop(), elsewhere.stop()]);
  });

  it('approving a listing raises contractChanged, listingReviewed, its first priceTick and marketStatsChanged', async () => {
    const contract = listen('contractChanged', pending);
    const reviewed = listen('listingReviewed', providerId);
    const tick = listen('priceTick', pending);
    const stats = listen('marketStatsChanged');
    const all = Promise.all([contract.next(), reviewed.next(), tick.next(), stats.next()]);
    const res = await (await login('boss')).gql(`mutation($input: ReviewListingInput!) { reviewListing(input: $input) { __typename } }`, {
      input: { contractId: toGlobalId('Contract', pending), status: 'active' },
    });
    expect(res.data.reviewListing.__typename).toBe('MutationReviewListingSuccess');
    const [c, r, t, s] = await all;
    expect(c).toEqual({ contractId: pending, status: 'active' });
    expect(r).toEqual({ contractId: pending, providerId, status: 'active' });
    expect(t).toMatchObject({ contractId: pending, price: '65.00', source: 'listing' });
    expect(s).toBeNull();
    await Promise.all([contract.stop(), reviewed.stop(), tick.stop(), stats.stop()]);
  });

  it('a refused change raises nothing', async () => {
    const contract = listen('contractChanged', pending);
    const res = await (await login('boss')).gql(`mutation($input: ReviewListingInput!) { reviewListing(input: $input) { __typename } }`, {
      input: { contractId: toGlobalId('Contract', pending), status: 'active' },
    });
    expect(res.data.reviewListing.__typename).toBe('ConflictError');
    // Anything published would have been delivered synchronously by the in-process bus.
    expect(contract.received).toEqual([]);
    await contract.stop();
  });

  it('the app runs timed work through its runner (started by the server, driven by runDue in tests)', async () => {
    const ran: string[] = [];
    app.jobs.register('test:echo', async (payload: { word: string }) => void ran.push(payload.word));
    await app.jobs.schedule(app.database.prisma, { kind: 'test:echo', key: 'echo:1', runAt: new Date('2030-01-01T00:00:00Z'), payload: { word: 'later' } });
    await app.jobs.runDue(new Date('2029-12-31T23:59:59Z'));
    expect(ran).toEqual([]);
    await app.jobs.runDue(new Date('2030-01-01T00:00:00Z'));
    expect(ran).toEqual(['later']);
  });
});
