// The live conversations benchmark (npm run bench:subscribers): SUB_CONNECTIONS (1,000) users, in
// pairs, each pair one conversation, each user on its own graphql-ws connection subscribed to
// messageReceived. This process is the load generator; the server runs from source (tsx) as a
// child process on a scratch PostgreSQL database (BENCH_DATABASE_URL), once with its in-process
// event bus and once with REDIS_URL (BENCH_REDIS_URL, default redis://127.0.0.1:6379; SUB_RUNS picks
// the runs: memory,redis). Users, their sessions and conversations are written straight into the
// database and the session cookies signed with the server's secret: logins are not measured.
//
// Measured, per run:
// - memory per connection: the server's VmRSS (/proc/<pid>/status) before the connections are
//   opened and after all are open and subscribed, over their count;
// - paced: SUB_RATE (20) messages a second for SUB_SECONDS (15) s, each in a random conversation,
//   from post (the request leaving) to the delivery on the recipient's and on the sender's socket;
// - rounds: SUB_ROUNDS (10) times, SUB_ROUND_SIZE (100) conversations, at random, get a message at
//   the same moment (100 posts, 200 deliveries); "post -> last delivery" of each round and every
//   delivery. A failed post is reported and counted, its deliveries are not waited for.
// Goal: delivery p99 at most 200 ms at the paced rate (read, not enforced). Exit 1 when a post
// fails or a delivery is missing.
// The market run (SUB_RUNS=market): SUB_MARKET_SOCKETS (2) anonymous connections, each with
// SUB_MARKET_PER_SOCKET (2,000) `marketStats` subscriptions (the server's
// WS_MAX_SUBSCRIPTIONS_PER_SOCKET is raised to fit), then one registration: the server's CPU time
// and RSS from the registration to the last subscriber's push (docs/performance.md "One public
// event, thousands of subscribers").
// BENCH_ENTRY=<file> runs a built server (node <file>) instead of the source through tsx.
// SUB_CPU_PROF=<dir> writes a V8 CPU profile of the server there (node --cpu-prof) when it stops.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { createClient, type Client } from 'graphql-ws';
import { Redis } from 'ioredis';
import { openDatabase } from '../api/db/database.ts';
import { signSession, SESSION_COOKIE, SESSION_TTL_SECONDS } from '../api/auth/session.ts';
import { BENCH_PASSWORD, percentile, scratchDatabase, sleep, stopServer } from './pay-server.ts';

const CONNECTIONS = Number(process.env.SUB_CONNECTIONS ?? 1000);
const PAIRS = Math.floor(CONNECTIONS / 2);
const RATE = Number(process.env.SUB_RATE ?? 20);
const PACED_SECONDS = Number(process.env.SUB_SECONDS ?? 15);
const ROUNDS = Number(process.env.SUB_ROUNDS ?? 10);
const ROUND_SIZE = Number(process.env.SUB_ROUND_SIZE ?? 100);
const PORT = Number(process.env.BENCH_PORT ?? 4441);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MARKET_SOCKETS = Number(process.env.SUB_MARKET_SOCKETS ?? 2);
const MARKET_PER_SOCKET = Number(process.env.SUB_MARKET_PER_SOCKET ?? 2000);
const RUNS = (process.env.SUB_RUNS ?? 'memory,redis').split(',').map((s) => s.trim()).filter(Boolean);
/** Connections being opened at once: a real crowd arrives over time, not in one SYN flood. */
const OPEN_PARALLEL = 50;
const DELIVERY_TIMEOUT_MS = 60_000;
const CHECK_PARALLEL = 10;

const SUBSCRIPTION = 'subscription BenchMessages { messageReceived { messageId conversationId senderId content } }';
const SEND = `mutation BenchSend($input: SendMessageInput!) {
  sendMessage(input: $input) { __typename ... on MutationSendMessageSuccess { data { messageId } } ... on Error { message } }
}`;

interface Participant {
  id: string;
  cookie: string;
}
interface Pair {
  conversationId: string;
  a: Participant;
  b: Participant;
}

interface Sent {
  postedAt: number;
  answeredAt?: number;
  senderId: string;
  recipientId: string;
  /** Delivery times on the recipient's and the sender's socket. */
  toRecipient?: number;
  toSender?: number;
  error?: string;
}

