// The processes a benchmark measures: the built app and the bare baselines, each a child process
// on 127.0.0.1, started, waited for and stopped here.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/** The built server (`npm run build`); BENCH_SERVER points at another build, e.g. one of your own. */
export const APP_ENTRY = process.env.BENCH_SERVER ?? 'dist/server/server.js';

export type Baseline = 'node-http' | 'yoga';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitUntilUp(child: ChildProcess, url: string, what: string): Promise<ChildProcess> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited with ${child.exitCode ?? child.signalCode} before it was up`);
    try {
      const res = await fetch(url, url.endsWith('/graphql') ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' } : {});
      await res.arrayBuffer();
      if (res.ok) return child;
    } catch {
      /* not up yet */
    }
    await sleep(250);
  }
  child.kill('SIGKILL');
  throw new Error(`${what} was not up within 180 s`);
}

/** A bare baseline (bench/baselines.ts) in a process of its own, production mode like the app. */
export function startBaseline(kind: Baseline, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/baselines.ts', kind, String(port)], {
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return waitUntilUp(child, `http://127.0.0.1:${port}${kind === 'yoga' ? '/graphql' : '/'}`, `the ${kind} baseline`);
}

export interface AppOptions {
  port: number;
  dataDir: string;
  /** PostgreSQL; absent means the embedded database in dataDir. */
  databaseUrl?: string;
}

/**
 * The built app as production runs it, with the demo market (DEMO_DATA=1: seeded into an empty
 * database; bench databases are prepared beforehand, so it only turns the demo accounts on).
 * REDIS_URL only when BENCH_REDIS_URL asks for it: one process needs no shared store.
 */
export function startApp(opts: AppOptions): Promise<ChildProcess> {
  if (!fs.existsSync(APP_ENTRY)) throw new Error(`${APP_ENTRY} is missing: run \`npm run build\` (or set BENCH_SERVER)`);
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SESSION_SECRET', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'TRUST_PROXY']) delete env[name];
  Object.assign(env, {
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    DEMO_DATA: '1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${opts.port}`,
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...(process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
  });
  const child = spawn(process.execPath, [APP_ENTRY], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  return waitUntilUp(child, `http://127.0.0.1:${opts.port}/readyz`, 'the app');
}

/** SIGTERM, then SIGKILL if it is still there after 15 s; resolves when the process is gone. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited;
  }
}

/** Fails early when something already listens on a port the run needs. */
export async function assertPortsFree(ports: number[]): Promise<void> {
  for (const port of ports) {
    const busy = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.setTimeout(1000);
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
      socket.once('timeout', () => (socket.destroy(), resolve(false)));
    });
    if (busy) throw new Error(`port ${port} is already in use: stop what listens there or set BENCH_PORT`);
  }
}
