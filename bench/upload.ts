// The 500 MB upload benchmark: streams a generated CSV of UPLOAD_MB through POST /api/uploads as
// the demo provider and samples the server's resident memory while it runs. Goal: peak RSS growth
// under 64 MiB (the file never sits in memory).
import fs from 'node:fs';
import http from 'node:http';
import crypto from 'node:crypto';
import { DEMO_PROVIDER_EMAIL, DEMO_USER_PASSWORD } from '../api/demo/seed.ts';

export const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 500);

export interface UploadReport {
  megabytes: number;
  seconds: number;
  mbPerSecond: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
  rssGrowthMiB: number;
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
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  // The file is UPLOAD_MB MiB in all, header row included: exactly at the 500 MB limit by default.
  const total = UPLOAD_MB * 1024 * 1024 - 'id,region,value,ts\n'.length;
  // One 1 MiB block of CSV rows, sent again and again (the header once, first).
  const row = 'id,region,value,ts\n';
  const block = Buffer.alloc(1024 * 1024, '1042,eu-west,3.14159,2026-01-01T00:00:00Z\n');
  const url = new URL('/api/uploads', base);

  const before = rssMiB(serverPid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(serverPid))), 50);
  const started = performance.now();
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
      req.end(tail);
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
    status,
  };
}
