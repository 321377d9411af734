import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { testDatabases } from '../test/databases.ts';
import { Client, startTestApp, STRONG_PASSWORD } from '../test/harness.ts';
import { makeContract, makeUser } from '../test/market-fixtures.ts';

const LISTED = 'https://app.example.com';
const FOREIGN = 'https://evil.example';

/** The app in-process (api/test/harness.ts) with its log lines captured as parsed JSON. */
async function startEdgeApp(kind: 'pglite' | 'postgres', env: Record<string, string> = {}) {
  const lines: any[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  const testApp = await startTestApp(kind, env, { logger: createLogger('debug', sink) });
  return Object.assign(testApp, { lines });
}

const gqlPost = (query: string, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify({ query }),
});

describe('CORS_ORIGINS is checked at start', () => {
  it('refuses an entry that is not an origin, naming the variable', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-edge-config-'));
    const load = (value: string) => loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(32), CORS_ORIGINS: value });
    expect(() => load('https://app.example.com/path')).toThrow(/CORS_ORIGINS/);
    expect(() => load('app.example.com')).toThrow(/CORS_ORIGINS/);
    expect(() => load('https://a.example.com, *')).toThrow(/CORS_ORIGINS/);
    expect(load(' https://a.example.com , http://localhost:5173/ ').corsOrigins).toEqual(['https://a.example.com', 'http://localhost:5173']);
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(32) }).corsOrigins).toEqual([]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe.each(testDatabases())('the HTTP edge (%s)', (kind) => {
  let app: Awaited<ReturnType<typeof startEdgeApp>>;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-edge-static-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
    app = await startEdgeApp(kind, { CORS_ORIGINS: LISTED, STATIC_DIR: staticDir });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  const totalUsers = async () => (await (await app.fetch('/graphql', gqlPost('{ marketStats { totalUsers } }'))).json()).data.marketStats.totalUsers as number;

  describe('CORS', () => {
    it('grants no cross-origin access to an origin that is not listed', async () => {
      for (const p of ['/graphql', '/api/stats']) {
        const res = p === '/graphql' ? await app.fetch(p, gqlPost('{ __typename }', { origin: FOREIGN })) : await app.fetch(p, { headers: { origin: FOREIGN } });
        expect(res.status).toBe(200);
        expect(res.headers.get('access-control-allow-origin')).toBeNull();
        expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      }
    });

    it('grants credentialed access to an origin listed in CORS_ORIGINS', async () => {
      for (const p of ['/graphql', '/api/stats']) {
        const res = p === '/graphql' ? await app.fetch(p, gqlPost('{ __typename }', { origin: LISTED })) : await app.fetch(p, { headers: { origin: LISTED } });
        expect(res.headers.get('access-control-allow-origin')).toBe(LISTED);
        expect(res.headers.get('access-control-allow-credentials')).toBe('true');
        expect(res.headers.get('vary')).toMatch(/origin/i);
      }
    });

    it('answers preflights: the Allow headers for a listed origin, none for another', async () => {
      const preflight = (p: string, origin: string) =>
        app.fetch(p, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
      for (const p of ['/graphql', '/api/bids']) {
        const foreign = await preflight(p, FOREIGN);
        expect(foreign.status).toBe(204);
        expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
        expect(foreign.headers.get('access-control-allow-credentials')).toBeNull();
        expect(foreign.headers.get('access-control-allow-methods')).toBeNull();
        const listed = await preflight(p, LISTED);
        expect(listed.status).toBe(204);
        expect(listed.headers.get('access-control-allow-origin')).toBe(LISTED);
        expect(listed.headers.get('access-control-allow-credentials')).toBe('true');
        expect(listed.headers.get('access-control-allow-methods')).toContain('POST');
        expect(listed.headers.get('access-control-allow-headers')).toContain('content-type');
      }
    });

    it('lets a listed origin send the headers integrators use and read the ones they need', async () => {
      const sent = ['range', 'if-range', 'idempotency-key', 'authorization', 'x-api-key', 'if-none-match'];
      const preflight = await app.fetch('/api/bids', {
        method: 'OPTIONS',
        headers: { origin: LISTED, 'access-control-request-method': 'POST', 'access-control-request-headers': sent.join(',') },
      });
      const allowed = preflight.headers.get('access-control-allow-headers')!.split(', ');
      for (const name of sent) expect(allowed, name).toContain(name);
      const read = [
        'content-range', 'content-disposition', 'etag', 'link', 'x-total-count', 'x-request-id', 'idempotent-replayed',
        'ratelimit', 'ratelimit-policy', 'retry-after', 'deprecation', 'sunset', 'x-release',
      ];
      for (const p of ['/api/stats', '/graphql']) {
        const res = p === '/graphql' ? await app.fetch(p, gqlPost('{ __typename }', { origin: LISTED })) : await app.fetch(p, { headers: { origin: LISTED } });
        const exposed = res.headers.get('access-control-expose-headers')!.split(', ');
        for (const name of read) expect(exposed, `${p} ${name}`).toContain(name);
      }
      // Another origin is granted nothing to read.
      expect((await app.fetch('/api/stats', { headers: { origin: FOREIGN } })).headers.get('access-control-expose-headers')).toBeNull();
    });
  });

  describe('CSRF: only real JSON writes', () => {
    const registerInput = (username: string) => ({ name: username, email: `${username}@example.com`, username, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD });

    it('refuses a GraphQL mutation posted as a form whose parameters mention JSON', async () => {
      const before = await totalUsers();
      const i = registerInput('formposter');
      const query = `mutation { register(input: { name: "${i.name}", email: "${i.email}", username: "${i.username}", password: "${i.password}", confirmPassword: "${i.password}" }) { __typename } }`;
      for (const type of ['application/x-www-form-urlencoded; x=application/json', 'text/plain; x=application/json', 'text/plain;application/json', 'multipart/form-data; boundary=application/json']) {
        const res = await app.fetch('/graphql', { method: 'POST', headers: { 'content-type': type }, body: type.startsWith('application/x-www') ? `query=${encodeURIComponent(query)}` : JSON.stringify({ query }) });
        expect(res.status, type).toBe(403);
      }
      expect(await totalUsers()).toBe(before);
    });

    it('still runs a JSON post, with or without a charset, and one with the CSRF header', async () => {
      const res = await app.fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify({ query: '{ __typename }' }) });
      expect(await res.json()).toEqual({ data: { __typename: 'Query' } });
      const graphqlResponse = await app.fetch('/graphql', { method: 'POST', headers: { 'content-type': 'Application/GraphQL-Response+JSON' }, body: JSON.stringify({ query: '{ __typename }' }) });
      // Not refused as CSRF (Yoga itself then answers 415: it is a response type, not a request type).
      expect(graphqlResponse.status).not.toBe(403);
      const withHeader = await app.fetch('/graphql?query=%7B__typename%7D', { headers: { 'x-graphql-csrf': '1' } });
      expect(await withHeader.json()).toEqual({ data: { __typename: 'Query' } });
    });

    it('refuses a bid posted as text/plain whose parameters mention JSON, and places it as JSON', async () => {
      const provider = await makeUser(app.database.prisma, `seller_${kind}`, { dueDiligenceStatus: 'approved' });
      const contract = await makeContract(app.database.prisma, provider.id, { title: 'Edge Ticks', category: 'financial', price: '100.00' });
      await makeUser(app.database.prisma, `bidder_${kind}`);
      const buyer = new Client(app);
      expect((await buyer.json('POST', '/api/auth/login', { usernameOrEmail: `bidder_${kind}`, password: STRONG_PASSWORD })).status).toBe(200);
      const bid = { contractId: contract.id, bidAmount: 90 };
      const forged = await buyer.request('/api/bids', { method: 'POST', headers: { 'content-type': 'text/plain; x=application/json' }, body: JSON.stringify(bid) });
      expect(forged.status).toBe(400);
      expect((await forged.json()).message).toMatch(/JSON/);
      expect(await app.database.prisma.bid.count({ where: { contractId: contract.id } })).toBe(0);
      const real = await buyer.json('POST', '/api/bids', bid);
      expect(real.status).toBe(201);
      expect(await app.database.prisma.bid.count({ where: { contractId: contract.id } })).toBe(1);
    });

    it('refuses every REST write whose body is not JSON, before it changes anything', async () => {
      const user = await makeUser(app.database.prisma, `writer_${kind}`);
      const client = new Client(app);
      expect((await client.json('POST', '/api/auth/login', { usernameOrEmail: user.username, password: STRONG_PASSWORD })).status).toBe(200);
      const usersBefore = await totalUsers();
      const writes: Array<[string, string]> = [
        ['POST', '/api/auth/register'],
        ['POST', '/api/auth/login'],
        ['POST', '/api/auth/logout'],
        ['POST', '/api/auth/resend-verification'],
        ['POST', '/api/contracts'],
        ['PATCH', '/api/contracts/some-id'],
        ['POST', '/api/bids'],
        ['POST', '/api/purchases'],
        ['POST', '/api/due-diligence'],
        ['PATCH', '/api/due-diligence/some-id'],
        ['POST', '/api/uploads'],
      ];
      for (const [method, p] of writes) {
        for (const [type, body] of [
          ['text/plain; x=application/json', JSON.stringify(registerInput('sneaky'))],
          ['application/x-www-form-urlencoded', 'username=sneaky'],
          ['text/plain', ''],
        ] as const) {
          const res = await client.request(p, { method, headers: { 'content-type': type }, body: body || undefined });
          expect(res.status, `${method} ${p} as ${type}`).toBe(400);
          expect((await res.json()).message, `${method} ${p}`).toBeTruthy();
        }
      }
      // Nothing happened: no account, still logged in.
      expect(await totalUsers()).toBe(usersBefore);
      expect((await client.json('GET', '/api/auth/user')).status).toBe(200);
    });

    it('refuses a bodiless write from another site (a no-cors fetch sends no content type)', async () => {
      const user = await makeUser(app.database.prisma, `stayer_${kind}`);
      const client = new Client(app);
      expect((await client.json('POST', '/api/auth/login', { usernameOrEmail: user.username, password: STRONG_PASSWORD })).status).toBe(200);
      const forged = await client.request('/api/auth/logout', { method: 'POST', headers: { origin: FOREIGN } });
      expect(forged.status).toBe(403);
      expect((await client.json('GET', '/api/auth/user')).status).toBe(200);
      // From the site itself (or a script without Origin) it works.
      const own = await client.request('/api/auth/logout', { method: 'POST', headers: { origin: 'http://localhost', host: 'localhost' } });
      expect(own.status).toBe(200);
    });

    it('refuses an upload that is not multipart/form-data', async () => {
      const res = await app.fetch('/api/uploads', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'id,value\n1,2\n' });
      expect(res.status).toBe(400);
    });
  });

  describe('GraphQL limits hold for introspection and __typename', () => {
    it('refuses a 30-level introspection query', async () => {
      let inner = 'name';
      for (let i = 0; i < 27; i++) inner = `ofType { ${inner} }`;
      const res = await app.fetch('/graphql', gqlPost(`{ __schema { types { fields { type { ${inner} } } } } }`));
      const body = await res.json();
      expect(body.data).toBeUndefined();
      expect(body.errors[0].message).toMatch(/depth/i);
    });

    it('refuses 1,000 aliases of __typename', async () => {
      const aliases = Array.from({ length: 1000 }, (_, i) => `a${i}: __typename`).join(' ');
      const body = await (await app.fetch('/graphql', gqlPost(`{ ${aliases} }`))).json();
      expect(body.data).toBeUndefined();
      expect(body.errors[0].message).toMatch(/aliases/i);
    });

    it("still answers GraphiQL's standard introspection query", async () => {
      for (const query of [getIntrospectionQuery(), getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true, schemaDescription: true, specifiedByUrl: true, directiveIsRepeatable: true, oneOf: true })]) {
        const body = await (await app.fetch('/graphql', gqlPost(query))).json();
        expect(body.errors).toBeUndefined();
        expect(body.data.__schema.queryType.name).toBe('Query');
      }
    });
  });

  describe('security headers', () => {
    it('are on pages and on API answers', async () => {
      for (const p of ['/', '/browse', '/api/stats', '/api/nope']) {
        const res = await app.fetch(p);
        const csp = res.headers.get('content-security-policy') ?? '';
        expect(csp, p).toContain("frame-ancestors 'none'");
        expect(csp, p).toContain("script-src 'self'");
        expect(csp, p).not.toMatch(/script-src[^;]*unsafe-inline/);
        expect(res.headers.get('x-content-type-options'), p).toBe('nosniff');
        expect(res.headers.get('x-frame-options'), p).toBe('DENY');
        expect(res.headers.get('referrer-policy'), p).toBe('strict-origin-when-cross-origin');
      }
    });

    it("allow GraphiQL's inline script by its hash only", async () => {
      const res = await app.fetch('/graphql', { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(await res.text()).toContain('DATA PIT GraphQL');
    });
  });

  describe('request ids and logs', () => {
    const linesOf = (requestId: string) => app.lines.filter((l) => l.requestId === requestId);

    it('tags /graphql, REST and download answers and keeps only a sane incoming id', async () => {
      for (const [p, init] of [['/graphql', gqlPost('{ __typename }')], ['/api/stats', {}], ['/api/files/nope/download', {}]] as const) {
        const res = await app.fetch(p, init);
        expect(res.headers.get('x-request-id'), p).toMatch(/^[0-9a-f-]{36}$/);
      }
      expect((await app.fetch('/api/stats', { headers: { 'x-request-id': 'edge-Trace.1:2' } })).headers.get('x-request-id')).toBe('edge-Trace.1:2');
      for (const bad of ['x'.repeat(200), 'a b', 'id"}{"level":60', 'é']) {
        const id = (await app.fetch('/api/stats', { headers: { 'x-request-id': bad } })).headers.get('x-request-id');
        expect(id).not.toBe(bad);
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
      }
    });

    it('gives every log line of a request its request id, for /graphql, REST and downloads', async () => {
      const user = await makeUser(app.database.prisma, `logger_${kind}`);
      const client = new Client(app);
      expect((await client.json('POST', '/api/auth/login', { usernameOrEmail: user.username, password: STRONG_PASSWORD })).status).toBe(200);
      const requests: Array<[string, RequestInit]> = [
        ['/graphql', gqlPost('{ marketStats { totalUsers } }')],
        ['/graphql', gqlPost('{ nope }')],
        ['/api/contracts?limit=2', {}],
        ['/api/files/nope/download', {}],
      ];
      app.lines.length = 0;
      for (const [p, init] of requests) {
        const res = await client.request(p, init);
        await res.arrayBuffer();
        const id = res.headers.get('x-request-id')!;
        const lines = linesOf(id);
        expect(lines.some((l) => l.msg === 'request' && l.path === p.split('?')[0]), p).toBe(true);
      }
      // Every line written while these requests were served (Yoga's included) is JSON with a request id.
      expect(app.lines.length).toBeGreaterThan(requests.length);
      for (const line of app.lines) expect(typeof line.requestId, JSON.stringify(line)).toBe('string');
    });

    it('does not log an unauthenticated call or bad input at error level', async () => {
      app.lines.length = 0;
      const gql = await app.fetch('/graphql', gqlPost('{ applications(first: 1) { totalCount } }'));
      expect((await gql.json()).errors[0].extensions.code).toBe('UNAUTHENTICATED');
      const badCursor = await app.fetch('/graphql', gqlPost('{ contracts(first: 1, after: "not a cursor") { totalCount } }'));
      expect((await badCursor.json()).errors[0].extensions.code).toBe('INVALID_INPUT');
      const rest = await app.fetch('/api/due-diligence');
      expect(rest.status).toBe(401);
      const download = await app.fetch('/api/files/nope/download');
      expect(download.status).toBe(401);
      expect(app.lines.filter((l) => l.level >= 50)).toEqual([]);
      // Yoga's own line about the refusal carries the id of its request.
      const gqlLines = app.lines.filter((l) => l.requestId === gql.headers.get('x-request-id'));
      expect(gqlLines.some((l) => l.msg !== 'request')).toBe(true);
      for (const line of app.lines) expect(typeof line.requestId).toBe('string');
    });
  });
});
