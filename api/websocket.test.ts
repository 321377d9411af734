import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { createTestDatabase, type TestDatabase } from './test/databases.ts';
import { STRONG_PASSWORD } from './test/harness.ts';
import { liveClient, startLiveInstance, type LiveInstance } from './test/live.ts';

// Through a real listening server: graphql-ws on /graphql with the session of the upgrade request.
describe('GraphQL over WebSocket', () => {
  let live: LiveInstance;
  let database: TestDatabase;
  let base = '';
  let created: LiveInstance['app'];
  // The statements the database ran (the market figures' computation is counted by them).
  const statements: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('pglite', (sql) => statements.push(sql));
    live = await startLiveInstance(database);
    ({ base, app: created } = live);
  });
  afterAll(async () => {
    await live?.close();
    await database?.destroy();
  });

  const post = (p: string, body: unknown, cookie = '') =>
    fetch(`http://${base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });

  const wsClient = (cookie = '') => liveClient(base, cookie);

  it('pushes market figures when a user registers', async () => {
    const client = wsClient();
    const received: any[] = [];
    const done = new Promise<void>((resolve, reject) => {
      client.subscribe(
        { query: 'subscription { marketStats { totalUsers } }' },
        { next: (v) => { received.push(v); resolve(); }, error: reject, complete: () => {} },
      );
    });
    await new Promise((r) => setTimeout(r, 300)); // let the server register the subscription
    const res = await post('/api/auth/register', { name: 'Wes', email: 'wes@example.com', username: 'wes', password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD });
    expect(res.status).toBe(201);
    await done;
    expect(received[0].data.marketStats.totalUsers).toBe(1);
    await client.dispose();
  });

  it('runs operations with the session cookie of the upgrade request', async () => {
    await fetch(`http://${base}/api/auth/verify-email?token=${live.mailer.tokenFor('wes@example.com')}`);
    const login = await post('/api/auth/login', { usernameOrEmail: 'wes', password: STRONG_PASSWORD });
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const ask = (c: string) =>
      new Promise<any>((resolve, reject) => {
        const client = wsClient(c);
        client.subscribe({ query: '{ viewer { username } }' }, { next: (v) => { resolve(v); void client.dispose(); }, error: reject, complete: () => {} });
      });
    expect((await ask(cookie)).data.viewer).toEqual({ username: 'wes' });
    expect((await ask('')).data.viewer).toBeNull();
  });

  it('computes the market figures once per event, however many subscribe', async () => {
    const sockets = Array.from({ length: 3 }, () => wsClient());
    const pushes: number[] = [];
    sockets.forEach((client) => {
      for (let i = 0; i < 10; i++) {
        const slot = pushes.push(0) - 1;
        client.subscribe({ query: 'subscription { marketStats { totalUsers totalVolume } }' }, { next: () => void (pushes[slot]! += 1), error: () => {}, complete: () => {} });
      }
    });
    // Until all 30 subscriptions are live (a subscription has no acknowledgement).
    const deadline = Date.now() + 10_000;
    while (pushes.some((n) => n === 0)) {
      if (Date.now() > deadline) throw new Error('the subscriptions did not all get the market figures');
      created.services.events.publish('marketStatsChanged');
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 300));

    const before = [...pushes];
    statements.length = 0;
    created.services.events.publish('marketStatsChanged');
    await expect.poll(() => pushes.every((n, i) => n > before[i]!), { timeout: 10_000 }).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    // One computation (its two payment aggregates) for 30 subscribers, not 30.
    expect(statements.filter((sql) => /FROM "public"\."Payment"/.test(sql))).toHaveLength(2);
    expect(pushes.map((n, i) => n - before[i]!)).toEqual(pushes.map(() => 1));
    for (const client of sockets) await client.dispose();
  });
});

// The bounds of live connections (docs/decisions.md "Live connections: caps and shared payloads"),
// set low: WS_MAX_SUBSCRIPTIONS_PER_SOCKET=3, WS_MAX_SOCKETS_PER_IP=2, behind one proxy (TRUST_PROXY=1).
describe('GraphQL over WebSocket: caps', () => {
  let live: LiveInstance;
  let database: TestDatabase;
  let base = '';

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    live = await startLiveInstance(database, { WS_MAX_SUBSCRIPTIONS_PER_SOCKET: '3', WS_MAX_SOCKETS_PER_IP: '2', TRUST_PROXY: '1' });
    base = live.base;
  });
  afterAll(async () => {
    await live?.close();
    await database?.destroy();
  });

  /** A raw upgrade from `client` (as the proxy reports it): the open socket, or the HTTP status and body of a refusal. */
  function upgrade(client: string): Promise<{ socket?: WebSocket; status?: number; body?: string }> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`ws://${base}/graphql`, 'graphql-transport-ws', { headers: { 'x-forwarded-for': client } });
      socket.on('open', () => resolve({ socket }));
      socket.on('unexpected-response', (_req, res: IncomingMessage) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      });
      socket.on('error', (error) => {
        if (!/Unexpected server response/.test(String(error))) reject(error);
      });
    });
  }

  it('refuses more sockets from one client address than WS_MAX_SOCKETS_PER_IP, and takes one again once one closed', async () => {
    const first = await upgrade('203.0.113.5');
    const second = await upgrade('203.0.113.5');
    expect(first.socket && second.socket).toBeTruthy();
    const third = await upgrade('203.0.113.5');
    expect(third.status).toBe(429);
    expect(third.body).toMatch(/Too many connections from this address \(at most 2 at once\)/);
    // Another client behind the same proxy has its own count.
    const other = await upgrade('198.51.100.7');
    expect(other.socket).toBeTruthy();

    const closed = new Promise((resolve) => first.socket!.once('close', resolve));
    first.socket!.close();
    await closed;
    await expect.poll(async () => {
      const again = await upgrade('203.0.113.5');
      again.socket?.close();
      return again.socket ? 101 : again.status;
    }).toBe(101);
    second.socket!.close();
    other.socket!.close();
  });

  it('answers an operation past WS_MAX_SUBSCRIPTIONS_PER_SOCKET with an error, and the socket and its subscriptions go on', async () => {
    const closes: number[] = [];
    const client = createClient({ url: `ws://${base}/graphql`, webSocketImpl: WebSocket, lazy: false, retryAttempts: 0, on: { closed: (e: any) => closes.push(e.code) } });
    const pushed: number[] = [0, 0, 0];
    for (let i = 0; i < 3; i++) {
      client.subscribe({ query: 'subscription { marketStats { totalUsers } }' }, { next: () => void (pushed[i]! += 1), error: () => {}, complete: () => {} });
    }
    const refused = await new Promise<any>((resolve) => {
      client.subscribe({ query: 'subscription { marketStats { totalUsers } }' }, { next: () => resolve('delivered'), error: resolve, complete: () => resolve('completed') });
    });
    expect(refused[0]).toMatchObject({
      message: 'Too many operations on this connection: at most 3 at once. End a subscription first.',
      extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' },
    });
    // The three first still receive, on the same socket.
    const res = await fetch(`http://${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.9' },
      body: JSON.stringify({ name: 'Cap', email: 'cap@example.com', username: 'cap', password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD }),
    });
    expect(res.status).toBe(201);
    await expect.poll(() => pushed.every((n) => n > 0), { timeout: 10_000 }).toBe(true);
    expect(closes).toEqual([]);
    await client.dispose();
  });
});
