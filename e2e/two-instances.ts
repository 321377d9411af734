import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO_PASSWORD, logIn } from './paying.ts';
import { guardedBrowser } from './conversations.ts';

// The two server instances two-instances.spec.ts runs against (why, and how they are started, is
// said there): one PostgreSQL database created for the run, one Redis under a prefix of the run's
// own, each instance on a free port; and what its journeys need to use them.

const PG_ADMIN_URL = process.env.E2E_PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';

export type Instance = { base: string; child: ChildProcess; output: string[] };

// This run's own Redis keys and channels (REDIS_PREFIX): other runs may share the Redis.
const REDIS_PREFIX = `pit-e2e-${crypto.randomBytes(4).toString('hex')}:`;

let unreachable = '';
let databaseName = '';
let dataDir = '';
const instances: Instance[] = [];

/** Why PostgreSQL or Redis cannot be used, or '' when both answer. */
async function servicesDown(): Promise<string> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    return `PostgreSQL at ${PG_ADMIN_URL} is unreachable (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    return `Redis at ${REDIS_URL} is unreachable (${(error as Error).message})`;
  } finally {
    redis.disconnect();
  }
  return '';
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The command that runs a server: E2E_SERVER_COMMAND, the built server, or the source. */
function serverCommand(): string[] {
  if (process.env.E2E_SERVER_COMMAND) return process.env.E2E_SERVER_COMMAND.split(/\s+/).filter(Boolean);
  if (fs.existsSync('dist/server/server.js')) return ['node', 'dist/server/server.js'];
  return ['npx', 'tsx', 'api/server.ts'];
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const [command, ...args] = serverCommand();
  const child = spawn(command!, args, {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...(process.env.E2E_STATIC_DIR ? { STATIC_DIR: process.env.E2E_STATIC_DIR } : {}),
    },
    // Its own process group, so stopping it also stops what npx started.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const instance = { base: `http://127.0.0.1:${port}`, child, output };
  instances.push(instance);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server on port ${port} exited with ${child.exitCode}:\n${output.join('')}`);
    try {
      if ((await fetch(`${instance.base}/readyz`)).ok) return instance;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server on port ${port} was not ready within 60 s:\n${output.join('')}`);
}

async function stopInstance({ child }: Instance) {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid, 'SIGTERM');
  const stopped = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 10_000))]);
  if (!stopped) process.kill(-child.pid, 'SIGKILL');
}

/**
 * Starts the two instances before the calling spec's tests and stops them after, dropping the run's
 * database and Redis keys; the tests are skipped when PostgreSQL or Redis is unreachable. The
 * array is filled once both are up.
 */
export function useTwoInstances(): Instance[] {
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    unreachable = await servicesDown();
    if (unreachable) {
      console.warn(`two-instances.spec.ts skipped: ${unreachable}`);
      return;
    }
    databaseName = `pit_e2e_two_${crypto.randomBytes(5).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${databaseName}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${databaseName}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-e2e-two-'));
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL,
      DEMO_DATA: '1',
      DATA_DIR: dataDir,
      REDIS_PREFIX,
      // One deployment: a session cookie from one instance is good on the other.
      SESSION_SECRET: crypto.randomBytes(32).toString('base64url'),
      SUPPORT_TICKET_LIMIT_PER_IP: '1000',
    };
    // One after the other: the first migrates and seeds the demo data, the second finds both done.
    await startInstance(env);
    await startInstance(env);
  });

  test.afterAll(async () => {
    await Promise.all(instances.map(stopInstance));
    // This run's keys (cached answers, rate-limit counters) go with it.
    if (!unreachable) {
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${REDIS_PREFIX}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
    if (databaseName) await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test.beforeEach(() => {
    // CI (.ci/run, which exports TEST_DATABASE_URL) always has both: there a missing one is a failure,
    // not a reason to skip; a machine without them skips with the reason.
    if (unreachable && process.env.TEST_DATABASE_URL) throw new Error(`two instances need PostgreSQL and Redis: ${unreachable}`);
    test.skip(!!unreachable, `two instances need PostgreSQL and Redis: ${unreachable}`);
  });
  return instances;
}

/** Logs in through the API with this request context (a page's request shares the page's cookies); a demo user's password unless told. */
export const login = (request: APIRequestContext, usernameOrEmail: string, password = DEMO_PASSWORD) => logIn(request, usernameOrEmail, password);

/** A browser session on one instance, failing the test on its page errors and console errors. */
export const browserOn = (browser: Browser, instance: Instance) => guardedBrowser(browser, instance.base, instance.base);

/**
 * Resolves once an instance listens on the event channel (`messageSent:<userId>`): a subscription
 * has no acknowledgement, and an event published before it is registered is not delivered.
 */
export async function listeningOn(channel: string) {
  const redis = new Redis(REDIS_URL);
  try {
    await expect
      .poll(async () => ((await redis.pubsub('NUMSUB', `${REDIS_PREFIX}events:${channel}`)) as [string, number])[1], { message: `an instance listens on ${channel}` })
      .toBeGreaterThan(0);
  } finally {
    await redis.quit();
  }
}
