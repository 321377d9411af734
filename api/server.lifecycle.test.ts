import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { connectOutcome } from './test/connect.ts';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchPostgresDatabase, testDatabases } from './test/databases.ts';

// The real server process (api/server.ts under tsx), as an operator runs it: start-up checks of
// the environment, the graceful shutdown on SIGTERM, /readyz with Redis, and the start-up sweep
// of orphaned files. Each process is bounded; ports 4331-4339 belong to these tests.

const ROOT = path.resolve(import.meta.dirname, '..');
const SECRET = 'lifecycle-secret-lifecycle-secret-0123';
const ADMIN = { email: 'ops-admin@example.com', password: 'Ops#Admin-Password1' };
// Generous: a cold start (tsx, a new embedded database, migrations) takes seconds, more on a busy machine.
const STARTUP_MS = 90_000;
// The machine's Redis (api/rate-limiter.test.ts uses the same default).
const REDIS = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');

interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

function spawnServer(env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', LOG_LEVEL: 'info', HOST: '127.0.0.1', SESSION_SECRET: SECRET, DEMO_DATA: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port: Number(env.PORT), output: () => out, exited };
}

/** Starts a server and waits until /readyz answers 200 (or the process gives up). */
async function startServer(env: Record<string, string>): Promise<Running> {
  const server = spawnServer(env);
  const deadline = Date.now() + STARTUP_MS;
  let gone = false;
  void server.exited.then(() => (gone = true));
  while (Date.now() < deadline && !gone) {
    try {
      if ((await fetch(`http://127.0.0.1:${server.port}/readyz`)).ok) return server;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  server.child.kill('SIGKILL');
  throw new Error(`server did not become ready:\n${server.output()}`);
}

/** Runs a server that is expected to refuse to start; answers its exit code and output. */
async function startExpectingFailure(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const server = spawnServer(env);
  const timer = setTimeout(() => server.child.kill('SIGKILL'), STARTUP_MS);
  const code = await server.exited;
  clearTimeout(timer);
  return { code, output: server.output() };
}

async function waitForOutput(server: Running, pattern: RegExp) {
  const deadline = Date.now() + STARTUP_MS;
  while (!pattern.test(server.output())) {
    if (Date.now() > deadline) throw new Error(`no ${pattern} in:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}


function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()).map((f) => f.split(path.sep).join('/'));
}

function csv(megabytes: number): Buffer {
  const rows = ['id,symbol,price,volume'];
  let size = rows[0]!.length + 1;
  for (let i = 0; size < megabytes * 1024 * 1024; i++) {
    const row = `${i},SYM${i % 997},${(i % 1000) + 0.25},${i * 7}`;
    rows.push(row);
    size += row.length + 1;
  }
  return Buffer.from(rows.join('\n') + '\n');
}

/** A POST on its own connection (a kept-alive one may be closed by the server meanwhile). */
function post(url: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent: false, headers: { ...headers, 'content-length': body.length } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

function multipart(fileName: string, content: Buffer) {
  const boundary = `----pit${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { type: `multipart/form-data; boundary=${boundary}`, head, tail, length: head.length + content.length + tail.length };
}

/** A database for one server process: a fresh PostgreSQL database, or the embedded one in DATA_DIR. */
async function databaseEnv(kind: 'pglite' | 'postgres'): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (kind === 'pglite') return { env: {}, drop: async () => {} };
  const scratch = await scratchPostgresDatabase('pit_ops');
  return { env: { DATABASE_URL: scratch.url }, drop: scratch.drop };
}

describe.each(testDatabases())('server process on %s', (kind) => {
  const port = kind === 'pglite' ? 4331 : 4332;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-ops-'));
  const filesDir = path.join(dataDir, 'files');
  let db: Awaited<ReturnType<typeof databaseEnv>>;
  let env: Record<string, string>;
  const kept: string[] = [];
  // Made before any server starts: building them takes a while on a busy machine.
  const big = csv(40);
  const second = csv(8);

  beforeAll(async () => {
    db = await databaseEnv(kind);
    env = { ...db.env, DATA_DIR: dataDir, PORT: String(port), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  });
  afterAll(async () => {
    await db?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM refuses new connections but finishes a download and an upload in flight, then exits 0', async () => {
    // Long enough that a drain waiting for the subscription's event stream would time this test out.
    const server = await startServer({ ...env, SHUTDOWN_DRAIN_MS: '600000' });
    try {
      const base = `http://127.0.0.1:${port}`;
      const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
      expect(login.status).toBe(200);
      const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

      const first = multipart('big.csv', big);
      const uploaded = await post(`${base}/api/uploads`, { cookie, 'content-type': first.type }, Buffer.concat([first.head, big, first.tail]));
      expect(uploaded.status, uploaded.text).toBe(201);
      const { id } = JSON.parse(uploaded.text) as { id: string };

      // A download that has started and then waits on its reader.
      const download = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http.get(`${base}/api/files/${id}/download`, { headers: { cookie }, agent: false }, resolve).on('error', reject),
      );
      expect(download.statusCode).toBe(200);
      const received: Buffer[] = [];
      const firstChunk = await new Promise<Buffer>((resolve) => download.once('data', resolve));
      download.pause();
      received.push(firstChunk);
      const downloaded = new Promise<Buffer>((resolve, reject) => {
        download.on('data', (c: Buffer) => received.push(c));
        download.on('end', () => resolve(Buffer.concat(received)));
        download.on('error', reject);
        download.on('aborted', () => reject(new Error('download cut')));
      });

      // An upload whose body is half sent.
      const body = multipart('second.csv', second);
      const upload = http.request(`${base}/api/uploads`, { method: 'POST', agent: false, headers: { cookie, 'content-type': body.type, 'content-length': body.length } });
      const uploadResponse = new Promise<{ status: number; connection: string | undefined; text: string }>((resolve, reject) => {
        upload.on('response', (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, text }));
        });
        upload.on('error', reject);
      });
      upload.write(body.head);
      upload.write(second.subarray(0, 1024 * 1024));
      while (!filesUnder(filesDir).some((f) => f.endsWith('.partial'))) await new Promise((r) => setTimeout(r, 20));

      // A GraphQL WebSocket client: it keeps its socket through the drain, then is told 1001.
      const socket = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws');
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      socket.send(JSON.stringify({ type: 'connection_init' }));
      await new Promise((resolve) => socket.once('message', resolve)); // connection_ack
      const socketClosed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

      // A subscription over SSE: an HTTP response that never finishes on its own.
      const sse = await new Promise<http.IncomingMessage>((resolve, reject) => {
        const req = http.request(`${base}/graphql`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', accept: 'text/event-stream' } }, resolve);
        req.on('error', reject);
        req.end(JSON.stringify({ query: 'subscription { marketStats { activeUsers } }' }));
      });
      expect(sse.statusCode).toBe(200);
      sse.resume();
      const sseEnded = new Promise<void>((resolve) => sse.once('close', () => resolve()));

      server.child.kill('SIGTERM');
      await waitForOutput(server, /shutting down/);
      expect(await connectOutcome(port)).toBe('ECONNREFUSED');
      expect(socket.readyState).toBe(WebSocket.OPEN); // both transfers are still held here

      upload.end(Buffer.concat([second.subarray(1024 * 1024), body.tail]));
      download.resume();
      const done = await uploadResponse;
      expect(done.status, done.text).toBe(201);
      expect(done.connection).toBe('close');
      const bytes = await downloaded;
      expect(bytes.length).toBe(big.length);
      expect(sha256(bytes)).toBe(sha256(big));

      expect(await server.exited).toBe(0);
      expect(await socketClosed).toBe(1001);
      await sseEnded;
      const files = filesUnder(filesDir);
      expect(files.filter((f) => f.endsWith('.partial'))).toEqual([]);
      expect(files).toHaveLength(2);
      kept.push(...files);
    } catch (error) {
      throw new Error(`${(error as Error).message}\nserver output:\n${server.output()}`, { cause: error });
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 240_000);

  it('sweeps orphaned and partial files at start, keeping the files rows point to; /readyz follows Redis', async () => {
    expect(kept).toHaveLength(2);
    const hourAgo = new Date(Date.now() - 2 * 60 * 60_000);
    const plant = (key: string, old: boolean) => {
      const file = path.join(filesDir, key);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'leftover');
      if (old) fs.utimesSync(file, hourAgo, hourAgo);
    };
    plant('uploads/gone-user/0199aaaa-orphan.csv', true); // killed while profiling: no row
    plant(`${path.posix.dirname(kept[0]!)}/0199bbbb.csv.1a2b3c.partial`, true); // killed mid-upload
    plant('uploads/gone-user/0199cccc-young.csv', false); // may be another instance's upload right now
    plant('avatars/not-a-data-file.png', true); // not a DataFile folder: not the sweep's business
    for (const key of kept) fs.utimesSync(path.join(filesDir, key), hourAgo, hourAgo);

    // Redis through a proxy the test can cut, standing in for a Redis that goes away.
    const proxySockets = new Set<net.Socket>();
    const proxy = net.createServer((client) => {
      const upstream = net.connect(Number(REDIS.port || 6379), REDIS.hostname);
      for (const s of [client, upstream]) {
        proxySockets.add(s);
        s.on('error', () => {});
        s.on('close', () => proxySockets.delete(s));
      }
      client.pipe(upstream).pipe(client);
    });
    const proxyPort = port + 4;
    await new Promise<void>((r) => proxy.listen(proxyPort, '127.0.0.1', r));

    const proxied = new URL(REDIS);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxyPort);
    proxied.pathname = '/9';
    const server = await startServer({ ...env, REDIS_URL: proxied.toString() });
    try {
      await waitForOutput(server, /storage swept/);
      expect(filesUnder(filesDir).sort()).toEqual([...kept, 'uploads/gone-user/0199cccc-young.csv', 'avatars/not-a-data-file.png'].sort());

      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 'ready', redis: 'up' });

      proxy.close();
      for (const s of proxySockets) s.destroy();
      let answer: Response;
      do answer = await fetch(`http://127.0.0.1:${port}/readyz`);
      while (answer.status === 200);
      expect(answer.status).toBe(503);
      expect(await answer.json()).toMatchObject({ status: 'unavailable', down: ['redis'] });

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      server.child.kill('SIGKILL');
      proxy.close();
    }
  }, 180_000);
});

describe.concurrent('server process refuses to start on a wrong environment', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-ops-bad-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://root@127.0.0.1/pit' }],
    ['DATABASE_URL', { DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/pit' }],
    ['REDIS_URL', { REDIS_URL: 'localhost:6379' }],
    ['REDIS_URL', { REDIS_URL: 'redis://127.0.0.1:1' }],
  ])('%s: %j exits 1 naming the variable, without a stack trace', async (variable, bad) => {
    const { code, output } = await startExpectingFailure({ DATA_DIR: dataDir, PORT: '4335', ...bad });
    expect(code).toBe(1);
    expect(output).toMatch(new RegExp(`\\b${variable}\\b`));
    expect(output).not.toMatch(/\n\s+at /);
  }, 120_000);

  it('a port already in use exits 1 naming PORT', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(4336, '127.0.0.1', r));
    try {
      const { code, output } = await startExpectingFailure({ DATA_DIR: fs.mkdtempSync(path.join(dataDir, 'inuse-')), PORT: '4336' });
      expect(code).toBe(1);
      expect(output).toMatch(/PORT 4336 is already in use/);
    } finally {
      blocker.close();
    }
  }, 120_000);
});
