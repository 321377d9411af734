// The 500 MB upload benchmark: streams a generated CSV of UPLOAD_MB through POST /api/uploads as
// the demo provider and samples the server's resident memory while it runs. Goal: peak RSS growth
// under 64 MiB (the file never sits in memory), on each storage driver.
//
// bench/run.ts calls benchUpload on its servers (the local folder). `npx tsx bench/upload.ts`
// measures both drivers on the built server (`npm run build:server`) and a scratch PostgreSQL
// database each: the local folder, then an S3 bucket on s3rver, which runs in this process, so
// the server process whose memory is sampled is the app alone. BENCH_UPLOAD_ROUNDS uploads per
// driver (3 by default), each on a server that has just started.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEMO_PROVIDER_EMAIL, DEMO_USER_PASSWORD } from '../api/demo/seed.ts';
import { startS3Server } from '../api/test/s3-server.ts';
import { scratchDatabase } from './pay-server.ts';
import { APP_ENTRY, stopProcess } from './servers.ts';

export const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 500);

export interface UploadReport {
  megabytes: number;
  seconds: number;
  mbPerSecond: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
  rssGrowthMiB: number;
  /** Seconds from the first byte sent to the peak, and to the last byte sent (after it: storing the tail, profiling). */
  peakAtSeconds: number;
  sentAtSeconds: number;
  status: number;
}

const rssMiB = (pid: number) => {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : NaN;
};

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usernameOrEmail: DEMO_PROVIDER_EMAIL, password: DEMO_USER_PASSWORD }),
  });
  if (!res.ok) throw new Error(`bench login failed: ${res.status}`);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

export async function benchUpload(base: string, serverPid: number): Promise<UploadReport> {
  const cookie = await login(base);
  const boundary = `----bench${crypto.randomBytes(6).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${process.env.BENCH_UPLOAD_NAME ?? 'bench.csv'}"\r\nContent-Type: text/csv\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  // The file is UPLOAD_MB MiB in all, header row included: exactly at the 500 MB limit by default.
  const total = UPLOAD_MB * 1024 * 1024 - 'id,region,value,ts\n'.length;
  // One 1 MiB block of CSV rows, sent again and again (the header once, first).
  const row = 'id,region,value,ts\n';
  const block = Buffer.alloc(1024 * 1024, '1042,eu-west,3.14159,2026-01-01T00:00:00Z\n');
  const url = new URL('/api/uploads', base);

  const before = rssMiB(serverPid);
  let peak = before;
  let peakAt = 0;
  let sentAt = 0;
  const started = performance.now();
  const sampler = setInterval(() => {
    const rss = rssMiB(serverPid);
    if (rss > peak) [peak, peakAt] = [rss, performance.now() - started];
  }, 50);
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + row.length + total + tail.length } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.write(head);
    req.write(row);
    let sent = 0;
    const pump = () => {
      while (sent < total) {
        const chunk = block.subarray(0, Math.min(block.length, total - sent));
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end(tail, () => (sentAt = performance.now() - started));
    };
    pump();
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return {
    megabytes: UPLOAD_MB,
    seconds: Math.round(seconds * 10) / 10,
    mbPerSecond: Math.round((UPLOAD_MB / seconds) * 10) / 10,
    rssBeforeMiB: Math.round(before),
    rssPeakMiB: Math.round(peak),
    rssGrowthMiB: Math.round(peak - before),
    peakAtSeconds: Math.round(peakAt / 100) / 10,
    sentAtSeconds: Math.round(sentAt / 100) / 10,
    status,
  };
}

const ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 4313);

/** The built app on a scratch database, with the demo provider; `env` adds the storage's variables. */
async function startServer(dataDir: string, databaseUrl: string, env: Record<string, string>): Promise<ChildProcess> {
  const clean: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(clean)) if (/^(S3_|AWS_|DATABASE_URL|REDIS_URL|SESSION_SECRET|ADMIN_)/.test(name)) delete clean[name];
  const child = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), APP_ENTRY], {
    env: { ...clean, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DEMO_DATA: '1', NODE_ENV: 'production', LOG_LEVEL: 'warn', PUBLIC_URL: `http://127.0.0.1:${PORT}`, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 360; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/readyz`)).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  await stopProcess(child);
  throw new Error('the server did not start');
}

async function main() {
  if (!fs.existsSync(APP_ENTRY)) throw new Error(`${APP_ENTRY} is missing: run \`npm run build:server\``);
  const rows: Array<UploadReport & { driver: string }> = [];
  for (const driver of (process.env.BENCH_UPLOAD_DRIVERS ?? 'local,s3').split(',') as Array<'local' | 's3'>) {
    for (let round = 0; round < ROUNDS; round++) {
      const db = await scratchDatabase('bench_upload');
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-bench-upload-'));
      const s3 = driver === 's3' ? await startS3Server('datapit-bench') : null;
      let server: ChildProcess | undefined;
      try {
        server = await startServer(dataDir, db.url, s3?.env ?? {});
        const report = await benchUpload(`http://127.0.0.1:${PORT}`, server.pid!);
        rows.push({ driver, ...report });
        console.error(`${driver} round ${round + 1}: ${report.mbPerSecond} MB/s, RSS +${report.rssGrowthMiB} MiB (status ${report.status})`);
      } finally {
        if (server) await stopProcess(server);
        await s3?.close();
        await db.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }
  console.log(`${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${os.loadavg()[0]!.toFixed(1)}, ${os.cpus().length} cores\n`);
  console.log('| storage | size | status | seconds | last byte sent s | MB/s | RSS before MiB | RSS peak MiB | peak at s | growth MiB |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const u of rows) console.log(`| ${u.driver} | ${u.megabytes} MB | ${u.status} | ${u.seconds} | ${u.sentAtSeconds} | ${u.mbPerSecond} | ${u.rssBeforeMiB} | ${u.rssPeakMiB} | ${u.peakAtSeconds} | ${u.rssGrowthMiB} |`);
  if (rows.some((u) => u.status !== 201 || u.rssGrowthMiB > 64)) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
