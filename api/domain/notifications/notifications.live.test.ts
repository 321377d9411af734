import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client as WsClient } from 'graphql-ws';
import { makeContract, makeUser, toGlobalId } from '../../test/market-fixtures.ts';
import { listenTo, liveClient, loginCookie, postJson, startRedisInstancePair, until } from '../../test/live.ts';

// The bell is live on every instance (docs/decisions.md "Issue 25: notification centre"): a bid
// accepted through instance A is fanned out by A's job runner, and the buyer's socket on instance B
// hears the notification and the new unread count; marking read on A lowers the count on B.

const ADDED = 'subscription { notificationAdded { title type isRead } }';
const COUNT = 'subscription { unreadNotificationCountChanged }';

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)('the notification bell across two instances', () => {
  let pair: Awaited<ReturnType<typeof startRedisInstancePair>>;
  const ids: Record<string, string> = {};
  const clients: WsClient[] = [];

  beforeAll(async () => {
    pair = await startRedisInstancePair();
    ids.seller = (await makeUser(pair.db, 'sellerbell', { dueDiligenceStatus: 'approved' })).id;
    ids.buyer = (await makeUser(pair.db, 'buyerbell')).id;
    ids.third = (await makeUser(pair.db, 'thirdbell')).id;
    ids.contract = (await makeContract(pair.db, ids.seller, { title: 'Port Calls', category: 'transportation', price: '50.00' })).id;
  }, 120_000);
  afterAll(async () => {
    for (const c of clients) await c.dispose();
    await pair?.close();
  });
  const socket = (base: string, cookie: string) => {
    const client = liveClient(base, cookie);
    clients.push(client);
    return client;
  };
  const gql = async (base: string, cookie: string, query: string, variables: Record<string, unknown>) =>
    (await (await postJson(base, '/graphql', cookie, { query, variables })).json()) as any;

  it('a bid accepted on A reaches the buyer’s bell on B once the jobs ran; marking read on A lowers it on B; nobody else hears', async () => {
    const [a, b] = pair.instances;
    const buyer = await loginCookie(a.base, 'buyerbell');
    const seller = await loginCookie(a.base, 'sellerbell');
    const onB = socket(b.base, buyer);
    const added = listenTo(onB, ADDED);
    const count = listenTo(onB, COUNT);
    const third = listenTo(socket(b.base, await loginCookie(b.base, 'thirdbell')), ADDED);
    await until(async () => (await pair.listeners(`notificationAdded:${ids.buyer}`)) >= 1 && (await pair.listeners(`notificationsRead:${ids.buyer}`)) >= 1, 'B to listen');

    const bid = await postJson(a.base, '/api/bids', buyer, { contractId: ids.contract, bidAmount: 45 });
    expect(bid.status).toBe(201);
    const bidId = ((await bid.json()) as { id: string }).id;
    const accepted = await gql(a.base, seller, 'mutation($input: DecideBidInput!) { acceptBid(input: $input) { __typename } }', { input: { bidId: toGlobalId('Bid', bidId) } });
    expect(accepted.data.acceptBid.__typename).toBe('MutationAcceptBidSuccess');
    // Nothing before the fan-out runs (on A; B's runner is not started in tests).
    await new Promise((r) => setTimeout(r, 200));
    expect(added.received).toEqual([]);
    await a.jobs.runDue();

    await added.atLeast(1);
    await count.atLeast(1);
    expect(added.received[0].data.notificationAdded).toEqual({ title: 'Your bid was accepted', type: 'bid.accepted', isRead: false });
    expect(count.received[0].data.unreadNotificationCountChanged).toBe(1);

    const read = await postJson(a.base, '/api/notifications/read', buyer, { all: true });
    expect(await read.json()).toEqual({ marked: 1, unreadCount: 0 });
    await count.atLeast(2);
    expect(count.received[1].data.unreadNotificationCountChanged).toBe(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(third.received).toEqual([]);
  });

  it('refuses the bell’s subscriptions to an anonymous socket', async () => {
    const [, b] = pair.instances;
    for (const query of [ADDED, COUNT]) {
      const anonymous = listenTo(socket(b.base, ''), query);
      await until(() => anonymous.errors.length > 0 || anonymous.received.length > 0, 'the refusal');
      const answer = JSON.stringify(anonymous.errors[0] ?? anonymous.received[0]);
      expect(answer).toMatch(/UNAUTHENTICATED|Authentication required/);
    }
  });
});
