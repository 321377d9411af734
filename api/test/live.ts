import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import WebSocket from 'ws';
import { Redis } from 'ioredis';
import { createClient, type Client as WsClient } from 'graphql-ws';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { createLogger } from '../logger.ts';
import { memoryRateLimiter } from '../rate-limiter.ts';
import { attachGraphQLWebSocket } from '../websocket.ts';
import { MemoryMailer, STRONG_PASSWORD } from './harness.ts';
import { sharedPostgres } from './databases.ts';

// Helpers for live tests: real server instances on ports (HTTP + graphql-ws), as `api/server.ts`
// runs them, on a given database (two instances share one PostgreSQL database and one Redis).

export interface LiveInstance {
  /** host:port */
  base: string;
  app: ReturnType<typeof createApp>;
  mailer: MemoryMailer;
  jobs: JobRunner;
  /** The instance's graphql-ws endpoint (its sockets with a session). */
  websocket: ReturnType<typeof attachGraphQLWebSocket>;
  close(): Promise<void>;
}

export async function startLiveInstance(database: Database, env: Record<string, string> = {}): Promise<LiveInstance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-live-'));
  const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'live-secret-live-secret-live-secret', NODE_ENV: 'test', ...env });
  const mailer = new MemoryMailer();
  const app = createApp({ config, database, mailer, limiter: memoryRateLimiter(), logger: createLogger('silent') });
  const server = createServer(getRequestListener(app.app.fetch));
  const ws = attachGraphQLWebSocket(server, app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    app,
    mailer,
    jobs: app.jobs,
    websocket: ws,
    async close() {
      await app.jobs.stop();
      ws.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two instances on one PostgreSQL database and one Redis (TEST_DATABASE_URL, TEST_REDIS_URL), as a
 * deployment of two runs them. `db` is the shared database, for fixtures.
 */
export async function startInstancePair(env: Record<string, string> = {}) {
  const shared = await sharedPostgres(2);
  const instances: LiveInstance[] = [];
  for (const database of shared.handles) instances.push(await startLiveInstance(database, { REDIS_URL: process.env.TEST_REDIS_URL!, ...env }));
  return {
    instances: instances as [LiveInstance, LiveInstance],
    db: shared.handles[0]!.prisma,
    async close() {
      for (const instance of instances) await instance.close();
      await shared.destroy();
    },
  };
}

/**
 * startInstancePair behind this run's own Redis keys and channels (other suites may share the
 * Redis), with `listeners(channel)`: how many instances listen on an event channel, so a test waits
 * until a subscription reached the bus before it raises the event.
 */
export async function startRedisInstancePair() {
  const prefix = `pit-test-${crypto.randomBytes(4).toString('hex')}:`;
  const pair = await startInstancePair({ REDIS_PREFIX: prefix });
  const redis = new Redis(process.env.TEST_REDIS_URL!);
  return {
    ...pair,
    listeners: async (channel: string) => ((await redis.pubsub('NUMSUB', `${prefix}events:${channel}`)) as [string, number])[1],
    async close() {
      await pair.close();
      await redis.quit();
    },
  };
}

/** Logs a fixture user in (password STRONG_PASSWORD); returns the session cookie pair. */
export async function loginCookie(base: string, usernameOrEmail: string): Promise<string> {
  const res = await fetch(`http://${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usernameOrEmail, password: STRONG_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login of ${usernameOrEmail} answered ${res.status}`);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** A graphql-ws client whose upgrade carries `cookie`, as a browser's would. */
export function liveClient(base: string, cookie = ''): WsClient {
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

/** The close events of a client's sockets (code and reason), as they happen. */
export function closesOf(client: WsClient): Array<{ code: number; reason: string }> {
  const closes: Array<{ code: number; reason: string }> = [];
  client.on('closed', (event) => {
    const { code, reason } = event as { code: number; reason: string };
    closes.push({ code, reason: String(reason) });
  });
  return closes;
}

/** Everything a subscription pushes, and its error if it fails. */
export function listenTo(client: WsClient, query: string, variables: Record<string, unknown> = {}) {
  const received: any[] = [];
  const errors: unknown[] = [];
  const waiters: Array<() => void> = [];
  const wake = () => waiters.splice(0).forEach((w) => w());
  client.subscribe(
    { query, variables },
    {
      next: (v) => {
        received.push(v);
        wake();
      },
      error: (e) => {
        errors.push(e);
        wake();
      },
      complete: () => {},
    },
  );
  return {
    received,
    errors,
    /** Resolves once `n` pushes (or an error) arrived. */
    async atLeast(n: number, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n && !errors.length) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${n} pushes of ${query}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
  };
}

export const postJson = (base: string, p: string, cookie: string, body?: unknown) =>
  fetch(`http://${base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: body === undefined ? undefined : JSON.stringify(body) });

/** Waits, polling, until `check` holds; fails naming `what` after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
