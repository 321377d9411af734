import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { openDatabase } from '../api/db/database.ts';
import { generateApiKey } from '../api/domain/delivery/api-keys.ts';
import { MiB, PORT, rssMiB, startServer } from './bounds-server.ts';
import { scratchDatabase } from './pay-server.ts';
import { during, fmt, healthProbe, HEALTHZ_P99_MS, latency, now } from './healthz-probe.ts';

// The streams of bench/profile-bounds.ts: files past the row limits, bought and streamed several
// at once (what is measured is said there).

const STREAMS = Math.max(1, Number(process.env.BENCH_STREAMS ?? 5));

interface StreamCase {
  name: string;
  hostile: boolean;
  parts: () => Generator<Buffer>;
}

const streamCases: StreamCase[] = [
  {
    name: 'CSV, 28 MB, header of 7.5 million columns',
    hostile: true,
    *parts() {
      // 7.5 million one-letter columns (15 MB), then 13 rows of 1 MiB.
      const block = Buffer.from('c,'.repeat(500_000));
      for (let i = 0; i < 15; i++) yield block;
      yield Buffer.from('c\n');
      const row = Buffer.from(`${'1,'.repeat(512 * 1024 - 1)}1\n`);
      for (let i = 0; i < 13; i++) yield row;
    },
  },
  {
    name: 'CSV, header of 400,000 columns in 800 KB',
    hostile: true,
    *parts() {
      yield Buffer.from(`${'a,'.repeat(399_999)}a\n`);
      for (let i = 0; i < 100; i++) yield Buffer.from('1,2,3\n');
    },
  },
  {
    name: 'CSV, 10,000 columns x 4,000 rows (streams)',
    hostile: false,
    *parts() {
      yield Buffer.from(`${Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',')}\n`);
      const row = Buffer.from(`${Array.from({ length: 10_000 }, (_, i) => (i % 3 ? String(i) : 'x')).join(',')}\n`);
      for (let r = 0; r < 4000; r++) yield row;
    },
  },
];

/** GETs a stream and reads it to the end; the status and the bytes read. */
function streamOnce(url: string, key: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'x-api-key': key } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Streams every stream case from a second server on a scratch database; a verdict per hostile file. Whether one failed. */
export async function streamBench(verdicts: string[]): Promise<boolean> {
  let failed = false;
  const port = PORT + 1;
  const base = `http://127.0.0.1:${port}`;
  const scratch = await scratchDatabase('pit_bench_streams');
  const started = await startServer(port, scratch.url);
  try {
    // Listings written straight into the database, as if bought before uploads were checked.
    const database = await openDatabase({ url: scratch.url });
    const db = database.prisma;
    const user = (name: string) => db.user.create({ data: { name, username: name, email: `${name}@bench.local`, passwordHash: 'x', emailVerifiedAt: new Date() } });
    const seller = await user('stream-seller');
    const buyer = await user('stream-buyer');
    const listed: Array<{ c: StreamCase; contractId: string; key: string; size: number }> = [];
    for (const [i, c] of streamCases.entries()) {
      const storageKey = `bench/stream-${i}.csv`;
      // Written beside storage, moved in once its row exists (a file without a row is an orphan to sweep).
      const staged = path.join(started.dataDir, `stream-${i}.csv`);
      const hash = crypto.createHash('sha256');
      let size = 0;
      const out = fs.openSync(staged, 'w');
      for (const part of c.parts()) {
        fs.writeSync(out, part);
        hash.update(part);
        size += part.length;
      }
      fs.closeSync(out);
      const contract = await db.contract.create({
        data: { providerId: seller.id, title: `Bench stream ${i}`, description: 'Benchmark data set', category: 'financial', status: 'active', price: '100.00', marketPrice: '100.00', updateFrequency: 'daily' },
      });
      await db.dataFile.create({ data: { contractId: contract.id, uploaderId: seller.id, fileName: `stream-${i}.csv`, contentType: 'text/csv', size: BigInt(size), sha256: hash.digest('hex'), storageKey } });
      const file = path.join(started.dataDir, 'files', storageKey);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.renameSync(staged, file);
      const purchase = await db.purchase.create({ data: { buyerId: buyer.id, contractId: contract.id, status: 'active', amount: '100.00' } });
      const key = generateApiKey();
      await db.apiKey.create({ data: { purchaseId: purchase.id, userId: buyer.id, prefix: key.prefix, keyHash: key.keyHash } });
      listed.push({ c, contractId: contract.id, key: key.key, size });
    }
    await database.close();

    const pid = started.server.pid!;
    console.log(`\nStreams: ${STREAMS} at once per file, listings without a profile (${base}). /healthz ms while they run.\n`);
    console.log('| file | size MB | statuses | seconds | MB sent per stream | RSS before MiB | RSS growth MiB | /healthz n | p50 | p99 | max |');
    console.log('| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const { c, contractId, key, size } of listed) {
      const before = rssMiB(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 20);
      const health = healthProbe(base);
      // A moment of the probe before the streams, so the window always holds answers.
      await new Promise((r) => setTimeout(r, 200));
      const t0 = now();
      const answers = await Promise.all(Array.from({ length: STREAMS }, () => streamOnce(`${base}/api/data/stream/${contractId}`, key)));
      const t1 = now();
      const samples = await health.stop();
      clearInterval(sampler);
      const window = latency(during(samples, t0, t1));
      const growth = peak - before;
      const statuses = [...new Set(answers.map((a) => a.status))];
      console.log(
        `| ${c.name} | ${(size / MiB).toFixed(1)} | ${statuses.join(', ')} | ${((t1 - t0) / 1000).toFixed(2)} | ${(answers[0]!.bytes / 1e6).toFixed(2)} | ${before.toFixed(0)} | ${growth.toFixed(0)} | ${window.n} | ${fmt(window.p50)} | ${fmt(window.p99)} | ${fmt(window.max)} |`,
      );
      if (!c.hostile) continue;
      const pass = statuses.length === 1 && statuses[0] === 422 && growth < 100 && window.n > 0 && window.p99 <= HEALTHZ_P99_MS;
      if (!pass) failed = true;
      verdicts.push(
        `${pass ? 'PASS' : 'FAIL'}  stream ${c.name}: ${STREAMS} at once answered ${statuses.join(', ')} (goal 422), RSS +${growth.toFixed(0)} MiB (goal < 100), /healthz p99 ${fmt(window.p99)} ms over ${window.n} answers (goal <= ${HEALTHZ_P99_MS})`,
      );
    }
  } finally {
    started.server.kill('SIGTERM');
    await new Promise((r) => started.server.once('exit', r));
    fs.rmSync(started.dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
  return failed;
}
