// Uploads that once took the server down, against a real server: a 200 MB CSV whose second line
// is one long line, 10,000 columns x 4,000 rows, NDJSON whose records each add a key, and a plain
// 200 MB CSV. For each: the answer, the profile's bounds, the server's peak RSS growth, and the
// slowest /healthz answer while the upload and its profiling ran (asked every 20 ms).
//
//   npx tsx bench/profile-bounds.ts            # serves dist/server/server.js if built, else api/server.ts
//   BENCH_PORT=4303 BENCH_SIZE_MB=200 BENCH_SERVER=path/to/server.js npx tsx bench/profile-bounds.ts
//
// Goals (checked here, never by timed tests): RSS growth well under 100 MiB, /healthz under 100 ms.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

const PORT = Number(process.env.BENCH_PORT ?? 4303);
const SIZE_MB = Number(process.env.BENCH_SIZE_MB ?? 200);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'bench-admin@example.com', password: 'Bench#Profile1' };

const rssMiB = (pid: number) => Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? NaN) / 1024;
const MiB = 1024 * 1024;

interface Case {
  name: string;
  fileName: string;
  parts: () => Generator<Buffer>;
}

const cases: Case[] = [
  {
    name: `CSV, second line ${SIZE_MB} MB long`,
    fileName: 'one-line.csv',
    *parts() {
      yield Buffer.from('id,payload\n');
      const block = Buffer.alloc(MiB, 'x');
      for (let i = 0; i < SIZE_MB; i++) yield block;
      yield Buffer.from('\n1,2\n');
    },
  },
  {
    name: 'CSV, 10,000 columns x 4,000 rows',
    fileName: 'wide.csv',
    *parts() {
      yield Buffer.from(`${Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',')}\n`);
      const row = Buffer.from(`${Array.from({ length: 10_000 }, (_, i) => (i % 3 ? String(i) : 'x')).join(',')}\n`);
      for (let r = 0; r < 4000; r++) yield row;
    },
  },
  {
    name: 'NDJSON, 15,000 records each adding a key',
    fileName: 'keys.json',
    *parts() {
      for (let i = 0; i < 15_000; i++) yield Buffer.from(`${JSON.stringify({ id: i, [`key_${i}`]: i })}\n`);
    },
  },
  {
    // The baseline: the same bytes stored, hashed and checked, but never profiled.
    name: `SQL, ${SIZE_MB} MB (not profiled)`,
    fileName: 'rows.sql',
    *parts() {
      const block = Buffer.alloc(MiB, "INSERT INTO t VALUES (1042, 'eu-west', 3.14159);\n");
      for (let i = 0; i < SIZE_MB; i++) yield block;
    },
  },
  {
    name: `CSV, ${SIZE_MB} MB of ordinary rows`,
    fileName: 'rows.csv',
    *parts() {
      yield Buffer.from('id,region,value,ts\n');
      const block = Buffer.alloc(MiB, '1042,eu-west,3.14159,2026-01-01T00:00:00Z\n');
      for (let i = 0; i < SIZE_MB; i++) yield block;
    },
  },
];

async function startServer() {
  const bundle = path.resolve(process.env.BENCH_SERVER ?? 'dist/server/server.js');
  const bundled = fs.existsSync(bundle) && fs.existsSync(path.join(path.dirname(bundle), 'profile.worker.js'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-bench-profile-'));
  const args = bundled ? [bundle] : [path.resolve('node_modules/tsx/dist/cli.mjs'), 'api/server.ts'];
  const server = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, DEMO_DATA: '0', LOG_LEVEL: 'warn', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return { server, dataDir, bundled };
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill();
  throw new Error('the server did not start');
}

/** Asks /healthz every 20 ms from a thread of its own, so this script's own work never delays it. */
function healthProbe() {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     let running = true, slowest = 0;
     parentPort.on('message', () => { running = false; });
     (async () => {
       while (running) {
         const t = performance.now();
         await fetch(${JSON.stringify(`${BASE}/healthz`)});
         slowest = Math.max(slowest, performance.now() - t);
         await new Promise((r) => setTimeout(r, 20));
       }
       parentPort.postMessage(slowest);
     })();`,
    { eval: true },
  );
  return {
    stop: () =>
      new Promise<number>((resolve) => {
        worker.once('message', (slowest: number) => void worker.terminate().then(() => resolve(slowest)));
        worker.postMessage('stop');
      }),
  };
}

async function login(): Promise<string> {
  const res = await fetch(`${BASE}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ usernameOrEmail: ADMIN.email, password: ADMIN.password }) });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

function upload(cookie: string, c: Case): Promise<{ status: number; body: any }> {
  const boundary = `----bench${crypto.randomBytes(6).toString('hex')}`;
  return new Promise((resolve, reject) => {
    const req = http.request(`${BASE}/api/uploads`, { method: 'POST', headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || 'null') }));
    });
    req.on('error', reject);
    // Sent in pieces of at least 64 KiB, as a browser would, whatever size the case's parts are.
    const chunks = (function* () {
      let pending: Buffer[] = [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${c.fileName}"\r\n\r\n`)];
      let size = 0;
      for (const part of c.parts()) {
        pending.push(part);
        size += part.length;
        if (size >= 64 * 1024) {
          yield Buffer.concat(pending);
          pending = [];
          size = 0;
        }
      }
      pending.push(Buffer.from(`\r\n--${boundary}--\r\n`));
      yield Buffer.concat(pending);
    })();
    const pump = () => {
      for (let next = chunks.next(); !next.done; next = chunks.next()) if (!req.write(next.value)) return void req.once('drain', pump);
      req.end();
    };
    pump();
  });
}

const { server, dataDir, bundled } = await startServer();
try {
  const cookie = await login();
  console.log(`server: ${bundled ? path.relative(process.cwd(), path.resolve(process.env.BENCH_SERVER ?? 'dist/server/server.js')) : 'tsx api/server.ts'} on ${BASE}\n`);
  console.log('| file | status | seconds | record count | fields | bounds | RSS before MiB | RSS growth MiB | slowest /healthz ms |');
  console.log('| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |');
  // A first small upload (starts a profile worker), then the same probe with nothing uploading:
  // what the machine's own load costs /healthz.
  await upload(cookie, { name: 'warm-up', fileName: 'warm.csv', *parts() { yield Buffer.from('a,b\n1,2\n'); } });
  await new Promise((r) => setTimeout(r, 2000));
  const idle = healthProbe();
  await new Promise((r) => setTimeout(r, 3000));
  console.log(`| (no upload, 3 s) | | | | | | ${rssMiB(server.pid!).toFixed(0)} | | ${(await idle.stop()).toFixed(0)} |`);
  for (const c of cases) {
    const before = rssMiB(server.pid!);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(server.pid!))), 20);
    const health = healthProbe();
    const started = performance.now();
    const res = await upload(cookie, c);
    const seconds = (performance.now() - started) / 1000;
    const slowest = await health.stop();
    clearInterval(sampler);
    const p = res.body?.profile;
    console.log(
      `| ${c.name} | ${res.status} | ${seconds.toFixed(1)} | ${p ? (p.recordCount ?? 'null') : '-'} | ${p ? p.fields.length : '-'} | ${p?.truncated?.limits.join(', ') ?? '-'} | ${before.toFixed(0)} | ${(peak - before).toFixed(0)} | ${slowest.toFixed(0)} |`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
