import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { BASE, login, MiB, rssMiB, startServer } from './bounds-server.ts';
import { during, fmt, healthProbe, HEALTHZ_P99_MS, latency, now, type Sample } from './healthz-probe.ts';

// The uploads of bench/profile-bounds.ts: files that once took the server down, and ordinary
// ones beside them, each uploaded while /healthz is asked (what is measured is said there).

const SIZE_MB = Number(process.env.BENCH_SIZE_MB ?? 200);
const HEALTHZ_SAMPLES = Number(process.env.BENCH_HEALTHZ_SAMPLES ?? 100);
const MAX_ROUNDS = Math.max(1, Number(process.env.BENCH_MAX_ROUNDS ?? 10));

interface Case {
  name: string;
  fileName: string;
  /** One of the files the /healthz goal names (the ones that once blocked or killed the server). */
  hostile?: boolean;
  parts: () => Generator<Buffer>;
}

const cases: Case[] = [
  {
    name: `CSV, second line ${SIZE_MB} MB long`,
    fileName: 'one-line.csv',
    hostile: true,
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
    hostile: true,
    *parts() {
      yield Buffer.from(`${Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',')}\n`);
      const row = Buffer.from(`${Array.from({ length: 10_000 }, (_, i) => (i % 3 ? String(i) : 'x')).join(',')}\n`);
      for (let r = 0; r < 4000; r++) yield row;
    },
  },
  {
    name: 'NDJSON, 15,000 records each adding a key',
    fileName: 'keys.json',
    hostile: true,
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

/** Uploads the case's file; `sentAt` is when its last byte was handed to the socket (on `now`'s clock). */
function upload(cookie: string, c: Case): Promise<{ status: number; body: any; sentAt: number }> {
  const boundary = `----bench${crypto.randomBytes(6).toString('hex')}`;
  return new Promise((resolve, reject) => {
    let sentAt = NaN;
    const req = http.request(`${BASE}/api/uploads`, { method: 'POST', headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || 'null'), sentAt: Number.isNaN(sentAt) ? now() : sentAt }));
    });
    req.on('finish', () => (sentAt = now()));
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

/** Uploads every case to a server of its own, one table row each; a verdict per hostile file. Whether one failed. */
export async function uploadBench(verdicts: string[]): Promise<boolean> {
  const { server, dataDir, bundled } = await startServer();
  let failed = false;
  try {
    const cookie = await login();
    console.log(`server: ${bundled ? path.relative(process.cwd(), path.resolve(process.env.BENCH_SERVER ?? 'dist/server/server.js')) : 'tsx api/server.ts'} on ${BASE}\n`);
    console.log('seconds and profiling s: mean of a round. /healthz ms: n, p50, p99 and max of the answers while the file is profiled');
    console.log('(last byte sent to answer), pooled over the rounds; then the max over the whole uploads.\n');
    console.log('| file | rounds | status | seconds | profiling s | record count | fields | bounds | RSS before MiB | RSS growth MiB | /healthz n | p50 | p99 | max | max, whole upload |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    // A first small upload (starts a profile worker), then the same probe with nothing uploading:
    // what the machine's own load costs /healthz.
    await upload(cookie, { name: 'warm-up', fileName: 'warm.csv', *parts() { yield Buffer.from('a,b\n1,2\n'); } });
    await new Promise((r) => setTimeout(r, 2000));
    const idleProbe = healthProbe();
    await new Promise((r) => setTimeout(r, 3000));
    const idle = latency(await idleProbe.stop());
    console.log(`| (no upload, 3 s) | | | | | | | | ${rssMiB(server.pid!).toFixed(0)} | | ${idle.n} | ${fmt(idle.p50)} | ${fmt(idle.p99)} | ${fmt(idle.max)} | |`);
    for (const c of cases) {
      const firstBefore = rssMiB(server.pid!);
      const all: Sample[] = [];
      const inWindow: Sample[] = [];
      const statuses = new Set<number>();
      let growth = 0, seconds = 0, profilingSeconds = 0, rounds = 0;
      let res: Awaited<ReturnType<typeof upload>> | undefined;
      // A file that is not hostile is uploaded once; a hostile one until its window holds enough answers.
      while (rounds < (c.hostile ? MAX_ROUNDS : 1) && (rounds === 0 || inWindow.length < HEALTHZ_SAMPLES)) {
        const before = rssMiB(server.pid!);
        let peak = before;
        const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(server.pid!))), 20);
        const health = healthProbe();
        const started = now();
        res = await upload(cookie, c);
        const answeredAt = now();
        const samples = await health.stop();
        clearInterval(sampler);
        rounds++;
        statuses.add(res.status);
        growth = Math.max(growth, peak - before);
        seconds += (answeredAt - started) / 1000;
        profilingSeconds += (answeredAt - res.sentAt) / 1000;
        all.push(...samples);
        inWindow.push(...during(samples, res.sentAt, answeredAt));
      }
      const whole = latency(all);
      const profiling = latency(inWindow);
      const p = res?.body?.profile;
      console.log(
        `| ${c.name} | ${rounds} | ${[...statuses].join(', ')} | ${(seconds / rounds).toFixed(1)} | ${(profilingSeconds / rounds).toFixed(1)} | ${p ? (p.recordCount ?? 'null') : '-'} | ${p ? p.fields.length : '-'} | ${p?.truncated?.limits.join(', ') ?? '-'} | ${firstBefore.toFixed(0)} | ${growth.toFixed(0)} | ${profiling.n} | ${fmt(profiling.p50)} | ${fmt(profiling.p99)} | ${fmt(profiling.max)} | ${fmt(whole.max)} |`,
      );
      if (!c.hostile) continue;
      const pass = profiling.n > 0 && profiling.p99 <= HEALTHZ_P99_MS;
      if (!pass) failed = true;
      const why =
        profiling.n === 0
          ? 'no /healthz answer fell in the window'
          : `p99 ${fmt(profiling.p99)} ms over ${profiling.n} answers in ${rounds} round(s)${profiling.failed ? `, ${profiling.failed} failed` : ''}${profiling.n < 100 ? ' (under 100 answers: the p99 is the max)' : ''}`;
      verdicts.push(`${pass ? 'PASS' : 'FAIL'}  ${c.name}: ${why} (goal p99 <= ${HEALTHZ_P99_MS} ms; with no upload p99 ${fmt(idle.p99)} ms)`);
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return failed;
}
