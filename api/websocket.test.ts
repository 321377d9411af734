import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRequestListener } from '@hono/node-server';
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { memoryRateLimiter } from './rate-limiter.ts';
import { attachGraphQLWebSocket } from './websocket.ts';
import { createTestDatabase, type TestDatabase } from './test/databases.ts';
import { MemoryMailer, STRONG_PASSWORD } from './test/harness.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Through a real listening server: graphql-ws on /graphql with the session of the upgrade request.
describe('GraphQL over WebSocket', () => {
  let server: Server;
  let database: TestDatabase;
  let base = '';
  let closeWs: () => void;
  const mailer = new MemoryMailer();

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-ws-'));
    database = await createTestDatabase('pglite');
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'ws-secret-ws-secret-ws-secret-ws', NODE_ENV: 'test' });
    const { app, yoga } = createApp({ config, database, mailer, limiter: memoryRateLimiter(), logger: createLogger('silent') });
    server = createServer(getRequestListener(app.fetch));
    closeWs = attachGraphQLWebSocket(server, yoga).close;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    closeWs?.();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await database?.destroy();
  });

  const post = (p: string, body: unknown, cookie = '') =>
    fetch(`http://${base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });

  function wsClient(cookie = '') {
    return createClient({
      url: `ws://${base}/graphql`,
      webSocketImpl: class extends WebSocket {
        constructor(url: string, protocols?: string | string[]) {
          super(url, protocols, { headers: cookie ? { cookie } : {} });
        }
      },
      lazy: true,
      retryAttempts: 0,
    });
  }

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
    await fetch(`http://${base}/api/auth/verify-email?token=${mailer.tokenFor('wes@example.com')}`);
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
});
