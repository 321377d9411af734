import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Client } from 'graphql-ws';
import { percentile, scratchDatabase, sleep, stopServer } from './pay-server.ts';
import { seedPairs, type Pair, type Participant } from './chat-pairs.ts';
import { cpuMs, PORT, REDIS_URL, rssKiB, startServer, wsClient } from './sub-server.ts';

// The conversations run of bench/subscribers.ts (what it measures is said there): pairs of users,
// each on its own socket subscribed to messageReceived, messages posted paced and in rounds.

const CONNECTIONS = Number(process.env.SUB_CONNECTIONS ?? 1000);
const PAIRS = Math.floor(CONNECTIONS / 2);
const RATE = Number(process.env.SUB_RATE ?? 20);
const PACED_SECONDS = Number(process.env.SUB_SECONDS ?? 15);
const ROUNDS = Number(process.env.SUB_ROUNDS ?? 10);
const ROUND_SIZE = Number(process.env.SUB_ROUND_SIZE ?? 100);
/** Connections being opened at once: a real crowd arrives over time, not in one SYN flood. */
const OPEN_PARALLEL = 50;
const DELIVERY_TIMEOUT_MS = 60_000;
const CHECK_PARALLEL = 10;

const SUBSCRIPTION = 'subscription BenchMessages { messageReceived { messageId conversationId senderId content } }';
const SEND = `mutation BenchSend($input: SendMessageInput!) {
  sendMessage(input: $input) { __typename ... on MutationSendMessageSuccess { data { messageId } } ... on Error { message } }
}`;

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
