import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { expect, gql, test } from './fixtures.ts';

// Two server instances behind one PostgreSQL database and one Redis, as a deployment of several
// processes runs them: a buyer on instance A and a provider on instance B talk live on /messaging
// (each message crosses from one instance to the other through Redis), and a visitor's support
// ticket opened on A gets the team's reply, sent on B, over the visitor's subscription on A.
//
// This spec starts its own two servers (the journeys' server runs on the embedded database, which
// one process owns): the built server when dist/server/server.js exists, else the source through
// tsx (E2E_SERVER_COMMAND overrides both, as for the journeys' server), each on a free port, on a
// database created for the run and dropped after. Skipped when PostgreSQL or Redis is unreachable.

const PG_ADMIN_URL = process.env.E2E_PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DEMO_PASSWORD = 'Demo#Trader1';
const BUYER = { email: 'ava.thompson@datapit.demo', name: 'Ava Thompson' };
const PROVIDER = { email: 'meridian@datapit.demo', name: 'Meridian Analytics' };
const ADMIN = { email: 'admin@datapit.demo', password: 'PitBoss#2026', name: 'Demo Administrator' };

test.describe.configure({ mode: 'serial', timeout: 90_000 });

type Instance = { base: string; child: ChildProcess; output: string[] };

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

async function login(request: APIRequestContext, usernameOrEmail: string, password = DEMO_PASSWORD) {
  const { login: result } = await gql<{ login: { __typename: string; message?: string } }>(
    request,
    'mutation ($input: LoginInput!) { login(input: $input) { __typename ... on Error { message } } }',
    { input: { usernameOrEmail, password } },
  );
  expect(result.__typename, result.message).toBe('MutationLoginSuccess');
}