export interface Stats {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export interface RunReport {
  bus: 'memory' | 'redis';
  connections: number;
  openSeconds: number;
  rssBeforeMiB: number;
  rssAfterMiB: number;
  kibPerConnection: number;
  paced: { rate: number; cpuMsPerPost: number; serverBusy: number; posts: number; answer: Stats; recipient: Stats; sender: Stats; all: Stats; afterAnswer: Stats; missing: number; errors: number };
  rounds: { posts: number; cpuMsPerPost: number; lastDelivery: number[]; roundMedian: number; roundP99: number; deliveries: Stats; answer: Stats; missing: number; errors: number };
}

const stats = (values: number[]): Stats => ({
  count: values.length,
  p50: percentile(values, 50),
  p99: percentile(values, 99),
  max: values.length ? Math.round(Math.max(...values) * 10) / 10 : NaN,
});

function rssKiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]);
}

/** CPU time (user + system) the process has used so far, in ms (/proc/<pid>/stat, 100 ticks a second). */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The server (from source, or BENCH_ENTRY: a built server.js), production mode, demo data off; waits for /readyz. */
async function startServer(env: Record<string, string>, nodeArgs: string[]): Promise<ChildProcess> {
  const entry = process.env.BENCH_ENTRY ? [process.env.BENCH_ENTRY] : ['--import', 'tsx', 'api/server.ts'];
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    env: {
      ...process.env,
      REDIS_URL: '',
      ...env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DEMO_DATA: '0',
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      LOG_LEVEL: 'warn',
      // Stopping must not outlast stopServer's patience (a CPU profile is written on exit only).
      SHUTDOWN_DRAIN_MS: '3000',
      // It measures delivery, not the per-user message limit (a small SUB_CONNECTIONS sends many per user).
      MESSAGE_LIMIT_PER_USER: '1000000',
    },
    // The server's log (stdout) goes to stderr, so stdout is the report alone.
    stdio: ['ignore', process.stderr, 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited with ${child.exitCode ?? child.signalCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/readyz`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error('the server did not become ready within 120 s');
}

/** `pairs` verified users two by two, one conversation per pair, one live session per user. */
async function seedPairs(databaseUrl: string, secret: Uint8Array, pairs: number, prefix: string): Promise<Pair[]> {
  const database = await openDatabase({ url: databaseUrl });
  const db = database.prisma;
  try {
    const now = new Date();
    const expiresAt = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
    const users = Array.from({ length: pairs * 2 }, (_, i) => ({
      id: crypto.randomUUID(),
      name: `${prefix} chatter ${i}`,
      username: `${prefix}_chatter_${i}`,
      email: `${prefix}-chatter-${i}@bench.local`,
      // Never logged in with: sessions are written below.
      passwordHash: 'bench-no-login',
      emailVerifiedAt: now,
    }));
    await db.user.createMany({ data: users });
    const sessions = users.map((u) => ({ id: crypto.randomUUID(), userId: u.id, expiresAt }));
    await db.session.createMany({ data: sessions });
    const conversations = Array.from({ length: pairs }, () => ({ id: crypto.randomUUID(), lastMessageAt: now }));
    await db.conversation.createMany({ data: conversations });
    await db.conversationParticipant.createMany({
      data: conversations.flatMap((c, i) => [
        { conversationId: c.id, userId: users[2 * i]!.id },
        { conversationId: c.id, userId: users[2 * i + 1]!.id },
      ]),
    });
    const cookies = await Promise.all(sessions.map(async (s) => `${SESSION_COOKIE}=${await signSession(secret, s)}`));
    return conversations.map((c, i) => ({
      conversationId: c.id,
      a: { id: users[2 * i]!.id, cookie: cookies[2 * i]! },
      b: { id: users[2 * i + 1]!.id, cookie: cookies[2 * i + 1]! },
    }));
  } finally {
    await database.close();
  }
}

function wsClient(base: string, cookie: string): Client {
  return createClient({
    url: `ws://${base}/graphql`,
    webSocketImpl: class extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols, { headers: { cookie } });
      }
    },
    lazy: false,
    retryAttempts: 0,
    keepAlive: 0,
  });
}

