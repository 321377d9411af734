import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createClient, type Client as WsClient } from 'graphql-ws';
import { createTestDatabase, testDatabases, type TestDatabase } from '../test/databases.ts';
import { STRONG_PASSWORD } from '../test/harness.ts';
import { startLiveInstance, type LiveInstance } from '../test/live.ts';

const LISTED = 'http://app.example.com';

// Through a real listening server: the WebSocket upgrade's Origin check and how graphql-ws answers
// operations that do not parse or break a limit.
describe.each(testDatabases())('GraphQL over WebSocket at the edge (%s)', (kind) => {
  let live: LiveInstance;
  let database: TestDatabase;
  let base = '';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    live = await startLiveInstance(database, { CORS_ORIGINS: LISTED });
    base = live.base;
  });
  afterAll(async () => {
    await live?.close();
    await database?.destroy();
  });

  /** Opens a raw upgrade with the given Origin: the HTTP status of a refusal, or 101. */
  function upgrade(origin?: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`ws://${base}/graphql`, 'graphql-transport-ws', origin ? { origin } : {});
      socket.on('open', () => {
        socket.close();
        resolve(101);
      });
      socket.on('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        socket.terminate();
      });
      socket.on('error', (error) => {
        if (!/Unexpected server response/.test(String(error))) reject(error);
      });
    });
  }

  it('refuses an upgrade from another site and accepts its own, listed origins and non-browser clients', async () => {
    expect(await upgrade('https://evil.example')).toBe(403);
    expect(await upgrade('null')).toBe(403);
    expect(await upgrade(`http://${base}`)).toBe(101);
    expect(await upgrade(LISTED)).toBe(101);
    expect(await upgrade()).toBe(101);
  });

  function wsClient(): { client: WsClient; closed: Array<{ code: number }> } {
    const closed: Array<{ code: number }> = [];
    const client = createClient({ url: `ws://${base}/graphql`, webSocketImpl: WebSocket, lazy: false, retryAttempts: 0, on: { closed: (event: any) => closed.push({ code: event.code }) } });
    return { client, closed };
  }

  const once = (client: WsClient, query: string) =>
    new Promise<{ data?: any; errors?: any[] }>((resolve) => {
      client.subscribe({ query }, { next: (value) => resolve(value as never), error: (errors) => resolve({ errors: errors as any[] }), complete: () => {} });
    });

  it('answers an operation that does not parse or is too deep with errors and keeps the socket and its subscriptions', async () => {
    const { client, closed } = wsClient();
    // A live subscription on the socket that must survive the bad operations.
    const pushed: any[] = [];
    const unsubscribe = client.subscribe({ query: 'subscription { marketStats { totalUsers } }' }, { next: (v) => pushed.push(v), error: () => {}, complete: () => {} });
    expect((await once(client, '{ __typename }')).data).toEqual({ __typename: 'Query' });

    const syntax = await once(client, '{ marketStats { ');
    expect(syntax.errors?.[0].message).toMatch(/Syntax Error/);
    let deep = 'totalUsers';
    for (let i = 0; i < 14; i++) deep = `viewer { ${deep} }`;
    const tooDeep = await once(client, `{ ${deep} }`);
    expect(tooDeep.errors?.[0].message).toMatch(/depth/i);
    const aliases = await once(client, `{ ${Array.from({ length: 100 }, (_, i) => `a${i}: __typename`).join(' ')} }`);
    expect(aliases.errors?.[0].message).toMatch(/aliases/i);

    // Same socket: still open, still answering, and the subscription still receives events.
    expect(closed).toEqual([]);
    expect((await once(client, '{ __typename }')).data).toEqual({ __typename: 'Query' });
    const before = pushed.length;
    const res = await fetch(`http://${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Sam', email: `sam-${kind}@example.com`, username: `sam_${kind}`, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD }),
    });
    expect(res.status).toBe(201);
    await expect.poll(() => pushed.length, { timeout: 30_000 }).toBeGreaterThan(before);
    expect(closed).toEqual([]);
    unsubscribe();
    await client.dispose();
  });
});
