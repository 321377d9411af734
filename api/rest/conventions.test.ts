import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, logIn, startTestApp, type TestApp } from '../test/harness.ts';
import { testDatabases } from '../test/databases.ts';
import { makeContract, makeUser } from '../test/market-fixtures.ts';
import { localDiskStorage, uploadsRoot } from '../storage/storage.ts';
import { restRouter } from './router.ts';
import { allowedMethodsOf } from './allowed-methods.ts';
import { pageLinks } from './page-links.ts';
import { matchesIfNoneMatch } from '../http/etag.ts';

// The HTTP conventions integrators expect of the REST paths (docs/decisions.md "REST conventions"):
// 405 with Allow, X-Total-Count and Link on paged lists, ETag and If-None-Match on GET answers,
// Accept-Ranges and ETag on downloads.

const ROUTES = restRouter({} as never, () => '').routes;
const concrete = (routePath: string) => `/api${routePath.replace(/:\w+/g, '00000000-0000-7000-8000-000000000000')}`;

describe('allowed methods', () => {
  const allowed = allowedMethodsOf(restRouter({} as never, () => ''));

  it('are the methods of the routes of a path, HEAD with GET; none for an unknown path', () => {
    expect(allowed('/stats')).toEqual(['GET', 'HEAD']);
    expect(allowed('/contracts')).toEqual(['GET', 'HEAD', 'POST']);
    expect(allowed('/contracts/abc')).toEqual(['GET', 'HEAD', 'PATCH']);
    expect(allowed('/auth/login')).toEqual(['POST']);
    expect(allowed('/nothing/here')).toEqual([]);
  });
});

describe('page links', () => {
  it('name the first, previous and next pages, keeping the other parameters', () => {
    expect(pageLinks('http://h/api/contracts?limit=2', { offset: 0, limit: 2, hasNext: false })).toBeNull();
    expect(pageLinks('http://h/api/contracts?category=financial&limit=2', { offset: 0, limit: 2, hasNext: true })).toBe(
      '</api/contracts?category=financial&limit=2&offset=2>; rel="next"',
    );
    expect(pageLinks('http://h/api/contracts?offset=3&limit=2&search=a+b', { offset: 3, limit: 2, hasNext: true })).toBe(
      '</api/contracts?limit=2&search=a+b>; rel="first", </api/contracts?offset=1&limit=2&search=a+b>; rel="prev", </api/contracts?offset=5&limit=2&search=a+b>; rel="next"',
    );
  });
});