export async function benchSubscribers(bus: 'memory' | 'redis'): Promise<RunReport> {
  const base = `127.0.0.1:${PORT}`;
  const scratch = await scratchDatabase('pit_bench_sub');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-bench-sub-'));
  const secret = crypto.randomBytes(32).toString('base64url');
  const profileDir = process.env.SUB_CPU_PROF;
  let server: ChildProcess | undefined;
  const clients: Client[] = [];
  try {
    server = await startServer(
      // The 1,000 users are one address here: WS_MAX_SOCKETS_PER_IP is raised to let them all in.
      { DATABASE_URL: scratch.url, DATA_DIR: dataDir, SESSION_SECRET: secret, WS_MAX_SOCKETS_PER_IP: String(CONNECTIONS + 10), ...(bus === 'redis' ? { REDIS_URL } : {}) },
      profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`, `--cpu-prof-name=server-${bus}-${Date.now()}.cpuprofile`] : [],
    );
    const pid = server.pid!;
    const pairs = await seedPairs(scratch.url, new TextEncoder().encode(secret), PAIRS, `sub${bus}`);
    const who = new Map<string, Participant>();
    for (const p of pairs) {
      who.set(p.a.id, p.a);
      who.set(p.b.id, p.b);
    }

    const sent = new Map<string, Sent>();
    let seq = 0;
    const post = (pair: Pair, fromA: boolean, tag: string): Sent => {
      const from = fromA ? pair.a : pair.b;
      const to = fromA ? pair.b : pair.a;
      const content = `${tag} ${seq++}`;
      const entry: Sent = { postedAt: performance.now(), senderId: from.id, recipientId: to.id };
      sent.set(content, entry);
      fetch(`http://${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: from.cookie },
        body: JSON.stringify({ query: SEND, variables: { input: { conversationId: pair.conversationId, content } } }),
      })
        .then(async (res) => {
          const body = (await res.json()) as { data?: { sendMessage?: { __typename: string; message?: string } }; errors?: unknown };
          entry.answeredAt = performance.now();
          if (body.data?.sendMessage?.__typename !== 'MutationSendMessageSuccess') entry.error = JSON.stringify(body).slice(0, 300);
        })
        .catch((error: Error) => {
          entry.answeredAt = performance.now();
          entry.error = error.message;
        });
      return entry;
    };
    const delivered = (entries: Sent[]) => entries.every((e) => e.error || (e.toRecipient !== undefined && e.toSender !== undefined));
    const waitFor = async (entries: Sent[]) => {
      const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
      while (!delivered(entries) && Date.now() < deadline) await sleep(5);
    // A post whose answer is still out may yet fail: wait for the answers too.
    while (entries.some((e) => e.answeredAt === undefined) && Date.now() < deadline) await sleep(5);
    };

    // Warm-up with no one listening: JIT, the pool, the first statements.
    const warm = Array.from({ length: 40 }, (_, i) => post(pairs[i % pairs.length]!, i % 2 === 0, 'warm'));
    while (warm.some((e) => e.answeredAt === undefined)) await sleep(10);
    await sleep(2000);
    const rssBefore = rssKiB(pid);

    console.error(`${bus}: opening ${pairs.length * 2} connections...`);
    const openStarted = performance.now();
    const everyone = pairs.flatMap((p) => [p.a, p.b]);
    let next = 0;
    let subscribeErrors = 0;
    const opener = async () => {
      while (next < everyone.length) {
        const me = everyone[next++]!;
        const client = wsClient(base, me.cookie);
        clients.push(client);
        await new Promise<void>((resolve, reject) => {
          const off = client.on('connected', () => {
            off();
            resolve();
          });
          client.on('closed', (event) => reject(new Error(`connection closed: ${(event as { code?: number }).code}`)));
        });
        client.subscribe<{ messageReceived: { content: string } }>(
          { query: SUBSCRIPTION },
          {
            next: ({ data }) => {
              const at = performance.now();
              const entry = data && sent.get(data.messageReceived.content);
              if (!entry) return;
              if (me.id === entry.recipientId) entry.toRecipient = at - entry.postedAt;
              else if (me.id === entry.senderId) entry.toSender = at - entry.postedAt;
            },
            error: (error) => {
              subscribeErrors++;
              console.error(`subscription of ${me.id} failed: ${JSON.stringify(error).slice(0, 300)}`);
            },
            complete: () => {},
          },
        );
      }
    };
    await Promise.all(Array.from({ length: OPEN_PARALLEL }, opener));
    const openSeconds = (performance.now() - openStarted) / 1000;

    // Every subscription is live once one message per conversation reached both participants
    // (posted CHECK_PARALLEL at a time: this checks the sockets, it does not load the server).
    const check: Sent[] = [];
    for (let i = 0; i < pairs.length; i += CHECK_PARALLEL) {
      const batch = pairs.slice(i, i + CHECK_PARALLEL).map((p, k) => post(p, (i + k) % 2 === 1, 'check'));
      check.push(...batch);
      await waitFor(batch);
    }
    const unchecked = check.filter((e) => e.error || e.toRecipient === undefined || e.toSender === undefined).length;
    if (unchecked || subscribeErrors) {
      const errors = [...new Set(check.filter((e) => e.error).map((e) => e.error))].slice(0, 5);
      throw new Error(`${unchecked} conversations did not deliver the check message; ${subscribeErrors} subscriptions failed; post errors: ${errors.join(' | ')}`);
    }
    await sleep(2000);
    const rssAfter = rssKiB(pid);
    console.error(`${bus}: ${everyone.length} subscribed in ${openSeconds.toFixed(1)} s; RSS ${(rssBefore / 1024).toFixed(0)} -> ${(rssAfter / 1024).toFixed(0)} MiB`);

    // Paced: RATE posts a second, each in a random conversation, alternating who writes.
    const pacedPosts = Math.round(RATE * PACED_SECONDS);
    const paced: Sent[] = [];
    const pacedStart = performance.now();
    const pacedCpu = cpuMs(pid);
    for (let i = 0; i < pacedPosts; i++) {
      const due = pacedStart + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      paced.push(post(pairs[crypto.randomInt(pairs.length)]!, i % 2 === 0, 'paced'));
    }
    await waitFor(paced);
    const pacedCpuMs = cpuMs(pid) - pacedCpu;
    const pacedWallMs = performance.now() - pacedStart;
    console.error(`${bus}: paced ${pacedPosts} posts done, server CPU ${(pacedCpuMs / pacedPosts).toFixed(1)} ms a post`);
    await sleep(1000);

    // Rounds: ROUND_SIZE conversations (distinct, at random) get a message at the same moment.
    const roundEntries: Sent[] = [];
    const lastDelivery: number[] = [];
    const roundsCpu = cpuMs(pid);
    for (let r = 0; r < ROUNDS; r++) {
      const started = performance.now();
      const chosen = [...pairs].sort(() => Math.random() - 0.5).slice(0, Math.min(ROUND_SIZE, pairs.length));
      const round = chosen.map((p, i) => post(p, (i + r) % 2 === 0, `round${r}`));
      await waitFor(round);
      // Every post of the round leaves within a few ms of `started`; the round ends at its last delivery.
      const end = Math.max(...round.map((e) => e.postedAt + Math.max(e.toRecipient ?? 0, e.toSender ?? 0)));
      lastDelivery.push(Math.round((end - started) * 10) / 10);
      roundEntries.push(...round);
      console.error(`${bus}: round ${r + 1}: post -> last delivery ${lastDelivery.at(-1)} ms`);
      await sleep(1000);
    }
    const roundsCpuMs = cpuMs(pid) - roundsCpu;

    const deliveries = (entries: Sent[], side: 'toRecipient' | 'toSender' | 'both') =>
      entries.flatMap((e) => (side === 'both' ? [e.toRecipient, e.toSender] : [e[side]])).filter((v): v is number => v !== undefined);
    const missing = (entries: Sent[]) => entries.filter((e) => !e.error).reduce((n, e) => n + (e.toRecipient === undefined ? 1 : 0) + (e.toSender === undefined ? 1 : 0), 0);
    const answers = (entries: Sent[]) => entries.filter((e) => e.answeredAt !== undefined && !e.error).map((e) => e.answeredAt! - e.postedAt);
    for (const e of [...paced, ...roundEntries].filter((x) => x.error).slice(0, 10)) console.error(`post failed: ${e.error}`);
    return {
      bus,
      connections: everyone.length,
      openSeconds: Math.round(openSeconds * 10) / 10,
      rssBeforeMiB: Math.round(rssBefore / 102.4) / 10,
      rssAfterMiB: Math.round(rssAfter / 102.4) / 10,
      kibPerConnection: Math.round(((rssAfter - rssBefore) / everyone.length) * 10) / 10,
      paced: {
        rate: RATE,
        cpuMsPerPost: Math.round((pacedCpuMs / paced.length) * 10) / 10,
        serverBusy: Math.round((pacedCpuMs / pacedWallMs) * 100) / 100,
        posts: paced.length,
        answer: stats(answers(paced)),
        recipient: stats(deliveries(paced, 'toRecipient')),
        sender: stats(deliveries(paced, 'toSender')),
        all: stats(deliveries(paced, 'both')),
        // What the subscription adds after the send is done (negative: delivered before the answer).
        afterAnswer: stats(paced.filter((e) => !e.error && e.toRecipient !== undefined).map((e) => e.toRecipient! - (e.answeredAt! - e.postedAt))),
        missing: missing(paced),
        errors: paced.filter((e) => e.error).length,
      },
      rounds: {
        posts: Math.min(ROUND_SIZE, pairs.length),
        lastDelivery,
        roundMedian: percentile(lastDelivery, 50),
        roundP99: percentile(lastDelivery, 99),
        cpuMsPerPost: Math.round((roundsCpuMs / roundEntries.length) * 10) / 10,
        deliveries: stats(deliveries(roundEntries, 'both')),
        answer: stats(answers(roundEntries)),
        missing: missing(roundEntries),
        errors: roundEntries.filter((e) => e.error).length,
      },
    };
  } finally {
    await Promise.allSettled(clients.map((c) => c.dispose()));
    if (server) await stopServer(server);
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface MarketReport {
  sockets: number;
  perSocket: number;
  subscriptions: number;
  /** From the registration's request to the last subscriber's push. */
  lastPushMs: number;
  cpuMs: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
  rssAfterMiB: number;
  missing: number;
}

const MARKET_SUBSCRIPTION = 'subscription BenchMarket { marketStats { activeContracts totalContracts totalUsers activeUsers totalVolume volumeToday totalTransactions } }';

/** One public event (a registration) pushed to MARKET_SOCKETS x MARKET_PER_SOCKET marketStats subscriptions. */
export async function benchMarketFigures(): Promise<MarketReport> {
  const base = `127.0.0.1:${PORT}`;
  const scratch = await scratchDatabase('pit_bench_market');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-bench-market-'));
  const clients: Client[] = [];
  let server: ChildProcess | undefined;
  try {
    server = await startServer(
      {
        DATABASE_URL: scratch.url,
        DATA_DIR: dataDir,
        SESSION_SECRET: crypto.randomBytes(32).toString('base64url'),
        WS_MAX_SUBSCRIPTIONS_PER_SOCKET: String(Math.max(50, MARKET_PER_SOCKET)),
        WS_MAX_SOCKETS_PER_IP: String(Math.max(20, MARKET_SOCKETS)),
      },
      [],
    );
    const pid = server.pid!;
    const pushes: number[] = [];
    let failures = 0;
    for (let s = 0; s < MARKET_SOCKETS; s++) {
      const client = wsClient(base, '');
      clients.push(client);
      for (let i = 0; i < MARKET_PER_SOCKET; i++) {
        const slot = pushes.push(0) - 1;
        client.subscribe({ query: MARKET_SUBSCRIPTION }, { next: () => void (pushes[slot]! += 1), error: () => void (failures += 1), complete: () => {} });
      }
    }
    let registered = 0;
    const register = async () => {
      const n = registered++;
      const res = await fetch(`http://${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Bench ${n}`, email: `bench-${n}@bench.local`, username: `bench_${n}`, password: BENCH_PASSWORD, confirmPassword: BENCH_PASSWORD }),
      });
      if (res.status !== 201) throw new Error(`registration answered ${res.status}: ${await res.text()}`);
    };
    const everyoneHas = async (n: number, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (pushes.some((p) => p < n) && Date.now() < deadline) await sleep(5);
    };
    // Warm-up: every subscription is live once the first registration reached it.
    await sleep(2000);
    await register();
    await everyoneHas(1, 120_000);
    if (failures || pushes.some((p) => p < 1)) throw new Error(`${failures} subscriptions failed, ${pushes.filter((p) => p < 1).length} got nothing`);
    await sleep(2000);

    const rssBefore = rssKiB(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssKiB(pid))), 20);
    const cpuBefore = cpuMs(pid);
    const started = performance.now();
    await register();
    await everyoneHas(2, 120_000);
    const lastPushMs = performance.now() - started;
    const cpu = cpuMs(pid) - cpuBefore;
    await sleep(1000);
    clearInterval(sampler);
    const rssAfter = rssKiB(pid);
    return {
      sockets: MARKET_SOCKETS,
      perSocket: MARKET_PER_SOCKET,
      subscriptions: pushes.length,
      lastPushMs: Math.round(lastPushMs),
      cpuMs: cpu,
      rssBeforeMiB: Math.round(rssBefore / 102.4) / 10,
      rssPeakMiB: Math.round(rssPeak / 102.4) / 10,
      rssAfterMiB: Math.round(rssAfter / 102.4) / 10,
      missing: pushes.filter((p) => p < 2).length,
    };
  } finally {
    await Promise.allSettled(clients.map((c) => c.dispose()));
    if (server) await stopServer(server);
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function marketMarkdown(r: MarketReport): string[] {
  return [
    '| sockets × subscriptions | registration → last push ms | server CPU ms | RSS before → peak → after MiB | missing pushes |',
    '| --- | ---: | ---: | --- | ---: |',
    `| ${r.sockets} × ${r.perSocket} | ${r.lastPushMs} | ${r.cpuMs} | ${r.rssBeforeMiB} → ${r.rssPeakMiB} → ${r.rssAfterMiB} | ${r.missing} |`,
  ];
}

async function redisReachable(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** The report as markdown lines (docs/performance.md). */
export function subscribersMarkdown(reports: RunReport[]): string[] {
  const s = (x: Stats) => `${x.p50} | ${x.p99} | ${x.max}`;
  return [
    '| event bus | connections | opened in s | RSS before → after MiB | KiB per connection |',
    '| --- | ---: | ---: | --- | ---: |',
    ...reports.map((r) => `| ${r.bus} | ${r.connections} | ${r.openSeconds} | ${r.rssBeforeMiB} → ${r.rssAfterMiB} | ${r.kibPerConnection} |`),
    '',
    '| event bus | measured | count | p50 ms | p99 ms | max ms |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...reports.flatMap((r) => [
      `| ${r.bus} | paced ${r.paced.rate}/s: post → answer of sendMessage | ${r.paced.answer.count} | ${s(r.paced.answer)} |`,
      `| ${r.bus} | paced ${r.paced.rate}/s: post → delivery to the recipient | ${r.paced.recipient.count} | ${s(r.paced.recipient)} |`,
      `| ${r.bus} | paced ${r.paced.rate}/s: post → delivery to the sender's socket | ${r.paced.sender.count} | ${s(r.paced.sender)} |`,
      `| ${r.bus} | paced ${r.paced.rate}/s: answer → delivery to the recipient (< 0: before the answer) | ${r.paced.afterAnswer.count} | ${s(r.paced.afterAnswer)} |`,
      `| ${r.bus} | rounds of ${r.rounds.posts} posts at once: post → answer | ${r.rounds.answer.count} | ${s(r.rounds.answer)} |`,
      `| ${r.bus} | rounds of ${r.rounds.posts} posts at once: post → each delivery | ${r.rounds.deliveries.count} | ${s(r.rounds.deliveries)} |`,
      `| ${r.bus} | rounds: post → last delivery of the round | ${r.rounds.lastDelivery.length} | ${r.rounds.roundMedian} | ${r.rounds.roundP99} | ${Math.max(...r.rounds.lastDelivery)} |`,
    ]),
    '',
    ...reports.map(
      (r) =>
        `${r.bus}: server CPU per post (its 2 deliveries included) ${r.paced.cpuMsPerPost} ms paced, ${r.rounds.cpuMsPerPost} ms in rounds; ` +
        `server busy ${Math.round(r.paced.serverBusy * 100)}% of one core while paced; missing deliveries ${r.paced.missing + r.rounds.missing}, failed posts ${r.paced.errors + r.rounds.errors}.`,
    ),
  ];
}

async function main() {
  const reports: RunReport[] = [];
  for (const run of RUNS) {
    if (run === 'market') {
      const market = await benchMarketFigures();
      console.log(marketMarkdown(market).join('\n'));
      console.log(JSON.stringify({ market }));
      if (market.missing) process.exitCode = 1;
      continue;
    }
    if (run !== 'memory' && run !== 'redis') throw new Error(`SUB_RUNS: unknown run ${run} (memory, redis, market)`);
    if (run === 'redis' && !(await redisReachable())) {
      console.error(`redis: ${REDIS_URL} unreachable, run skipped`);
      continue;
    }
    reports.push(await benchSubscribers(run));
  }
  if (!reports.length) return;
  console.log(subscribersMarkdown(reports).join('\n'));
  console.log(JSON.stringify({ reports, machine: `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), Node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}` }));
  if (reports.some((r) => r.paced.missing || r.rounds.missing || r.paced.errors || r.rounds.errors)) process.exitCode = 1;
}

await main();
