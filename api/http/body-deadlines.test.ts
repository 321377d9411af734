import fs from 'node:fs';
import type http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { memoryRateLimiter } from '../rate-limiter.ts';
import { createTestDatabase, type TestDatabase } from '../test/databases.ts';
import { MemoryMailer, STRONG_PASSWORD } from '../test/harness.ts';
import { makeUser } from '../test/market-fixtures.ts';
import { createHttpServer } from './http-server.ts';

// Slow clients against the server as api/server.ts builds it (createHttpServer), over real
// sockets, with deadlines of half a second (settings; the defaults are seconds): a JSON or GraphQL
// body that trickles in is answered 408 and its connection closed, as are headers that trickle;
// an upload is cut when it stops making progress, never while it makes some; a client that leaves
// mid-request is logged as having left, not as a 500. (A byte every 5 s from 300 connections used
// to hold them all open for the hour every request was allowed.)

const DEADLINE_MS = 500;
/** How long past a deadline an answer may come (timer ticks, a loaded machine). */
const SLACK_MS = 2500;

describe('deadlines for slow headers and bodies', () => {
  let server: http.Server;
  let port = 0;
  let database: TestDatabase;
  let dataDir = '';
  let close: () => Promise<void>;
  let cookie = '';
  const lines: Array<{ level: number; msg: string; status?: number; [key: string]: unknown }> = [];
  const consoleErrors = vi.spyOn(console, 'error');

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-deadlines-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      SESSION_SECRET: 'deadline-secret-deadline-secret-dead',
      NODE_ENV: 'test',
      HEADERS_TIMEOUT_MS: String(DEADLINE_MS),
      BODY_TIMEOUT_MS: String(DEADLINE_MS),
      UPLOAD_IDLE_TIMEOUT_MS: String(DEADLINE_MS),
    });
    database = await createTestDatabase('pglite');
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
        done();
      },
    });
    const logger = createLogger('debug', sink);
    const app = createApp({ config, database, mailer: new MemoryMailer(), limiter: memoryRateLimiter(), logger });
    close = app.close;
    server = createHttpServer(config, logger);
    server.on('request', app.listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    await makeUser(database.prisma, 'seller', { dueDiligenceStatus: 'approved' });
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ usernameOrEmail: 'seller', password: STRONG_PASSWORD }) });
    expect(login.status).toBe(200);
    cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await close();
    await database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
    vi.restoreAllMocks();
  });
  beforeEach(() => {
    lines.length = 0;
    consoleErrors.mockClear();
  });

  /** A raw HTTP/1.1 client: what it sent, what came back, and when the server closed the socket. */
  function client() {
    const socket = net.connect(port, '127.0.0.1');
    const started = performance.now();
    let received = '';
    let closedAfter = -1;
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (received += d));
    socket.on('error', () => {});
    const closed = new Promise<void>((resolve) =>
      socket.once('close', () => {
        closedAfter = performance.now() - started;
        resolve();
      }),
    );
    let trickling: NodeJS.Timeout | undefined;
    return {
      socket,
      closed,
      get received() {
        return received;
      },
      get closedAfter() {
        return closedAfter;
      },
      send: (text: string | Buffer) => socket.write(text),
      /** One byte every `everyMs` until stopped or the socket closes. */
      trickle(text: string, everyMs: number) {
        let i = 0;
        trickling = setInterval(() => {
          if (socket.destroyed || i >= text.length) return clearInterval(trickling);
          socket.write(text[i++]!);
        }, everyMs);
      },
      stop: () => clearInterval(trickling),
    };
  }

  /** Waits for the socket to close, at most `ms`; fails the test (and closes it) past that. */
  async function closesWithin(c: ReturnType<typeof client>, ms: number) {
    const timer = new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms));
    const outcome = await Promise.race([c.closed.then(() => 'closed' as const), timer]);
    c.stop();
    c.socket.destroy();
    expect(outcome, `the server kept the connection open for ${ms} ms; it sent: ${JSON.stringify(c.received)}`).toBe('closed');
  }

  const noFaults = () => {
    expect(lines.filter((l) => l.level >= 50).map((l) => l.msg)).toEqual([]);
    expect(lines.filter((l) => l.status === 500)).toEqual([]);
    expect(consoleErrors).not.toHaveBeenCalled();
  };

  it('a JSON body sent a byte at a time is answered 408 and its connection closed within the deadline', async () => {
    const body = JSON.stringify({ usernameOrEmail: 'seller', password: STRONG_PASSWORD });
    const c = client();
    c.send(`POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    c.trickle(body, 100);
    await closesWithin(c, DEADLINE_MS + SLACK_MS);
    expect(c.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(c.received).toContain(`{"message":"The request body did not arrive within ${DEADLINE_MS} ms"}`);
    expect(c.closedAfter).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    await new Promise((r) => setTimeout(r, 100));
    expect(lines.some((l) => l.level === 30 && l.msg === 'request body too slow: answered 408 and closed the connection' && l.path === '/api/auth/login')).toBe(true);
    noFaults();
  });

  it('the same on /graphql', async () => {
    const body = JSON.stringify({ query: '{ __typename }' });
    const c = client();
    c.send(`POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    c.trickle(body, 100);
    await closesWithin(c, DEADLINE_MS + SLACK_MS);
    expect(c.received).toMatch(/^HTTP\/1\.1 408 /);
    await new Promise((r) => setTimeout(r, 100));
    noFaults();
  });

  it('headers sent a byte at a time are answered 408 within the deadline', async () => {
    const c = client();
    c.trickle(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ${'a'.repeat(200)}\r\n\r\n`, 100);
    await closesWithin(c, DEADLINE_MS + SLACK_MS);
    expect(c.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('an idle keep-alive connection is not a slow request: the next request on it, sent after the deadline, is answered', async () => {
    const c = client();
    c.send('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    while (!c.received.includes('{"status":"ok"}')) await new Promise((r) => c.socket.once('data', r));
    await new Promise((r) => setTimeout(r, DEADLINE_MS * 3));
    c.send('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await closesWithin(c, SLACK_MS);
    expect(c.received.match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
  });

  it('many requests with bodies on one keep-alive connection leave no listener behind on it', async () => {
    const sockets: net.Socket[] = [];
    const onConnection = (socket: net.Socket) => sockets.push(socket);
    server.on('connection', onConnection);
    const c = client();
    const body = JSON.stringify({ query: '{ __typename }' });
    for (let i = 0; i < 30; i++) {
      c.send(`POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
      while ((c.received.match(/"__typename":"Query"/g) ?? []).length <= i) await new Promise((r) => c.socket.once('data', r));
    }
    server.off('connection', onConnection);
    expect(sockets).toHaveLength(1);
    // Node's own and the app's: a handful, not one per request.
    expect(sockets[0]!.listenerCount('close')).toBeLessThan(5);
    c.socket.destroy();
  });

  /** A multipart upload of `size` bytes of CSV, sent in pieces of `piece` bytes every `everyMs`; stops after `stopAfter` bytes. */
  function upload(size: number, piece: number, everyMs: number, stopAfter = Infinity) {
    const boundary = 'deadline-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.csv"\r\nContent-Type: text/csv\r\n\r\n`;
    const tail = `\r\n--${boundary}--\r\n`;
    const rows = Buffer.alloc(size, 'a,b\n');
    const c = client();
    c.send(`POST /api/uploads HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + size + tail.length}\r\n\r\n${head}`);
    let sent = 0;
    const timer = setInterval(() => {
      if (c.socket.destroyed || sent >= Math.min(size, stopAfter)) {
        clearInterval(timer);
        if (sent >= size && !c.socket.destroyed) c.send(tail);
        return;
      }
      c.send(rows.subarray(sent, sent + piece));
      sent += piece;
    }, everyMs);
    return c;
  }

  it('an upload that keeps making progress is not cut, however long it takes', async () => {
    const before = await database.prisma.dataFile.count();
    // 4 KB every 100 ms for about 2.5 s: five times the idle limit, and past the body deadline.
    const c = upload(100 * 1024, 4 * 1024, 100);
    while (!/\r\n\r\n[\s\S]*\}$/.test(c.received) && !c.socket.destroyed) await new Promise((r) => c.socket.once('data', r));
    expect(c.received).toMatch(/^HTTP\/1\.1 201 /);
    c.socket.destroy();
    expect(await database.prisma.dataFile.count()).toBe(before + 1);
    noFaults();
  });

  it('an upload that stops sending is answered 408 and closed once it has been idle for the limit, and nothing is kept', async () => {
    const before = await database.prisma.dataFile.count();
    const c = upload(100 * 1024, 4 * 1024, 50, 20 * 1024);
    await closesWithin(c, 20 * 1024 / 4 / 1024 * 50 + DEADLINE_MS + SLACK_MS);
    expect(c.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(c.received).toContain(`{"message":"The upload made no progress for ${DEADLINE_MS} ms"}`);
    // The half-written file is dropped.
    await new Promise((r) => setTimeout(r, 300));
    expect(await database.prisma.dataFile.count()).toBe(before);
    expect(lines.some((l) => l.level === 30 && l.msg === 'upload stalled: answered 408 and closed the connection')).toBe(true);
    noFaults();
  });

  it('a client that leaves mid-body is logged as gone, not as a 500 (REST, GraphQL, upload)', async () => {
    for (const [target, type] of [
      ['/api/auth/login', 'application/json'],
      ['/graphql', 'application/json'],
      ['/api/uploads', 'multipart/form-data; boundary=x'],
    ] as const) {
      lines.length = 0;
      const c = client();
      c.send(`POST ${target} HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\nContent-Type: ${type}\r\nContent-Length: 1000\r\n\r\n{"usernameOrEmail":`);
      await new Promise((r) => setTimeout(r, 200));
      c.socket.destroy();
      await new Promise((r) => setTimeout(r, 300));
      noFaults();
      if (target !== '/graphql') expect(lines.find((l) => l.msg === 'request')).toMatchObject({ path: target, status: 499, aborted: true });
    }
  });
});
