import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRequestListener } from '@hono/node-server';
import WebSocket from 'ws';
import { createClient, type Client as WsClient } from 'graphql-ws';
import { Redis } from 'ioredis';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { memoryRateLimiter } from '../rate-limiter.ts';
import { attachGraphQLWebSocket } from '../websocket.ts';
import { MemoryMailer, STRONG_PASSWORD } from '../test/harness.ts';
import { makeContract, makeUser, toGlobalId } from '../test/market-fixtures.ts';
import { sharedPostgres } from '../test/databases.ts';
import { DEFAULT_CHANNEL_PREFIX } from './event-bus.ts';

// Two server instances on one PostgreSQL database and one Redis, as a deployment of several
// processes would run: what happens on one is pushed to subscribers on the other.
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)('domain events across two instances', () => {
  let shared: Awaited<ReturnType<typeof sharedPostgres>>;
  const instances: Array<{ server: Server; base: string; close(): Promise<void> }> = [];
  const redis = new Redis(process.env.TEST_REDIS_URL!);
  let pendingListing = '';

  beforeAll(async () => {
    shared = await sharedPostgres(2);
    const db = shared.handles[0]!.prisma;
    await makeUser(db, 'boss', { isAdmin: true });
    const provider = await makeUser(db, 'seller', { dueDiligenceStatus: 'approved' });
    pendingListing = (await makeContract(db, provider.id, { title: 'Port Calls Weekly', category: 'transportation', price: '75.00', status: 'pending_review' })).id;
    for (const database of shared.handles) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-events-'));
      const config = loadConfig({
        DATA_DIR: dataDir,
        SESSION_SECRET: 'events-secret-events-secret-events',
        NODE_ENV: 'test',
        REDIS_URL: process.env.TEST_REDIS_URL,
      });
      const app = createApp({ config, database, mailer: new MemoryMailer(), limiter: memoryRateLimiter(), logger: createLogger('silent') });
      const server = createServer(getRequestListener(app.app.fetch));
      const ws = attachGraphQLWebSocket(server, app);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      instances.push({
        server,
        base: `127.0.0.1:${(server.address() as AddressInfo).port}`,
        async close() {
          ws.close();
          server.closeAllConnections();
          await new Promise((resolve) => server.close(resolve));
          await app.close();
          fs.rmSync(dataDir, { recursive: true, force: true });
        },
      });
    }
  });
  afterAll(async () => {
    for (const i of instances) await i.close();
    await shared?.destroy();
    await redis.quit();
  });

  const subscriberCount = async (channel: string) => ((await redis.pubsub('NUMSUB', channel)) as [string, number])[1];

  function wsClient(base: string): WsClient {
    return createClient({ url: `ws://${base}/graphql`, webSocketImpl: WebSocket, lazy: true, retryAttempts: 0 });
  }

  it('a listing approved on instance A pushes the market figures to a subscriber on instance B', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const channel = `${DEFAULT_CHANNEL_PREFIX}marketStatsChanged`;
    const before = await subscriberCount(channel);

    const client = wsClient(b.base);
    const pushed = new Promise<any>((resolve, reject) => {
      client.subscribe({ query: 'subscription { marketStats { activeContracts totalContracts } }' }, { next: resolve, error: reject, complete: () => {} });
    });
    // B's subscription has reached Redis once the channel has one more listener.
    while ((await subscriberCount(channel)) <= before) await new Promise((r) => setTimeout(r, 10));

    const login = await fetch(`http://${a.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ usernameOrEmail: 'boss', password: STRONG_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const review = await fetch(`http://${a.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        query: 'mutation($input: ReviewListingInput!) { reviewListing(input: $input) { __typename } }',
        variables: { input: { contractId: toGlobalId('Contract', pendingListing), status: 'active' } },
      }),
    });
    expect(await review.json()).toEqual({ data: { reviewListing: { __typename: 'MutationReviewListingSuccess' } } });

    expect((await pushed).data.marketStats).toEqual({ activeContracts: 1, totalContracts: 1 });
    await client.dispose();
  });
});
