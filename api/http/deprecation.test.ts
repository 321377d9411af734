import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { deprecated, deprecationHeaders, deprecationOf } from './deprecation.ts';
import { documented } from '../rest/openapi/describe.ts';
import { openApiDocument } from '../rest/openapi/document.ts';

// Deprecated routes say so in every answer (docs/api-versioning.md).

const since = new Date('2026-01-01T00:00:00Z');
const sunset = new Date('2026-07-01T00:00:00Z');

describe('a deprecated route', () => {
  it('answers Deprecation (RFC 9745), Sunset (RFC 8594) and Link rel="deprecation", on errors too', async () => {
    const app = new Hono();
    const mark = deprecated({ since, sunset, successor: '/api/v2/things' });
    app.get('/things', mark, (c) => {
      c.header('link', '</things?offset=2>; rel="next"');
      return c.json([]);
    });
    app.get('/broken', mark, (c) => c.json({ code: 'NOT_FOUND' }, 404));
    app.get('/stream', mark, () => new Response('bytes'));
    for (const path of ['/things', '/broken', '/stream']) {
      const res = await app.request(path);
      expect(res.headers.get('deprecation'), path).toBe('@1767225600');
      expect(res.headers.get('sunset')).toBe('Wed, 01 Jul 2026 00:00:00 GMT');
      expect(res.headers.get('link')).toContain('</api/docs>; rel="deprecation"; type="text/html"');
      expect(res.headers.get('link')).toContain('</api/v2/things>; rel="successor-version"');
    }
    // The list's own Link stays.
    expect((await app.request('/things')).headers.get('link')).toContain('rel="next"');
  });

  it('is found on the route by the OpenAPI document, and another handler is not', () => {
    const app = new Hono();
    app.get('/old', deprecated({ since }), (c) => c.text('x'));
    app.get('/new', (c) => c.text('x'));
    const marked = app.routes.filter((r) => deprecationOf(r.handler)).map((r) => r.path);
    expect(marked).toEqual(['/old']);
  });

  it('is marked deprecated: true in the OpenAPI document, and only it', async () => {
    const api = new Hono();
    const doc = (summary: string) => documented({ summary, tag: 'Market', access: 'public', answers: { 200: { description: 'OK' } } });
    api.get('/old-things', doc('Old'), deprecated({ since }), (c) => c.json([]));
    api.get('/things', doc('New'), (c) => c.json([]));
    const document = (await openApiDocument(api)) as { paths: Record<string, { get: { deprecated?: boolean } }> };
    expect(document.paths['/old-things']!.get.deprecated).toBe(true);
    expect(document.paths['/things']!.get.deprecated).toBeUndefined();
  });

  it('without a sunset sends none; a sunset sooner than the promised notice is refused when declared', () => {
    expect(deprecationHeaders({ since })).toEqual({ deprecation: '@1767225600', link: '</api/docs>; rel="deprecation"; type="text/html"' });
    expect(() => deprecated({ since, sunset: new Date('2026-02-01T00:00:00Z') })).toThrow(/at least 180 days/);
  });
});
