// The delivery benchmark (npx tsx bench/delivery.ts): a DELIVERY_MB file (500 MB by default)
// downloaded and streamed with X-API-Key from the server, against a bare fs.createReadStream piped
// to an HTTP response in another process on the same machine, in the same run. Reports each
// transfer's throughput, its ratio to the bare one, and the server's RSS growth (sampled every
// 50 ms). Goals: at least 80% of the bare throughput, RSS growth at most 64 MiB. Loopback only.
//
// It runs the server from source (tsx) against a scratch PostgreSQL database (BENCH_DATABASE_URL,
// default the local one) and a scratch DATA_DIR; the purchase, its key and the file rows are
// written straight into the database, the file straight into storage.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../api/db/database.ts';
import { generateApiKey } from '../api/domain/delivery/api-keys.ts';

const MB = Number(process.env.DELIVERY_MB ?? 500);
const PORT = Number(process.env.BENCH_PORT ?? 4411);
const BARE_PORT = PORT + 1;
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

const rssMiB = (pid: number) => {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : NaN;
};

/** A CSV of `mb` MiB (rows of 44 bytes), written in 1 MiB blocks; returns its sha256. */
async function writeCsv(file: string, mb: number): Promise<string> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const hash = crypto.createHash('sha256');
  const out = fs.createWriteStream(file);
  const header = Buffer.from('id,region,value,ts\n');
  const rows = Buffer.alloc(1024 * 1024 - header.length, '1042,eu-west,3.14159,2026-01-01T00:00:00Z\n');
  const block = Buffer.alloc(1024 * 1024, '1042,eu-west,3.14159,2026-01-01T00:00:00Z\n');
  for (let i = 0; i < mb; i++) {
    const chunks = i === 0 ? [header, rows] : [block];
    for (const chunk of chunks) {
      hash.update(chunk);
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
    }
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return hash.digest('hex');
}

