import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createClient, type Client as WsClient } from 'graphql-ws';
import { createTestDatabase, type TestDatabase } from './test/databases.ts';
import { closesOf, loginCookie, postJson, startLiveInstance, type LiveInstance } from './test/live.ts';
import { makeUser } from './test/market-fixtures.ts';

// Personal API tokens on graphql-ws (docs/decisions.md "Issue 27: API tokens"): the upgrade's
// Authorization header or connectionParams authenticate; a refused token closes with 4401; scopes hold.
describe('API tokens over WebSocket', () => {
  let live: LiveInstance;
  let database: TestDatabase;
  let base = '';

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    live = await startLiveInstance(database);
    ({ base } = live);
    await makeUser(database.prisma as never, 'wsbuyer');
  });
  afterAll(async () => {
    await live?.close();
    await database?.destroy();
  });

  const tokenOf = async (scopes: string[]) => {
    const cookie = await loginCookie(base, 'wsbuyer');
    const res = await postJson(base, '/api/tokens', cookie, { name: 'ws', scopes });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; token: string };
  };

  const client = (opts: { header?: string; params?: Record<string, unknown> }): WsClient =>
    createClient({
      url: `ws://${base}/graphql`,
      webSocketImpl: class extends WebSocket {
        constructor(url: string, protocols?: string | string[]) {
          super(url, protocols, { headers: opts.header ? { authorization: opts.header } : {} });
        }
      },
      connectionParams: opts.params,
      lazy: true,
      retryAttempts: 0,
    });

  const ask = (c: WsClient, query: string) =>
    new Promise<any>((resolve, reject) => {
      c.subscribe({ query }, { next: (v) => resolve(v), error: (e) => resolve({ closed: e }), complete: () => {} });
      setTimeout(() => reject(new Error('no answer')), 5000);
    });

  it('authenticates by the upgrade header and by connectionParams, within scopes', async () => {
    const { token } = await tokenOf(['market:read']);
    for (const c of [client({ header: `Bearer ${token}` }), client({ params: { authorization: `Bearer ${token}` } })]) {
      expect((await ask(c, '{ viewer { username } }')).data.viewer).toEqual({ username: 'wsbuyer' });
      const refused = await ask(c, 'subscription { messageReceived { id } }');
      expect(refused.errors?.[0]?.message ?? refused.closed?.[0]?.message).toBe('This token lacks the scope messages');
      await c.dispose();
    }
  });

  it('a malformed, unknown or revoked token closes the connection with 4401', async () => {
    const made = await tokenOf(['market:read']);
    const cookie = await loginCookie(base, 'wsbuyer');
    const del = await fetch(`http://${base}/api/tokens/${made.id}`, { method: 'DELETE', headers: { cookie } });
    expect(del.status).toBe(200);
    for (const header of ['Bearer nope', `Bearer ${made.token}`]) {
      const c = client({ params: { authorization: header } });
      const closes = closesOf(c);
      await ask(c, '{ viewer { username } }').catch(() => undefined);
      await new Promise((r) => setTimeout(r, 200));
      expect(closes[0]?.code, header).toBe(4401);
      await c.dispose();
    }
  });
});