describe('If-None-Match', () => {
  it('matches weakly, in lists and with *', () => {
    expect(matchesIfNoneMatch('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('*', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, 'W/"abc"')).toBe(false);
  });
});

describe.each(testDatabases())('REST conventions on %s', (kind) => {
  let app: TestApp;
  let anonymous: Client;
  let provider: Client;
  let admin: Client;
  let fileId: string;
  const fileBytes = 'id,value\n' + Array.from({ length: 200 }, (_, i) => `${i},${i * 2}`).join('\n') + '\n';

  beforeAll(async () => {
    app = await startTestApp(kind);
    const db = app.database.prisma;
    const prov = await makeUser(db, 'prov', { dueDiligenceStatus: 'approved' });
    await makeUser(db, 'boss', { isAdmin: true });
    for (let i = 0; i < 5; i++) await makeContract(db, prov.id, { title: `Set ${i}`, category: 'financial', price: '10.00', createdAt: new Date(Date.UTC(2026, 0, 1 + i)) });
    for (let i = 0; i < 3; i++) await makeContract(db, prov.id, { title: `Queued ${i}`, category: 'financial', price: '10.00', status: 'pending_review' });
    // A listing file as an upload leaves it: the bytes in storage, a row naming them.
    const storageKey = `conventions/${kind}.csv`;
    await localDiskStorage(uploadsRoot(app.config.dataDir)).write(storageKey, Readable.from([fileBytes]));
    const file = await db.dataFile.create({
      data: {
        uploaderId: prov.id,
        fileName: 'values.csv',
        contentType: 'text/csv',
        size: BigInt(Buffer.byteLength(fileBytes)),
        sha256: createHash('sha256').update(fileBytes).digest('hex'),
        storageKey,
      },
    });
    fileId = file.id;
    anonymous = new Client(app);
    provider = await logIn(app, 'prov');
    admin = await logIn(app, 'boss');
  });
  afterAll(async () => app?.close());

  describe('a wrong method', () => {
    it('is a 405 with Allow on every REST path, and an unknown path stays a 404', async () => {
      const byPath = new Map<string, Set<string>>();
      for (const route of ROUTES) byPath.set(route.path, (byPath.get(route.path) ?? new Set()).add(route.method));
      for (const [routePath, methods] of byPath) {
        const wrong = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].find((m) => !methods.has(m))!;
        const res = await anonymous.request(concrete(routePath), { method: wrong });
        expect(res.status, `${wrong} ${routePath}`).toBe(405);
        const allow = res.headers.get('allow')!.split(', ');
        for (const m of methods) expect(allow, routePath).toContain(m);
        expect(allow).not.toContain(wrong);
        expect((await res.json()).message).toContain(`Method ${wrong} is not allowed here`);
      }
      const unknown = await anonymous.request('/api/nothing/here', { method: 'DELETE' });
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('allow')).toBeNull();
    });

    it('OPTIONS answers the methods of a path', async () => {
      const res = await anonymous.request('/api/contracts', { method: 'OPTIONS' });
      expect(res.status).toBe(204);
      expect(res.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
    });
  });

  describe('paged lists', () => {
    it('GET /api/contracts carries X-Total-Count and links to its neighbours', async () => {
      const first = await anonymous.json('GET', '/api/contracts?limit=2&sortBy=newest');
      expect(first.headers.get('x-total-count')).toBe('5');
      expect(first.headers.get('link')).toBe('</api/contracts?limit=2&sortBy=newest&offset=2>; rel="next"');
      const middle = await anonymous.json('GET', '/api/contracts?limit=2&sortBy=newest&offset=2');
      expect(middle.headers.get('link')).toBe(
        '</api/contracts?limit=2&sortBy=newest>; rel="first", </api/contracts?limit=2&sortBy=newest>; rel="prev", </api/contracts?limit=2&sortBy=newest&offset=4>; rel="next"',
      );
      const last = await anonymous.json('GET', '/api/contracts?limit=2&sortBy=newest&offset=4');
      expect(last.body.map((c: { title: string }) => c.title)).toEqual(['Set 0']);
      expect(last.headers.get('link')).not.toContain('rel="next"');
      // Following the links walks the whole list once.
      const titles: string[] = [];
      let next: string | undefined = '/api/contracts?limit=2&sortBy=newest';
      while (next) {
        const page = await anonymous.json('GET', next);
        titles.push(...page.body.map((c: { title: string }) => c.title));
        next = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')?.[1];
      }
      expect(titles).toEqual(['Set 4', 'Set 3', 'Set 2', 'Set 1', 'Set 0']);
    });

    it('the review queue too', async () => {
      const res = await admin.json('GET', '/api/contracts?status=pending_review&limit=2');
      expect(res.headers.get('x-total-count')).toBe('3');
      expect(res.headers.get('link')).toBe('</api/contracts?status=pending_review&limit=2&offset=2>; rel="next"');
    });
  });

  describe('entity tags on GET answers', () => {
    it('a public answer has an ETag, and sending it back answers 304 without a body', async () => {
      const res = await anonymous.request('/api/stats');
      const etag = res.headers.get('etag')!;
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const again = await anonymous.request('/api/stats', { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect((await anonymous.request('/api/stats', { headers: { 'if-none-match': 'W/"other"' } })).status).toBe(200);
    });

    it('a changed answer has another tag', async () => {
      const before = (await anonymous.request('/api/contracts?limit=50')).headers.get('etag')!;
      const prov = await app.database.prisma.user.findFirstOrThrow({ where: { username: 'prov' } });
      await makeContract(app.database.prisma, prov.id, { title: 'Set new', category: 'financial', price: '10.00' });
      // The row went in behind the app's back (no domain event): ask past the response cache.
      const after = await anonymous.request('/api/contracts?limit=50&search=set');
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).not.toBe(before);
      expect((await anonymous.request('/api/contracts?limit=50&search=set', { headers: { 'if-none-match': before } })).status).toBe(200);
    });

    it('an answer to a logged-in caller is private', async () => {
      const res = await provider.request('/api/auth/user');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      expect((await provider.request('/api/auth/user', { headers: { 'if-none-match': res.headers.get('etag')! } })).status).toBe(304);
    });

    it('errors and writes carry none', async () => {
      expect((await anonymous.request('/api/contracts/nope')).headers.get('etag')).toBeNull();
      expect((await anonymous.json('POST', '/api/auth/login', { username: 'prov', password: 'wrong' })).headers.get('etag')).toBeNull();
    });
  });

  describe('a listing file download', () => {
    it('carries Accept-Ranges and ETag, and resumes with Range', async () => {
      const full = await provider.request(`/api/files/${fileId}/download`);
      expect(full.status).toBe(200);
      expect(full.headers.get('accept-ranges')).toBe('bytes');
      const etag = full.headers.get('etag')!;
      expect(etag).toBe(`"${createHash('sha256').update(fileBytes).digest('hex')}"`);
      expect(await full.text()).toBe(fileBytes);
      const part = await provider.request(`/api/files/${fileId}/download`, { headers: { range: 'bytes=9-', 'if-range': etag } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 9-${fileBytes.length - 1}/${fileBytes.length}`);
      expect(await part.text()).toBe(fileBytes.slice(9));
      // The file changed since (another tag): the whole file again.
      expect((await provider.request(`/api/files/${fileId}/download`, { headers: { range: 'bytes=9-', 'if-range': '"stale"' } })).status).toBe(200);
      const beyond = await provider.request(`/api/files/${fileId}/download`, { headers: { range: `bytes=${fileBytes.length + 5}-` } });
      expect(beyond.status).toBe(416);
      expect(beyond.headers.get('content-range')).toBe(`bytes */${fileBytes.length}`);
      expect((await anonymous.request(`/api/files/${fileId}/download`)).status).toBe(401);
    });
  });
});
