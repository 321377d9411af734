import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Client } from 'graphql-ws';
import { BENCH_PASSWORD, scratchDatabase, sleep, stopServer } from './pay-server.ts';
import { cpuMs, PORT, rssKiB, startServer, wsClient } from './sub-server.ts';

// The market run of bench/subscribers.ts (SUB_RUNS=market): one public event pushed to thousands
// of marketStats subscriptions, and what that costs the server.

const MARKET_SOCKETS = Number(process.env.SUB_MARKET_SOCKETS ?? 2);
const MARKET_PER_SOCKET = Number(process.env.SUB_MARKET_PER_SOCKET ?? 2000);

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
