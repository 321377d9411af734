import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import WebSocket from 'ws';
import { createClient, type Client } from 'graphql-ws';
import { Redis } from 'ioredis';
import { sleep } from './pay-server.ts';

// The server the live-connection benchmarks (bench/subscribers.ts) load, what it costs as the
// kernel sees it (/proc), and the sockets they open to it.

export const PORT = Number(process.env.BENCH_PORT ?? 4441);
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function rssKiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]);
}

/** CPU time (user + system) the process has used so far, in ms (/proc/<pid>/stat, 100 ticks a second). */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The server (from source, or BENCH_ENTRY: a built server.js), production mode, demo data off; waits for /readyz. */
export async function startServer(env: Record<string, string>, nodeArgs: string[]): Promise<ChildProcess> {
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

export function wsClient(base: string, cookie: string): Client {
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

export async function redisReachable(): Promise<boolean> {
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
