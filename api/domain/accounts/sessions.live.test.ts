import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client as WsClient } from 'graphql-ws';
import { makeUser } from '../../test/market-fixtures.ts';
import { createTestDatabase, testDatabases, type TestDatabase } from '../../test/databases.ts';
import { closesOf, listenTo, liveClient, loginCookie, postJson, startLiveInstance, startRedisInstancePair, until, type LiveInstance } from '../../test/live.ts';
import { ensureAdmin } from './accounts.service.ts';

// Subscriptions end with their session (docs/decisions.md "Subscriptions end with their session"):
// a socket opened with a session cookie is closed (4403 "Session ended") when that session ends,
// and delivers nothing more, on the instance that ended it and on every other.

const MESSAGES = 'subscription { messageReceived { content } }';
const SESSION_ENDED = { code: 4403, reason: 'Session ended' };

describe.each(testDatabases())('subscriptions end with their session (%s)', (kind) => {
  let database: TestDatabase;
  let instance: LiveInstance;
  const ids: Record<string, string> = {};
  const clients: WsClient[] = [];
  const name = (who: string) => `${who}end${kind}`;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    for (const who of ['buyer', 'provider', 'idle', 'profile']) ids[who] = (await makeUser(database.prisma, name(who))).id;
    await makeUser(database.prisma, name('boss'), { isAdmin: true });
    instance = await startLiveInstance(database);
  });
  afterAll(async () => {
    for (const c of clients) await c.dispose();
    await instance?.close();
    await database?.destroy();
  });

  function socket(cookie: string) {
    const client = liveClient(instance.base, cookie);
    clients.push(client);
    return { client, closes: closesOf(client) };
  }
  const send = async (from: string, to: string, content: string) =>
    expect((await postJson(instance.base, '/api/messages', from, { recipientId: ids[to], content })).status).toBe(201);

  it("logout closes the session's socket, which delivers no later message; the user's other session goes on", async () => {
    const buyer = await loginCookie(instance.base, name('buyer'));
    const [first, second] = [await loginCookie(instance.base, name('provider')), await loginCookie(instance.base, name('provider'))];
    const ending = socket(first);
    const staying = socket(second);
    const ended = listenTo(ending.client, MESSAGES);
    const market = listenTo(ending.client, 'subscription { marketStats { totalUsers } }');
    const kept = listenTo(staying.client, MESSAGES);
    // Both subscriptions live: a first message reaches both sockets.
    await until(() => instance.websocket.sessions.size === 2, 'both sockets to run as their session');
    await new Promise((r) => setTimeout(r, 200));
    await send(buyer, 'provider', 'Before logout');
    await ended.atLeast(1);
    await kept.atLeast(1);

    expect((await postJson(instance.base, '/api/auth/logout', first)).status).toBe(200);
    await until(() => ending.closes.length > 0, 'the ended session’s socket to close');
    expect(ending.closes[0]).toEqual(SESSION_ENDED);
    expect(staying.closes).toEqual([]);

    await send(buyer, 'provider', 'After logout');
    await kept.atLeast(2);
    expect(kept.received.map((r) => r.data.messageReceived.content)).toEqual(['Before logout', 'After logout']);
    await new Promise((r) => setTimeout(r, 200));
    expect(ended.received.map((r) => r.data.messageReceived.content)).toEqual(['Before logout']);
    expect(market.received).toEqual([]);
  });

  it("signing out the other sessions from the profile closes their sockets and keeps this one's", async () => {
    const [here, there] = [await loginCookie(instance.base, name('profile')), await loginCookie(instance.base, name('profile'))];
    const before = instance.websocket.sessions.size;
    const staying = socket(here);
    const ending = socket(there);
    listenTo(staying.client, MESSAGES);
    listenTo(ending.client, MESSAGES);
    await until(() => instance.websocket.sessions.size === before + 2, 'both sockets to run as their session');
    expect((await postJson(instance.base, '/api/auth/sessions/sign-out-others', here)).status).toBe(200);
    await until(() => ending.closes.length > 0, 'the other session’s socket to close');
    expect(ending.closes[0]).toEqual(SESSION_ENDED);
    await new Promise((r) => setTimeout(r, 200));
    expect(staying.closes).toEqual([]);
    // Leaves the sockets as it found them for the tests after it.
    await staying.client.dispose();
    await until(() => instance.websocket.sessions.size === before, 'this socket to be let go');
  });

  it('an administrator reset by ADMIN_PASSWORD (no event: another instance starting) delivers nothing more and closes at the next delivery', async () => {
    const boss = socket(await loginCookie(instance.base, name('boss')));
    const count = listenTo(boss.client, 'subscription { activeTicketCount }');
    const ticket = (subject: string) =>
      postJson(instance.base, '/api/support/tickets', '', { name: 'Visitor', email: 'visitor@example.com', subject, message: 'The sample file has no rows.' });
    await until(() => instance.websocket.sessions.size >= 1, 'the administrator’s socket to run as their session');
    await new Promise((r) => setTimeout(r, 200));
    expect((await ticket('First ticket')).status).toBe(201);
    await count.atLeast(1);

    // As api/server.ts does at start, on some instance: the new password ends every session in the database only.
    await ensureAdmin(database.prisma, { email: `${name('boss')}@example.com`, password: 'N3w#AdminPass' });
    expect((await ticket('Second ticket')).status).toBe(201);
    await until(() => boss.closes.length > 0, 'the reset administrator’s socket to close');
    expect(boss.closes[0]).toEqual(SESSION_ENDED);
    expect(count.received).toHaveLength(1);
  });

  it('the sweep closes an idle socket whose session ended unheard', async () => {
    const idle = socket(await loginCookie(instance.base, name('idle')));
    listenTo(idle.client, MESSAGES);
    await until(async () => (await database.prisma.session.count({ where: { userId: ids.idle, revokedAt: null } })) === 1 && instance.websocket.sessions.size >= 1, 'the idle socket');
    await new Promise((r) => setTimeout(r, 200));
    // Ended behind the server's back (an event lost while Redis was away).
    await database.prisma.session.updateMany({ where: { userId: ids.idle }, data: { revokedAt: new Date() } });
    await instance.websocket.sessions.sweep();
    await until(() => idle.closes.length > 0, 'the idle socket to close');
    expect(idle.closes[0]).toEqual(SESSION_ENDED);
  });
});

