import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { memoryRateLimiter } from '../rate-limiter.ts';
import { createTestDatabase, type TestDatabase } from '../test/databases.ts';
import { MemoryMailer, STRONG_PASSWORD } from '../test/harness.ts';
import { makeUser } from '../test/market-fixtures.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

// The server hands /graphql to Yoga's Node adapter, not to Hono (api/app.ts `listener`): the edge
// Hono gives every other route must hold there too. These requests go over a real socket.

const LISTED = 'https://app.example.com';
const FOREIGN = 'https://evil.example';

describe('/graphql served from node:http (the edge plugin)', () => {
  let server: http.Server;
  let base: string;
  let database: TestDatabase;
  let close: () => Promise<void>;
  let listener: http.RequestListener;
  let dataDir: string;
  const lines: any[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-graphql-edge-'));
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'edge-secret-edge-secret-edge-secret', NODE_ENV: 'test', CORS_ORIGINS: LISTED });
    database = await createTestDatabase('pglite');
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = createApp({ config, database, mailer: new MemoryMailer(), limiter: memoryRateLimiter(), logger: createLogger('debug', sink) });
    close = app.close;
    listener = app.listener;
    server = http.createServer(app.listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await close();
    await database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('answers with the security headers, a request id and a log line carrying it', async () => {
    lines.length = 0;
    const res = await post({ query: '{ __typename }' });
    expect(await res.json()).toEqual({ data: { __typename: 'Query' } });
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name), name).toBe(value);
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.some((l) => l.msg === 'request' && l.requestId === id && l.path === '/graphql' && l.status === 200)).toBe(true);
    for (const line of lines) expect(typeof line.requestId, JSON.stringify(line)).toBe('string');

    expect((await post({ query: '{ __typename }' }, { 'x-request-id': 'edge-Trace.1:2' })).headers.get('x-request-id')).toBe('edge-Trace.1:2');
    expect((await post({ query: '{ __typename }' }, { 'x-request-id': 'a b' })).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('grants CORS to listed origins only, preflight included', async () => {
    const listed = await post({ query: '{ __typename }' }, { origin: LISTED });
    expect(listed.headers.get('access-control-allow-origin')).toBe(LISTED);
    expect(listed.headers.get('access-control-allow-credentials')).toBe('true');
    const foreign = await post({ query: '{ __typename }' }, { origin: FOREIGN });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(foreign.headers.get('vary')).toMatch(/Origin/);

    const preflight = (origin: string) =>
      fetch(`${base}/graphql`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    const ok = await preflight(LISTED);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-methods')).toMatch(/POST/);
    const refused = await preflight(FOREIGN);
    expect(refused.status).toBe(204);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses bodies over 1 MB, announced or sent in chunks, with 413 and a JSON message', async () => {
    const big = JSON.stringify({ query: '{ __typename }', pad: 'x'.repeat(1_100_000) });
    const announced = await post(JSON.parse(big));
    expect(announced.status).toBe(413);
    expect(await announced.json()).toEqual({ message: 'Request body too large (limit 1 MB)' });

    // No Content-Length: the body arrives as a stream and is cut while it is read.
    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('error', reject);
      for (let i = 0; i < 11; i++) req.write(big.slice(i * 100_000, (i + 1) * 100_000));
      req.end(big.slice(1_100_000));
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body)).toEqual({ message: 'Request body too large (limit 1 MB)' });
  });

  it('compresses JSON answers over 1 KB for clients that accept gzip, and leaves small ones', async () => {
    const aliases = Array.from({ length: 12 }, (_, i) => `a${i}: marketStats { totalUsers activeContracts totalVolume totalTransactions }`).join(' ');
    const raw = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const body = JSON.stringify({ query: `{ ${aliases} }` });
      const req = http.request(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end(body);
    });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(raw.body).toString()).data.a11.totalUsers).toBe(0);

    const small = await post({ query: '{ __typename }' }, { 'accept-encoding': 'gzip' });
    expect(small.headers.get('content-encoding')).toBeNull();
    // gzip;q=0 refuses gzip: the same big answer goes as it is
    const refused = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      const req = http.request(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip;q=0, identity' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers));
      });
      req.on('error', reject);
      req.end(JSON.stringify({ query: `{ ${aliases} }` }));
    });
    expect(refused['content-encoding']).toBeUndefined();
  });

  it('keeps the CSRF rule and the session cookies: a login sets the cookie the next request reads', async () => {
    const refused = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ query: '{ __typename }' }) });
    expect(refused.status).toBe(403);

    const user = await makeUser(database.prisma, 'edge_login');
    const login = await post({
      query: 'mutation($input: LoginInput!) { login(input: $input) { __typename } }',
      variables: { input: { usernameOrEmail: user.username, password: STRONG_PASSWORD } },
    });
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('pit_session='))!.split(';')[0]!;
    expect(cookie).toMatch(/^pit_session=.+/);
    const me = await post({ query: '{ viewer { username } }' }, { cookie });
    expect((await me.json()).data.viewer.username).toBe(user.username);
  });
  it('hands back each request\'s work, which settles once the answer is sent, for the shutdown drain', async () => {
    // api/shutdown.ts counts a request whose client left until this promise settles; a listener
    // that drops it (returns nothing) lets the database close under queries still running.
    const works: unknown[] = [];
    const counted = http.createServer((req, res) => void works.push(listener(req, res)));
    await new Promise<void>((resolve) => counted.listen(0, '127.0.0.1', resolve));
    try {
      const at = `http://127.0.0.1:${(counted.address() as AddressInfo).port}`;
      const graphql = await fetch(`${at}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ contracts(first: 1) { totalCount } }"}' });
      expect(graphql.status).toBe(200);
      await graphql.text();
      const rest = await fetch(`${at}/api/contracts?limit=1`);
      expect(rest.status).toBe(200);
      await rest.text();
      expect(works).toHaveLength(2);
      for (const work of works) {
        expect(work).toBeInstanceOf(Promise);
        await work;
      }
    } finally {
      await new Promise((resolve) => counted.close(resolve));
    }
  });
});