async function waitFor(url: string, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

// The baseline: the least a Node server can do to send the file.
const BARE_SERVER = `
const fs = require('node:fs');
const http = require('node:http');
const [file, port] = process.argv.slice(1);
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/csv', 'content-length': fs.statSync(file).size });
  fs.createReadStream(file).pipe(res);
}).listen(Number(port), '127.0.0.1', () => console.log('ready'));
`;

interface Transfer {
  name: string;
  bytes: number;
  seconds: number;
  mbPerSecond: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
  rssGrowthMiB: number;
  status: number;
}

/** GETs `url`, reading and dropping the body as fast as it comes; samples the server's RSS meanwhile. */
function transfer(name: string, url: string, headers: Record<string, string>, pid: number): Promise<Transfer> {
  const before = rssMiB(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 50);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => {
          clearInterval(sampler);
          peak = Math.max(peak, rssMiB(pid));
          const seconds = (performance.now() - started) / 1000;
          resolve({
            name,
            bytes,
            seconds: Math.round(seconds * 100) / 100,
            mbPerSecond: Math.round((bytes / 1024 / 1024 / seconds) * 10) / 10,
            rssBeforeMiB: Math.round(before),
            rssPeakMiB: Math.round(peak),
            rssGrowthMiB: Math.round(peak - before),
            status: res.statusCode ?? 0,
          });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-bench-delivery-'));
  const dbName = `pit_bench_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${dbName}`;
  const children: ChildProcess[] = [];
  try {
    console.error(`writing a ${MB} MiB file...`);
    const csvKey = 'bench/data.csv';
    const rawKey = 'bench/data.zip';
    const csvPath = path.join(dataDir, 'files', csvKey);
    const sha256 = await writeCsv(csvPath, MB);
    // The raw stream sends the same bytes under a name that is not rows (no copy: a hard link).
    fs.linkSync(csvPath, path.join(dataDir, 'files', rawKey));
    const size = fs.statSync(csvPath).size;

    const server = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        DEMO_DATA: '0',
        NODE_ENV: 'production',
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(server);
    const bare = spawn(process.execPath, ['-e', BARE_SERVER, csvPath, String(BARE_PORT)], { stdio: ['ignore', 'ignore', 'inherit'] });
    children.push(bare);
    await waitFor(`http://127.0.0.1:${PORT}/readyz`, server);

    const database = await openDatabase({ url: url.toString() });
    const db = database.prisma;
    const user = (name: string) => db.user.create({ data: { name, username: name, email: `${name}@bench.local`, passwordHash: 'x', emailVerifiedAt: new Date() } });
    const seller = await user('seller');
    const buyer = await user('buyer');
    const keys: Record<string, string> = {};
    const contracts: Record<string, string> = {};
    for (const [name, storageKey, fileName, contentType] of [
      ['csv', csvKey, 'data.csv', 'text/csv'],
      ['raw', rawKey, 'data.zip', 'application/zip'],
    ] as const) {
      const contract = await db.contract.create({
        data: { providerId: seller.id, title: `Bench ${name}`, description: 'Benchmark data set', category: 'financial', status: 'active', price: '100.00', marketPrice: '100.00', updateFrequency: 'daily' },
      });
      await db.dataFile.create({ data: { contractId: contract.id, uploaderId: seller.id, fileName, contentType, size: BigInt(size), sha256, storageKey } });
      const purchase = await db.purchase.create({ data: { buyerId: buyer.id, contractId: contract.id, status: 'active', amount: '100.00' } });
      const key = generateApiKey();
      await db.apiKey.create({ data: { purchaseId: purchase.id, userId: buyer.id, prefix: key.prefix, keyHash: key.keyHash } });
      keys[name] = key.key;
      contracts[name] = contract.id;
    }
    await database.close();
    await new Promise<void>((resolve) => (bare.stdout ? resolve() : setTimeout(resolve, 500)));
    await waitFor(`http://127.0.0.1:${BARE_PORT}/`, bare).catch(() => {});

    const base = `http://127.0.0.1:${PORT}`;
    const results: Transfer[] = [];
    // Warm up each path once on a small range, so JIT and connection setup are not measured.
    await transfer('warm', `${base}/api/data/download/${contracts.csv}`, { 'x-api-key': keys.csv!, range: 'bytes=0-1048575' }, server.pid!);
    for (let round = 0; round < ROUNDS; round++) {
      results.push(await transfer('bare fs.createReadStream', `http://127.0.0.1:${BARE_PORT}/`, {}, bare.pid!));
      results.push(await transfer('download (X-API-Key)', `${base}/api/data/download/${contracts.csv}`, { 'x-api-key': keys.csv! }, server.pid!));
      results.push(await transfer('stream raw bytes (X-API-Key)', `${base}/api/data/stream/${contracts.raw}`, { 'x-api-key': keys.raw! }, server.pid!));
      if (round === 0) results.push(await transfer('stream CSV as NDJSON (X-API-Key)', `${base}/api/data/stream/${contracts.csv}`, { 'x-api-key': keys.csv! }, server.pid!));
    }
    const best = (name: string) => results.filter((r) => r.name === name).sort((a, b) => b.mbPerSecond - a.mbPerSecond)[0]!;
    const bareBest = best('bare fs.createReadStream');
    const names = [...new Set(results.map((r) => r.name))];
    const lines = [
      `Delivery benchmark: ${MB} MiB file, ${ROUNDS} rounds (best shown), ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString()}`,
      '',
      '| transfer | status | MB/s | ratio to bare | seconds | server RSS before → peak (growth) MiB |',
      '| --- | --- | --- | --- | --- | --- |',
      ...names.map((name) => {
        const r = best(name);
        const worstGrowth = Math.max(...results.filter((x) => x.name === name).map((x) => x.rssGrowthMiB));
        return `| ${name} | ${r.status} | ${r.mbPerSecond} | ${Math.round((r.mbPerSecond / bareBest.mbPerSecond) * 100)}% | ${r.seconds} | ${r.rssBeforeMiB} → ${r.rssPeakMiB} (max growth ${worstGrowth}) |`;
      }),
    ];
    console.log(lines.join('\n'));
    console.log(JSON.stringify(results));
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    const cleanup = new pg.Client({ connectionString: PG_ADMIN_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await cleanup.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
