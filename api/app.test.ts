import zlib from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test/harness.ts';
import { makeContract, makeUser } from './test/market-fixtures.ts';

describe('production settings', () => {
  it('gives no field suggestions and no GraphiQL in production', async () => {
    const app = await startTestApp('pglite', { NODE_ENV: 'production', PUBLIC_URL: 'https://pit.example' });
    try {
      const res = await app.fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ viewr { id } }' }),
      });
      const body = await res.json();
      expect(body.errors[0].message).not.toMatch(/Did you mean/);
      const graphiql = await app.fetch('/graphql', { headers: { accept: 'text/html' } });
      expect(await graphiql.text()).not.toContain('DATA PIT GraphQL');
    } finally {
      await app.close();
    }
  });
});

describe('the one server: health, GraphQL, REST fallbacks and the web app', () => {
  let app: TestApp;
  beforeAll(async () => {
    const staticDir = fs.mkdtempSync(path.join(process.cwd(), 'node_modules/.tmp-static-'));
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'console.log(1)');
    // a hashed asset as vite writes it, with the .br and .gz the build writes beside it
    const bundle = 'console.log("the floor");'.repeat(100);
    fs.writeFileSync(path.join(staticDir, 'assets', 'index-Bx9k2LmQ.js'), bundle);
    fs.writeFileSync(path.join(staticDir, 'assets', 'index-Bx9k2LmQ.js.br'), zlib.brotliCompressSync(bundle));
    fs.writeFileSync(path.join(staticDir, 'assets', 'index-Bx9k2LmQ.js.gz'), zlib.gzipSync(bundle));
    app = await startTestApp('pglite', { STATIC_DIR: staticDir });
  });
  afterAll(async () => {
    fs.rmSync(app.config.staticDir, { recursive: true, force: true });
    await app?.close();
  });

  it('answers /healthz and /readyz', async () => {
    expect(await (await app.fetch('/healthz')).json()).toEqual({ status: 'ok' });
    expect(await (await app.fetch('/readyz')).json()).toEqual({ status: 'ready', database: 'pglite' });
  });

  it('tags every response with a request id', async () => {
    const res = await app.fetch('/healthz', { headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    expect((await app.fetch('/healthz')).headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
  });

  it('serves the web app with an SPA fallback that spares /api and missing assets', async () => {
    const page = await app.fetch('/auth/login');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect((await app.fetch('/assets/app.js')).status).toBe(200);
    expect((await app.fetch('/assets/missing.js')).status).toBe(404);
    const api = await app.fetch('/api/nope');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found', requestId: expect.any(String) });
  });

  it('sends the precompressed asset the browser accepts; hashed assets are cached for a year, the page is revalidated', async () => {
    const asset = '/assets/index-Bx9k2LmQ.js';
    const br = await app.fetch(asset, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toMatch(/^console\.log\("the floor"\);/);
    const gz = await app.fetch(asset, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await app.fetch(asset);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.text()).length).toBe(2500);
    // not hashed: revalidated every time (a new release is picked up at once)
    expect((await app.fetch('/assets/app.js')).headers.get('cache-control')).toBe('no-cache');
    expect((await app.fetch('/auth/login')).headers.get('cache-control')).toBe('no-cache');
  });

  it('compresses JSON answers over 1 KB, not smaller ones', async () => {
    const ask = (query: string) =>
      app.fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' }, body: JSON.stringify({ query }) });
    const small = await ask('{ __typename }');
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ data: { __typename: 'Query' } });
    const big = await ask('{ __schema { types { name description } } }');
    expect(big.headers.get('content-encoding')).toBe('gzip');
    const body = JSON.parse(zlib.gunzipSync(Buffer.from(await big.arrayBuffer())).toString());
    expect(body.data.__schema.types.length).toBeGreaterThan(50);
  });

  it('serves GraphiQL to a browser without a CDN', async () => {
    const res = await app.fetch('/graphql', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('DATA PIT GraphQL');
    expect(html).not.toMatch(/unpkg\.com|cdn\.jsdelivr/);
  });

  it('answers { __typename } and marketStats over GraphQL', async () => {
    const res = await app.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename marketStats { activeContracts totalUsers totalVolume } }' }),
    });
    expect(await res.json()).toEqual({ data: { __typename: 'Query', marketStats: { activeContracts: 0, totalUsers: 0, totalVolume: '0.00' } } });
  });

  it('refuses bodies over 1 MB with 413 and a JSON message', async () => {
    const big = JSON.stringify({ query: '{ __typename }', pad: 'x'.repeat(1_100_000) });
    for (const p of ['/graphql', '/api/auth/login']) {
      const res = await app.fetch(p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
      expect(res.status).toBe(413);
      // REST answers its error body; /graphql refuses before GraphQL runs, with the message alone.
      const body = p === '/graphql' ? {} : { code: 'TOO_LARGE', requestId: expect.any(String) };
      expect(await res.json()).toEqual({ ...body, message: 'Request body too large (limit 1 MB)' });
    }
  });

  it('GET /api/stats answers the spec fields', async () => {
    const res = await app.fetch('/api/stats');
    expect(await res.json()).toMatchObject({ activeContracts: 0, totalUsers: 0, totalVolume: '0.00', totalTransactions: 0 });
  });
});

describe('REST answers travel compressed', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('pglite');
  });
  afterAll(async () => {
    await app.close();
  });

  it('compresses REST answers over 1 KB where they are made, as the client accepts', async () => {
    const db = app.database.prisma;
    const provider = await makeUser(db, 'gzip_provider');
    for (let i = 0; i < 6; i++) await makeContract(db, provider.id, { title: `Compressed Set ${i}`, category: 'financial', price: '10.00' });
    const list = (acceptEncoding?: string) => app.fetch('/api/contracts?limit=100', { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
    const gz = await list('gzip, deflate, br');
    expect(gz.status).toBe(200);
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(gz.headers.get('content-type')).toMatch(/^application\/json/);
    const rows = JSON.parse(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString());
    expect(rows.length).toBeGreaterThan(3);
    // the same answer again (served from the response cache, compressed once): the same bytes
    const again = await list('gzip');
    expect(JSON.parse(zlib.gunzipSync(Buffer.from(await again.arrayBuffer())).toString())).toEqual(rows);
    for (const refused of [undefined, 'identity', 'gzip;q=0', 'br']) {
      const plain = await list(refused);
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await plain.json()).toEqual(rows);
    }
    expect((await list('*')).headers.get('content-encoding')).toBe('gzip');
    // small answers (an error, the market figures) go as they are
    const small = await app.fetch('/api/contracts/nope', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.status).toBe(404);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect((await small.json()).message).toBeTruthy();
  });
});
