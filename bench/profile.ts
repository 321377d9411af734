// `npm run bench:profile -- "<case name part>" [seconds]`: where one benchmark case spends the
// server's CPU. Prepares a scratch PostgreSQL database as `npm run bench` does, starts the built app
// with the inspector on loopback, warms the case up, then records V8's sampling profiler only while
// wrk drives the case, and prints the functions with the most self time and the same time by
// package. The .cpuprofile file is kept for Chrome DevTools (Performance > Load profile).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { cases, casePath, caseHeaders, prepareTarget } from './cases.ts';
import { prepareMarket } from './market-data.ts';
import { scratchDatabase } from './pay-server.ts';
import { APP_ENTRY, stopProcess } from './servers.ts';
import { runWrk } from './wrk.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4979);
const INSPECTOR_PORT = PORT + 1;

/** A minimal Chrome DevTools Protocol client for the app's inspector: Profiler.start / stop. */
async function inspector(port: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let next = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<any>((resolve, reject) => {
      const id = ++next;
      const onMessage = (data: WebSocket.RawData) => {
        const msg = JSON.parse(String(data));
        if (msg.id !== id) return;
        socket.off('message', onMessage);
        if (msg.error) reject(new Error(msg.error.message));
        else resolve(msg.result);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { call, close: () => socket.close() };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Which package (or part of the app) a script belongs to. */
function owner(url: string): string {
  if (!url) return '(native / V8)';
  if (url.startsWith('node:')) return 'node core';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  return url.includes('dist/server') ? 'app (dist/server)' : url;
}

export function summarize(profile: CpuProfile, top = 30): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i]!, (self.get(profile.samples[i]!) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const total = [...self.values()].reduce((a, b) => a + b, 0) || 1;
  const idle = [...self].filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)').reduce((a, [, t]) => a + t, 0);
  const busy = total - idle || 1;
  const fns = new Map<string, number>();
  const pkgs = new Map<string, number>();
  for (const [id, t] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') continue;
    const key = `${functionName || '(anonymous)'} ${owner(url)}${url ? `:${lineNumber + 1}` : ''}`;
    fns.set(key, (fns.get(key) ?? 0) + t);
    pkgs.set(owner(url), (pkgs.get(owner(url)) ?? 0) + t);
  }
  const pct = (t: number) => `${((100 * t) / busy).toFixed(1).padStart(5)}%`;
  const lines = [`busy ${(busy / 1e6).toFixed(1)} s of ${(total / 1e6).toFixed(1)} s sampled (${((100 * busy) / total).toFixed(0)}%); shares below are of busy time`, '', 'by package:'];
  for (const [k, t] of [...pkgs].sort((a, b) => b[1] - a[1]).slice(0, 15)) lines.push(`${pct(t)}  ${k}`);
  lines.push('', 'functions by self time:');
  for (const [k, t] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`${pct(t)}  ${k}`);
  return lines;
}

async function main() {
  const [pattern, secondsArg] = process.argv.slice(2);
  const c = cases.find((x) => pattern && x.name.toLowerCase().includes(pattern.toLowerCase()));
  if (!c) throw new Error(`name a case (part of its name): ${cases.map((x) => JSON.stringify(x.name)).join(', ')}`);
  const seconds = Number(secondsArg ?? 10);
  const db = await scratchDatabase('bench_profile');
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-profile-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-profile-data-'));
  let app: ChildProcess | undefined;
  try {
    await prepareMarket({ url: db.url });
    app = spawn(process.execPath, [`--inspect=127.0.0.1:${INSPECTOR_PORT}`, APP_ENTRY], {
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: db.url,
        DEMO_DATA: '1',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        REDIS_URL: '',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const base = `http://127.0.0.1:${PORT}`;
    for (let i = 0; ; i++) {
      if (i > 600) throw new Error('the app did not come up');
      if (await fetch(`${base}/readyz`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const target = await prepareTarget(base);
    const req = { url: base + casePath(c, target), method: c.method, headers: caseHeaders(c, target), body: c.body, varyingBody: c.varyingBody };
    await runWrk(req, { connections: 10, seconds: 3 });
    const devtools = await inspector(INSPECTOR_PORT);
    await devtools.call('Profiler.enable');
    await devtools.call('Profiler.start');
    const result = await runWrk(req, { connections: 10, seconds });
    const { profile } = await devtools.call('Profiler.stop');
    devtools.close();
    console.log(`${c.name}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms (with the profiler on)`);
    const file = path.join(profileDir, 'case.cpuprofile');
    fs.writeFileSync(file, JSON.stringify(profile));
    console.log(summarize(profile).join('\n'));
    console.log(`\nprofile: ${file}`);
  } finally {
    if (app) await stopProcess(app);
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
