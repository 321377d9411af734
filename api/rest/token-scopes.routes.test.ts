import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, logIn, startTestApp, type TestApp } from '../test/harness.ts';
import { testDatabases } from '../test/databases.ts';
import { makeRoles } from '../test/market-fixtures.ts';
import { restRouter } from './router.ts';
import { openApiDocument } from './openapi/document.ts';
import { SCOPES, type Scope } from '../domain/tokens/tokens.rules.ts';
import { makeListing, makePurchase, uploadFile } from '../domain/delivery/delivery.fixtures.ts';

// What the OpenAPI document says a personal API token needs (`x-token-scopes`, or
// `x-token-session-only`) is what the routes enforce (docs/decisions.md "Issue 27: token scopes in
// the API reference"): one pass over the document, so a new route is covered by being documented.

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const ANY_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

type Operation = { method: string; path: string; op: any };

let components: any = {};

async function operations(): Promise<Operation[]> {
  const doc = await openApiDocument(restRouter({} as never, () => ''));
  components = doc.components;
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => (item as any)[m]).map((m) => ({ method: m.toUpperCase(), path, op: (item as any)[m] })),
  );
}

describe.each(testDatabases())('token scopes the API reference declares, on %s', (kind) => {
  let app: TestApp;
  let admin: Client;
  let ops: Operation[] = [];
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    app = await startTestApp(kind);
    await makeRoles(app.database.prisma);
    admin = await logIn(app, 'boss');
    ops = await operations();
  });
  afterAll(async () => app?.close());

  /** An administrator's token with exactly `scopes` (one per set, made once). */
  const tokenWith = async (scopes: Scope[]) => {
    const key = [...scopes].sort().join(' ');
    let token = tokens.get(key);
    if (!token) {
      const res = await admin.json('POST', '/api/tokens', { name: `scopes ${tokens.size}`, scopes });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      token = res.body.token as string;
      tokens.set(key, token);
    }
    return token;
  };

  /** The operation called with `token` only: path parameters any id, the documented example as body. */
  const call = async ({ method, path, op }: Operation, token: string) => {
    const params = (op.parameters ?? []).map((p: any) => (p.$ref ? components.parameters[p.$ref.split('/').pop()] : p));
    const query = new URLSearchParams(params.filter((p: any) => p.in === 'query' && p.required).map((p: any) => [p.name, valueOf(p)]));
    const url = `/api${path.replace(/\{(\w+)\}/g, (_, name: string) => valueOf(params.find((p: any) => p.in === 'path' && p.name === name)))}${query.size ? `?${query}` : ''}`;
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    let body: BodyInit | undefined;
    const content = op.requestBody?.content ?? {};
    if (content['multipart/form-data']) {
      const form = new FormData();
      const field = Object.keys(content['multipart/form-data'].schema.properties)[0]!;
      form.set(field, new Blob(['id,value\n1,2\n'], { type: 'text/csv' }), 'file.csv');
      body = form;
    } else if (content['application/json']) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(content['application/json'].example ?? {});
    }
    const res = await app.fetch(url, { method, headers, body });
    const text = await res.text();
    let code: string | undefined;
    try {
      code = JSON.parse(text).code;
    } catch {
      code = undefined;
    }
    return { status: res.status, code, text: text.slice(0, 300) };
  };

  it('declares for every operation that is not public what a token needs: scopes, or session only', () => {
    const undeclared = ops
      .filter(({ op }) => op.security.length > 0 && !op.security.some((r: object) => Object.keys(r).length === 0))
      .filter(({ op }) => !op['x-token-scopes'] && !op['x-token-session-only'])
      .map(({ method, path }) => `${method} ${path}`);
    expect(undeclared).toEqual([]);
    for (const { method, path, op } of ops) {
      const bearer = op.security.some((r: object) => 'bearerAuth' in r);
      expect(bearer, `${method} ${path}: bearerAuth iff x-token-scopes`).toBe(Boolean(op['x-token-scopes']?.length));
      if (op['x-token-session-only']) expect(op.description, `${method} ${path}`).toContain('SESSION_REQUIRED');
      for (const scope of op['x-token-scopes'] ?? []) expect(op.description, `${method} ${path}`).toContain(`\`${scope}\``);
    }
  });

  it('refuses a token without the declared scopes (403 INSUFFICIENT_SCOPE) and lets one with just them past the scope check', async () => {
    const wrong: string[] = [];
    for (const o of ops.filter(({ op }) => op['x-token-scopes'])) {
      const declared = o.op['x-token-scopes'] as Scope[];
      const without = await call(o, await tokenWith(SCOPES.filter((s) => !declared.includes(s))));
      if (without.status !== 403 || without.code !== 'INSUFFICIENT_SCOPE') wrong.push(`${o.method} ${o.path} without ${declared}: ${without.status} ${without.text}`);
      const just = await call(o, await tokenWith(declared));
      if (just.code === 'INSUFFICIENT_SCOPE' || just.code === 'SESSION_REQUIRED') wrong.push(`${o.method} ${o.path} with just ${declared}: ${just.status} ${just.text}`);
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('refuses a token with every scope where the reference says session only (403 SESSION_REQUIRED)', async () => {
    const all = await tokenWith([...SCOPES]);
    const wrong: string[] = [];
    for (const o of ops.filter(({ op }) => op['x-token-session-only'])) {
      const r = await call(o, all);
      if (r.status !== 403 || r.code !== 'SESSION_REQUIRED') wrong.push(`${o.method} ${o.path}: ${r.status} ${r.text}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('delivers data to a token with `data:read` instead of the X-API-Key, as the reference says', async () => {
    const db = app.database.prisma;
    const provider = await logIn(app, 'prov');
    const file = await uploadFile(app, provider, 'rows.csv', 'id,value\n1,2\n');
    const providerId = (await db.user.findUniqueOrThrow({ where: { username: 'prov' } })).id;
    const contract = await makeListing(app, { providerId, title: 'Token delivery', fileId: file.id });
    const buyerId = (await db.user.findUniqueOrThrow({ where: { username: 'buyer' } })).id;
    await makePurchase(app, { buyerId, sellerId: providerId, contractId: contract.id });
    const made = await (await logIn(app, 'buyer')).json('POST', '/api/tokens', { name: 'delivery', scopes: ['data:read'] });
    const get = (path: string) => app.fetch(path, { headers: { authorization: `Bearer ${made.body.token}` } });
    const download = await get(`/api/data/download/${contract.id}`);
    expect(download.status, await download.clone().text()).toBe(200);
    expect(await download.text()).toBe('id,value\n1,2\n');
    const stream = await get(`/api/data/stream/${contract.id}`);
    expect(stream.status).toBe(200);
    expect(JSON.parse((await stream.text()).trim().split('\n')[0]!)).toEqual({ id: '1', value: '2' });
  });

  it('needs no scope where the reference declares none (public operations)', async () => {
    const wrong: string[] = [];
    for (const o of ops.filter(({ op }) => !op['x-token-scopes'] && !op['x-token-session-only'])) {
      for (const missing of SCOPES) {
        const r = await call(o, await tokenWith(SCOPES.filter((s) => s !== missing)));
        if (r.code === 'INSUFFICIENT_SCOPE' || r.code === 'SESSION_REQUIRED') wrong.push(`${o.method} ${o.path} without ${missing}: ${r.status} ${r.text}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});

/** A value a parameter accepts: its example, the first of its values, else any id (a lookup of nothing). */
function valueOf(p: any): string {
  const schema = p?.schema ?? {};
  const example = p?.example ?? schema.example ?? schema.examples?.[0] ?? schema.enum?.[0];
  if (example !== undefined) return String(example);
  if (p?.name === 'month') return '2026-03';
  return ANY_ID;
}
