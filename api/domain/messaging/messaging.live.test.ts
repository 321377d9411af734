import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { makeUser } from '../../test/market-fixtures.ts';
import { createTestDatabase, sharedPostgres, testDatabases } from '../../test/databases.ts';
import { liveClient as wsClient, listenTo as listen, loginCookie, startLiveInstance as startInstance, type LiveInstance as Instance } from '../../test/live.ts';
import { DEFAULT_CHANNEL_PREFIX } from '../../events/event-bus.ts';

// Live messaging over graphql-ws (docs/decisions.md "Messaging"): a new message reaches both
// participants' subscriptions and never a third user's, on one instance and across two behind Redis.

const MESSAGES = 'subscription { messageReceived { content senderId recipientId isOwn } }';
const UNREAD = 'subscription { unreadCountChanged }';
const READ = 'subscription { conversationRead { conversationId unreadCount } }';

const post = (base: string, p: string, cookie: string, body: unknown) =>
  fetch(`http://${base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });

describe.each(testDatabases())('live messaging on one instance (%s)', (kind) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let instance: Instance;
  const ids: Record<string, string> = {};
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    for (const name of ['buyer', 'provider', 'third']) ids[name] = (await makeUser(database.prisma, `${name}live${kind}`)).id;
    instance = await startInstance(database);
    for (const name of ['buyer', 'provider', 'third']) cookies[name] = await loginCookie(instance.base, `${name}live${kind}`);
  });
  afterAll(async () => {
    await instance?.close();
    await database?.destroy();
  });

  it('pushes a new message to both participants, the badge count to the recipient, and nothing to a third user', async () => {
    const clients = Object.fromEntries(['buyer', 'provider', 'third'].map((n) => [n, wsClient(instance.base, cookies[n])]));
    const provider = listen(clients.provider!, MESSAGES);
    const providerBadge = listen(clients.provider!, UNREAD);
    const buyer = listen(clients.buyer!, MESSAGES);
    const buyerRead = listen(clients.buyer!, READ);
    const third = listen(clients.third!, MESSAGES);
    const thirdBadge = listen(clients.third!, UNREAD);
    await new Promise((r) => setTimeout(r, 300)); // let the server register the subscriptions

    const sent = await post(instance.base, '/api/messages', cookies.buyer!, { recipientId: ids.provider, content: 'Live hello' });
    expect(sent.status).toBe(201);
    const { conversationId } = (await sent.json()) as { conversationId: string };
    await provider.atLeast(1);
    await buyer.atLeast(1);
    await providerBadge.atLeast(1);
    expect(provider.received[0].data.messageReceived).toEqual({ content: 'Live hello', senderId: ids.buyer, recipientId: ids.provider, isOwn: false });
    expect(buyer.received[0].data.messageReceived).toMatchObject({ content: 'Live hello', isOwn: true });
    expect(providerBadge.received[0].data.unreadCountChanged).toBe(1);

    // The provider opens the thread: their badge drops to 0, the buyer's read marks update.
    const opened = await fetch(`http://${instance.base}/api/messages?conversationId=${conversationId}`, { headers: { cookie: cookies.provider! } });
    expect(opened.status).toBe(200);
    await providerBadge.atLeast(2);
    expect(providerBadge.received[1].data.unreadCountChanged).toBe(0);
    await buyerRead.atLeast(1);
    expect(buyerRead.received[0].data.conversationRead).toEqual({ conversationId, unreadCount: 0 });

    await new Promise((r) => setTimeout(r, 300));
    expect(third.received).toEqual([]);
    expect(thirdBadge.received).toEqual([]);
    for (const c of Object.values(clients)) await c.dispose();
  });

  it("each event reads its conversation afresh: the last message is the event's own, not the first one seen", async () => {
    const client = wsClient(instance.base, cookies.provider!);
    const provider = listen(client, 'subscription { messageReceived { content conversation { lastMessage { content } } } }');
    await new Promise((r) => setTimeout(r, 300)); // let the server register the subscription
    for (const content of ['First of two', 'Second of two']) {
      expect((await post(instance.base, '/api/messages', cookies.buyer!, { recipientId: ids.provider, content })).status).toBe(201);
    }
    await provider.atLeast(2);
    expect(provider.received.map((r) => r.data.messageReceived)).toEqual([
      { content: 'First of two', conversation: { lastMessage: { content: 'First of two' } } },
      { content: 'Second of two', conversation: { lastMessage: { content: 'Second of two' } } },
    ]);
    await client.dispose();
  });

  it('refuses the subscriptions to anonymous sockets', async () => {
    const client = wsClient(instance.base);
    const anon = listen(client, MESSAGES);
    const badge = listen(client, UNREAD);
    await anon.atLeast(1);
    await badge.atLeast(1);
    expect(anon.received[0]?.errors?.[0]?.message ?? String(anon.errors[0])).toMatch(/Authentication required|Not authorized/);
    expect(anon.received.every((r) => r.data == null || r.data.messageReceived == null)).toBe(true);
    await client.dispose();
  });
});

// Two instances on one PostgreSQL database and one Redis: a message sent on A reaches the
// recipient's subscription on B, and a third user's subscription on B hears nothing.
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)('live messaging across two instances', () => {
  let shared: Awaited<ReturnType<typeof sharedPostgres>>;
  const instances: Instance[] = [];
  const redis = new Redis(process.env.TEST_REDIS_URL!);
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    shared = await sharedPostgres(2);
    for (const name of ['buyer', 'provider', 'third']) ids[name] = (await makeUser(shared.handles[0]!.prisma, `${name}x`)).id;
    for (const database of shared.handles) instances.push(await startInstance(database, { REDIS_URL: process.env.TEST_REDIS_URL! }));
  });
  afterAll(async () => {
    for (const i of instances) await i.close();
    await shared?.destroy();
    await redis.quit();
  });

  const subscribers = async (channel: string) => ((await redis.pubsub('NUMSUB', channel)) as [string, number])[1];

  it('a message sent on instance A reaches the recipient on instance B, never a third user', async () => {
    const [a, b] = instances as [Instance, Instance];
    const providerClient = wsClient(b.base, await loginCookie(b.base, 'providerx'));
    const thirdClient = wsClient(b.base, await loginCookie(b.base, 'thirdx'));
    const provider = listen(providerClient, MESSAGES);
    const badge = listen(providerClient, UNREAD);
    const third = listen(thirdClient, MESSAGES);
    for (const channel of [`messageSent:${ids.provider}`, `unreadCountChanged:${ids.provider}`, `messageSent:${ids.third}`]) {
      while ((await subscribers(DEFAULT_CHANNEL_PREFIX + channel)) < 1) await new Promise((r) => setTimeout(r, 10));
    }

    const sent = await post(a.base, '/api/messages', await loginCookie(a.base, 'buyerx'), { recipientId: ids.provider, content: 'Across instances' });
    expect(sent.status).toBe(201);
    await provider.atLeast(1);
    await badge.atLeast(1);
    expect(provider.received[0].data.messageReceived).toEqual({ content: 'Across instances', senderId: ids.buyer, recipientId: ids.provider, isOwn: false });
    expect(badge.received[0].data.unreadCountChanged).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(third.received).toEqual([]);
    await providerClient.dispose();
    await thirdClient.dispose();
  });
});