// Two instances on one PostgreSQL database and one Redis: the logout on A closes the socket on B.
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)('subscriptions end with their session across two instances', () => {
  let pair: Awaited<ReturnType<typeof startRedisInstancePair>>;
  const ids: Record<string, string> = {};
  const clients: WsClient[] = [];

  beforeAll(async () => {
    pair = await startRedisInstancePair();
    for (const who of ['buyerx', 'providerx']) ids[who] = (await makeUser(pair.db, who)).id;
  }, 120_000);
  afterAll(async () => {
    for (const c of clients) await c.dispose();
    await pair?.close();
  });

  it('a logout on instance A closes the socket of that session on instance B', async () => {
    const [a, b] = pair.instances;
    const cookie = await loginCookie(a.base, 'providerx');
    const client = liveClient(b.base, cookie);
    clients.push(client);
    const closes = closesOf(client);
    const messages = listenTo(client, MESSAGES);
    await until(async () => (await pair.listeners(`messageSent:${ids.providerx}`)) >= 1 && (await pair.listeners('sessionEnded')) >= 2, 'B to listen');
    const buyer = await loginCookie(a.base, 'buyerx');
    expect((await postJson(a.base, '/api/messages', buyer, { recipientId: ids.providerx, content: 'Before logout' })).status).toBe(201);
    await messages.atLeast(1);

    expect((await postJson(a.base, '/api/auth/logout', cookie)).status).toBe(200);
    await until(() => closes.length > 0, 'the socket on B to close');
    expect(closes[0]).toEqual(SESSION_ENDED);
    expect((await postJson(a.base, '/api/messages', buyer, { recipientId: ids.providerx, content: 'After logout' })).status).toBe(201);
    await new Promise((r) => setTimeout(r, 300));
    expect(messages.received.map((r) => r.data.messageReceived.content)).toEqual(['Before logout']);
    expect(b.websocket.sessions.size).toBe(0);
  });
});