/** A browser session on one instance, failing the test on its page errors and console errors. */
async function browserOn(browser: Browser, instance: Instance) {
  const context = await browser.newContext({ baseURL: instance.base });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`);
  });
  return {
    page,
    async close() {
      await context.close();
      expect(errors, `console errors on ${instance.base}`).toEqual([]);
    },
  };
}

/**
 * Resolves once an instance listens on the event channel (`messageSent:<userId>`): a subscription
 * has no acknowledgement, and an event published before it is registered is not delivered.
 */
async function listeningOn(channel: string) {
  const redis = new Redis(REDIS_URL);
  try {
    await expect
      .poll(async () => ((await redis.pubsub('NUMSUB', `${REDIS_PREFIX}events:${channel}`)) as [string, number])[1], { message: `an instance listens on ${channel}` })
      .toBeGreaterThan(0);
  } finally {
    await redis.quit();
  }
}

const composer = (page: Page) => page.getByRole('textbox', { name: /^Message to / });

test('a buyer on instance A and a provider on instance B chat live', async ({ browser }) => {
  const [a, b] = instances as [Instance, Instance];
  const buyer = await browserOn(browser, a);
  const provider = await browserOn(browser, b);
  await login(buyer.page.request, BUYER.email);
  await login(provider.page.request, PROVIDER.email);

  // The buyer's conversation with the provider (found or started), through instance A.
  const userIdOf = async (request: APIRequestContext) => (await gql<{ viewer: { userId: string } }>(request, '{ viewer { userId } }')).viewer.userId;
  const buyerId = await userIdOf(buyer.page.request);
  const providerId = await userIdOf(provider.page.request);
  const { openConversation } = await gql<{ openConversation: { __typename: string; message?: string; data?: { conversationId: string } } }>(
    buyer.page.request,
    `mutation ($input: OpenConversationInput!) {
      openConversation(input: $input) { __typename ... on MutationOpenConversationSuccess { data { conversationId } } ... on Error { message } }
    }`,
    { input: { userId: providerId } },
  );
  expect(openConversation.__typename, openConversation.message).toBe('MutationOpenConversationSuccess');
  const conversation = `/messaging?conversation=${encodeURIComponent(openConversation.data!.conversationId)}`;

  // Both have the thread open, each on their own instance.
  await buyer.page.goto(conversation);
  await provider.page.goto(conversation);
  const buyerThread = buyer.page.getByRole('log', { name: `Messages with ${PROVIDER.name}` });
  const providerThread = provider.page.getByRole('log', { name: `Messages with ${BUYER.name}` });
  await expect(buyerThread).toBeVisible();
  await expect(providerThread).toBeVisible();
  await listeningOn(`messageSent:${buyerId}`);
  await listeningOn(`messageSent:${providerId}`);

  // A -> B: sent on A, it shows on B without a reload.
  const question = `Do you cover the Nikkei 225 constituents? ${crypto.randomBytes(3).toString('hex')}`;
  await composer(buyer.page).fill(question);
  await composer(buyer.page).press('Enter');
  await expect(buyerThread.getByTestId('own-message').filter({ hasText: question })).toBeVisible();
  await expect(providerThread.getByTestId('their-message').filter({ hasText: question })).toBeVisible();

  // B -> A: the reply, sent on B, shows on A without a reload.
  const answer = `Yes, since 2015, tick by tick. ${crypto.randomBytes(3).toString('hex')}`;
  await composer(provider.page).fill(answer);
  await composer(provider.page).press('Enter');
  await expect(providerThread.getByTestId('own-message').filter({ hasText: answer })).toBeVisible();
  await expect(buyerThread.getByTestId('their-message').filter({ hasText: answer })).toBeVisible();

  // The conversation list on B follows too: the latest message, live.
  await expect(provider.page.getByTestId('conversation-row').filter({ hasText: BUYER.name })).toContainText(answer);

  await buyer.close();
  await provider.close();
});

test("a visitor's ticket opened on instance A gets the team's reply sent on instance B", async ({ playwright }) => {
  const [a, b] = instances as [Instance, Instance];
  const subject = `Sample file is empty ${crypto.randomBytes(4).toString('hex')}`;

  // A visitor without an account opens a ticket on A; the answer's cookie is their grant to it.
  const visitor = await playwright.request.newContext({ baseURL: a.base });
  const { createSupportTicket } = await gql<{ createSupportTicket: { __typename: string; message?: string; data?: { ticketId: string } } }>(
    visitor,
    `mutation ($input: CreateSupportTicketInput!) {
      createSupportTicket(input: $input) { __typename ... on MutationCreateSupportTicketSuccess { data { ticketId } } ... on Error { message } }
    }`,
    { input: { name: 'Noor Haddad', email: `noor-${crypto.randomBytes(3).toString('hex')}@example.com`, subject, message: 'The sample CSV of the FX feed has no rows.' } },
  );
  expect(createSupportTicket.__typename, createSupportTicket.message).toBe('MutationCreateSupportTicketSuccess');
  const ticketId = createSupportTicket.data!.ticketId;
  const cookie = (await visitor.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');

  // The visitor listens on A, as the widget does (graphql-ws with the grant cookie).
  const socket = createClient({
    url: `${a.base.replace('http', 'ws')}/graphql`,
    webSocketImpl: class extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols, { headers: { cookie } });
      }
    },
    retryAttempts: 0,
  });
  const received: Array<{ message: string; isFromAdmin: boolean; adminName: string | null }> = [];
  const failures: unknown[] = [];
  let listening!: () => void;
  const acknowledged = new Promise<void>((resolve) => (listening = resolve));
  socket.on('connected', () => listening());
  const stop = socket.subscribe<{ supportMessageAdded: (typeof received)[number] }>(
    { query: 'subscription ($ticketId: ID!) { supportMessageAdded(ticketId: $ticketId) { message isFromAdmin adminName } }', variables: { ticketId } },
    { next: ({ data, errors }) => (errors ? failures.push(errors) : data && received.push(data.supportMessageAdded)), error: (e) => failures.push(e), complete: () => {} },
  );
  await acknowledged;

  await listeningOn(`ticketUpdated:${ticketId}`);

  // The team answers on B; the reply reaches the visitor's socket on A.
  const admin = await playwright.request.newContext({ baseURL: b.base });
  await login(admin, ADMIN.email, ADMIN.password);
  const reply = 'A new sample is up: please download it again.';
  const { sendSupportMessage } = await gql<{ sendSupportMessage: { __typename: string; message?: string } }>(
    admin,
    'mutation ($input: SendSupportMessageInput!) { sendSupportMessage(input: $input) { __typename ... on Error { message } } }',
    { input: { ticketId, message: reply, senderName: ADMIN.name } },
  );
  expect(sendSupportMessage.__typename, sendSupportMessage.message).toBe('MutationSendSupportMessageSuccess');
  await expect.poll(() => received.length, { message: "the team's reply on the visitor's socket on A" }).toBe(1);
  expect(failures).toEqual([]);
  expect(received[0]).toEqual({ message: reply, isFromAdmin: true, adminName: ADMIN.name });

  stop();
  await socket.dispose();
  await admin.dispose();
  await visitor.dispose();
});

test("a logout on instance B ends the same session's live socket on instance A: the page turns to a visitor's, with one reconnect", async ({ browser }) => {
  const [a, b] = instances as [Instance, Instance];
  const buyer = await browserOn(browser, a);
  await login(buyer.page.request, BUYER.email);
  const { viewer } = await gql<{ viewer: { userId: string } }>(buyer.page.request, '{ viewer { userId } }');
  const sockets: Array<import('@playwright/test').WebSocket> = [];
  buyer.page.on('websocket', (socket) => sockets.push(socket));

  await buyer.page.goto('/messaging');
  await expect(buyer.page.getByText('Talk to buyers and providers about their contracts')).toBeVisible();
  await expect(buyer.page.getByRole('link', { name: 'JOIN PIT' })).toHaveCount(0);
  await listeningOn(`messageSent:${viewer.userId}`);
  expect(sockets).toHaveLength(1);

  // The same session ends on the other instance (another tab of the user, behind the balancer).
  const cookie = (await buyer.page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const logout = await fetch(`${b.base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ query: 'mutation { logout { message } }' }),
  });
  expect(logout.status).toBe(200);

  // A's socket of that session is closed; the page shows what a visitor sees, without a reload.
  await expect.poll(() => sockets[0]!.isClosed(), { message: "the ended session's socket on A closes" }).toBe(true);
  await expect(buyer.page.getByText('Please log in to access your messages.')).toBeVisible();
  await expect(buyer.page.getByRole('link', { name: 'JOIN PIT' })).toBeVisible();
  // One new socket (public live data goes on), and no reconnect loop with the dead cookie.
  await expect.poll(() => sockets.length).toBe(2);
  await buyer.page.waitForTimeout(4000);
  expect(sockets).toHaveLength(2);
  expect(sockets[1]!.isClosed()).toBe(false);
  await buyer.close();
});
