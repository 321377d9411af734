import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, logIn, startTestApp, type TestApp } from '../test/harness.ts';
import { testDatabases } from '../test/databases.ts';
import { makeContract, makeUser } from '../test/market-fixtures.ts';
import { restRouter } from './router.ts';
import { DOCUMENT_PATHS, openApiDocument, PATH_ALIASES } from './openapi/document.ts';
import { TAGS } from './openapi/tags.ts';
import { REST_ERROR_CODES } from './statuses.ts';
import { DisputeStatus, PaymentStatus, PurchaseStatus, TicketStatus } from '../db/generated/prisma/enums.ts';
import { DOCUMENTED_REST } from '../../bench/fuzz/rest.ts';

// The OpenAPI document (docs/decisions.md "The OpenAPI document") is generated from the routes:
// every route is in it and nothing else is, a validator accepts it, and real answers of the
// routes fit the schemas it prints for them.

type Document = Awaited<ReturnType<typeof openApiDocument>>;
const router = restRouter({} as never, () => '');
const toTemplate = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The first paths of the lookups the document prints at their unambiguous path (PATH_ALIASES). */
const ORIGINALS = new Map(PATH_ALIASES.map((a) => [`GET ${toTemplate(a.original)}`, `GET ${toTemplate(a.path)}`]));

function routesOf() {
  // A route registered with middlewares is listed once per handler.
  const routes = router.routes
    .filter((r) => r.method !== 'ALL' && !DOCUMENT_PATHS.includes(r.path))
    .map((r) => `${r.method} ${toTemplate(r.path)}`)
    .filter((route) => !ORIGINALS.has(route));
  return [...new Set(routes)].sort();
}

function operationsOf(doc: Document) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => (item as Record<string, unknown>)[m]).map((m) => `${m.toUpperCase()} ${path}`),
  );
}

describe('the OpenAPI document', () => {
  let doc: Document;
  beforeAll(async () => {
    doc = await openApiDocument(router);
  });

  it('has every REST route and nothing else', () => {
    expect(operationsOf(doc).sort()).toEqual(routesOf());
    expect(routesOf().length).toBeGreaterThanOrEqual(47);
  });

  it('has every REST path the README lists', () => {
    const operations = new Set(operationsOf(doc).map((op) => `${op.split(' ')[0]} /api${op.split(' ')[1]}`.replace(/\{\w+\}/g, '{}')));
    // A first path the document prints at its unambiguous path counts as that one.
    const canonical = (d: string) => {
      const [method, path] = d.split(' ') as [string, string];
      const alias = ORIGINALS.get(`${method} ${toTemplate(path.replace(/^\/api/, ''))}`);
      return alias ? `${alias.split(' ')[0]} /api${alias.split(' ')[1]}` : d;
    };
    const missing = DOCUMENTED_REST.map((d) => canonical(d).replace(/\{\w+\}|:\w+/g, '{}')).filter((d) => !operations.has(d));
    expect(missing).toEqual([]);
  });

  it('describes each operation: a summary, who may call it, its answers and the error shape', () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        const op = (item as Record<string, any>)[method];
        if (!op) continue;
        const where = `${method.toUpperCase()} ${path}`;
        expect(op.summary, where).toBeTruthy();
        expect(op.description, where).toMatch(/\*\*Who:\*\*/);
        const ok = Object.keys(op.responses).filter((s) => s.startsWith('2'));
        expect(ok.length, where).toBeGreaterThan(0);
        expect(op.responses['400'].content['application/json'].schema.$ref, where).toBe('#/components/schemas/Error');
        if (['post', 'patch'].includes(method) && path !== '/auth/logout' && !path.endsWith('/close') && !path.endsWith('/rotate') && !path.endsWith('/withdraw') && !/\/(pause|resume|delist)$/.test(path) && !/\/sign-out(-others)?$/.test(path) && !path.endsWith('/two-factor/enrolment') && !/^\/webhooks\/\{id\}\/(test|enable|deliveries\/\{deliveryId\}\/redeliver)$/.test(path)) {
          const content = op.requestBody?.content ?? {};
          expect(content['application/json']?.schema ?? content['multipart/form-data']?.schema, `${where} has a body schema`).toBeTruthy();
        }
      }
    }
  });

  it('documents the error body, each code with its status, and the 401 challenge', () => {
    const error = (doc.components as any).schemas.Error;
    expect(error.required).toEqual(expect.arrayContaining(['code', 'message', 'requestId']));
    expect((doc.components as any).schemas.ErrorCode.enum).toEqual(expect.arrayContaining(['NOT_FOUND', 'DUE_DILIGENCE_REQUIRED', 'INVALID_API_KEY', 'NOT_STREAMABLE']));
    expect(doc.info.description).toMatch(/\| 401 \| `LOGIN_REQUIRED`, `INVALID_CREDENTIALS`, (`[A-Z_]+`, )*`INVALID_API_KEY` \|/);
    const download = (doc.paths['/data/download/{contractId}'] as any).get.responses;
    expect(download['401'].headers['WWW-Authenticate']).toBeTruthy();
    expect(download['403'].description).toMatch(/`ACCESS_DENIED`/);
  });

  it('names the data key and the session as security schemes', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      session: { type: 'apiKey', in: 'cookie', name: 'pit_session' },
    });
    // The data key, or a personal API token with data:read (the token's own purchase decides).
    expect((doc.paths['/data/download/{contractId}'] as any).get.security).toEqual([{ apiKey: [] }, { bearerAuth: [] }]);
    expect((doc.paths['/data/download/{contractId}'] as any).get['x-token-scopes']).toEqual(['data:read']);
  });

  it('is valid OpenAPI 3.1 (swagger-parser)', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('prints the query a route validates with', () => {
    const op = (doc.paths['/contracts'] as any).get;
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['category', 'minPrice', 'maxPrice', 'search', 'sortBy', 'limit', 'offset', 'status']),
    );
    expect(op.responses['200'].headers).toHaveProperty('X-Total-Count');
  });

  /** Every operation, with its method and path. */
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) => METHODS.filter((m) => (item as any)[m]).map((method) => ({ path, method, op: (item as any)[method] })));
  const paramNames = (op: any) => (op.parameters ?? []).map((p: any) => (p.$ref ? (doc.components as any).parameters[p.$ref.split('/').pop()].name : p.name));

  it('has valid examples: each one fits the schema it illustrates', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const checked: string[] = [];
    const check = (where: string, schema: unknown, example: unknown) => {
      const validate = ajv.compile({ ...(schema as object), components: doc.components });
      validate(example);
      expect(validate.errors ?? [], `${where}: ${JSON.stringify(example)}`).toEqual([]);
      checked.push(where);
    };
    const media = (where: string, content: Record<string, any> | undefined) => {
      for (const [type, m] of Object.entries(content ?? {})) {
        if (m.example !== undefined) check(`${where} ${type}`, m.schema ?? {}, m.example);
        for (const [name, ex] of Object.entries<any>(m.examples ?? {})) check(`${where} ${type} ${name}`, m.schema ?? {}, ex.value);
      }
    };
    for (const { path, method, op } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      media(`${where} body`, op.requestBody?.content);
      for (const [status, answer] of Object.entries<any>(op.responses)) media(`${where} ${status}`, answer.content);
      for (const p of op.parameters ?? []) if (p.example !== undefined) check(`${where} ${p.name}`, p.schema, p.example);
    }
    for (const [name, schema] of Object.entries<any>((doc.components as any).schemas)) {
      for (const example of schema.examples ?? []) check(`schema ${name}`, schema, example);
    }
    // The bodies that carry an example today (a listing, a payment, a message...) were all checked.
    expect(checked.length).toBeGreaterThanOrEqual(5);
  });

  it("prints closed sets as enums taken from the schema's own lists", () => {
    const schemas = (doc.components as any).schemas;
    expect(schemas.Payment.properties.status.enum).toEqual(Object.values(PaymentStatus));
    expect(schemas.Payment.properties.nextStatuses.items.enum).toEqual(Object.values(PaymentStatus));
    expect(schemas.Purchase.properties.status.enum).toEqual(Object.values(PurchaseStatus));
    expect(schemas.Dispute.properties.status.enum).toEqual(Object.values(DisputeStatus));
    expect(schemas.SupportTicket.properties.status.enum).toEqual(Object.values(TicketStatus));
    for (const name of ['Bid', 'Contract', 'Position', 'DueDiligenceApplication']) expect(schemas[name].properties.status.enum, name).toBeTruthy();
    expect(schemas.ErrorCode.enum).toEqual(REST_ERROR_CODES);
    expect(schemas.Error.properties.code.$ref).toBe('#/components/schemas/ErrorCode');
  });

  it('names every header: Idempotency-Key on each POST, If-None-Match and 304 on JSON reads, Range on files, X-API-Key on delivery', () => {
    for (const { path, method, op } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      const names = paramNames(op);
      if (method === 'post') expect(names, where).toContain('Idempotency-Key');
      const types = Object.keys(op.responses['200']?.content ?? {});
      if (method === 'get' && types.join() === 'application/json') {
        expect(names, where).toContain('If-None-Match');
        expect(op.responses['304'], where).toBeTruthy();
      }
      if (op.responses['206']) expect(names, where).toEqual(expect.arrayContaining(['Range', 'If-Range']));
      if (op.responses['429']) {
        expect(Object.keys(op.responses['429'].headers), where).toEqual(['RateLimit', 'RateLimit-Policy', 'Retry-After']);
        for (const [status, answer] of Object.entries<any>(op.responses)) if (status.startsWith('2')) expect(Object.keys(answer.headers ?? {}), `${where} ${status}`).toEqual(expect.arrayContaining(['RateLimit', 'RateLimit-Policy']));
      }
    }
    const paths = doc.paths as any;
    for (const [path, method] of [['/auth/login', 'post'], ['/auth/register', 'post'], ['/messages', 'post'], ['/support/tickets', 'post'], ['/auth/login/two-factor', 'post']] as const) {
      expect(paths[path][method].responses['429'], `${method} ${path} is limited`).toBeTruthy();
    }
    for (const path of ['/data/download/{contractId}', '/data/stream/{contractId}']) expect(paramNames(paths[path].get)).toContain('X-API-Key');
    const download = paths['/data/download/{contractId}'].get;
    expect(Object.keys(download.responses['200'].content)).toEqual(expect.arrayContaining(['application/octet-stream', 'text/csv', 'application/json', 'application/zip']));
    expect(download.responses['206']).toBeTruthy();
    expect(download.responses['302']).toBeUndefined();
    expect(Object.keys(paths['/data/stream/{contractId}'].get.responses['200'].content)).toContain('application/x-ndjson');
  });

  it('has a license, a contact, described tags, one id per operation, no ambiguous paths, and the token scheme', () => {
    expect(doc.info.license?.name).toBeTruthy();
    expect(doc.info.contact?.url).toBeTruthy();
    const tags = new Map((doc.tags ?? []).map((t) => [t.name, t.description]));
    expect([...tags.keys()].sort()).toEqual(Object.keys(TAGS).sort());
    const ids = new Set<string>();
    for (const { path, method, op } of operations()) {
      for (const tag of op.tags) expect(tags.get(tag), `${method} ${path} tag ${tag}`).toBeTruthy();
      expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(ids.has(op.operationId), op.operationId).toBe(false);
      ids.add(op.operationId);
    }
    // Redocly's no-ambiguous-paths: two paths of one length whose literal segments never differ.
    const paths = Object.keys(doc.paths);
    const isVar = (segment: string) => /^\{.+\}$/.test(segment);
    for (const [i, a] of paths.entries()) {
      for (const b of paths.slice(i + 1)) {
        const [sa, sb] = [a.split('/'), b.split('/')];
        const same = sa.length === sb.length && sa.every((s, k) => isVar(s) || isVar(sb[k]!) || s === sb[k]) && sa.filter(isVar).length === sb.filter(isVar).length;
        expect(same, `${a} and ${b} are ambiguous`).toBe(false);
      }
    }
    expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect((doc.paths['/contracts'] as any).get['x-token-scopes']).toEqual(['market:read']);
  });
});

describe.each(testDatabases())('the document against the routes on %s', (kind) => {
  let app: TestApp;
  let doc: Document;
  let ajv: Ajv2020;
  let anon: Client;
  let buyer: Client;
  let provider: Client;
  let admin: Client;
  let buyerId: string;
  let providerId: string;
  let contractId: string;

  /** Checks an answer against the schema the document prints for its operation and status. */
  function expectDocumented(method: string, template: string, answer: { status: number; body: unknown; headers?: Headers }) {
    const op = (doc.paths[template] as any)?.[method.toLowerCase()];
    expect(op, `${method} ${template} is documented`).toBeTruthy();
    const response = op.responses[String(answer.status)];
    expect(response, `${method} ${template} documents ${answer.status}`).toBeTruthy();
    const schema = response.content?.['application/json']?.schema;
    expect(schema, `${method} ${template} ${answer.status} has a JSON schema`).toBeTruthy();
    const validate = ajv.compile({ ...schema, components: doc.components });
    const ok = validate(answer.body);
    expect(validate.errors ?? [], `${method} ${template} ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`).toEqual([]);
    expect(ok).toBe(true);
    // Every list answer says how many items the list has (docs/decisions.md "REST conventions").
    if (Array.isArray(answer.body) && answer.status === 200) {
      expect(response.headers?.['X-Total-Count'], `${method} ${template} documents X-Total-Count`).toBeTruthy();
      const total = answer.headers?.get('x-total-count');
      expect(total, `${method} ${template} X-Total-Count`).not.toBeNull();
      if (!answer.headers?.get('link')) expect(Number(total)).toBeGreaterThanOrEqual(answer.body.length);
    }
  }

  beforeAll(async () => {
    app = await startTestApp(kind);
    const db = app.database.prisma;
    providerId = (await makeUser(db, 'oaprov', { dueDiligenceStatus: 'approved' })).id;
    buyerId = (await makeUser(db, 'oabuyer')).id;
    await makeUser(db, 'oaboss', { isAdmin: true });
    contractId = (await makeContract(db, providerId, { title: 'Documented Set', category: 'financial', price: '25.00' })).id;
    anon = new Client(app);
    buyer = await logIn(app, 'oabuyer');
    provider = await logIn(app, 'oaprov');
    admin = await logIn(app, 'oaboss');
    ajv = new Ajv2020({ strict: false, allErrors: true });
    const res = await anon.request('/api/openapi.json');
    expect(res.status).toBe(200);
    doc = (await res.json()) as Document;
  });
  afterAll(async () => app?.close());

  it('serves the document and the offline reference page', async () => {
    const page = await anon.request('/api/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/api/docs/swagger-ui-bundle.js');
    expect(html).not.toMatch(/https?:\/\/(?!localhost)/);
    for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css', 'init.js', 'page.css']) {
      const res = await anon.request(`/api/docs/${file}`);
      expect(res.status, file).toBe(200);
      expect((await res.arrayBuffer()).byteLength, file).toBeGreaterThan(100);
    }
    expect((await anon.request('/api/docs/nothing.js')).status).toBe(404);
  });

  it('fits what the market routes answer', async () => {
    expectDocumented('GET', '/stats', await anon.json('GET', '/api/stats'));
    expectDocumented('GET', '/contracts', await anon.json('GET', '/api/contracts?limit=5'));
    expectDocumented('GET', '/contracts', await anon.json('GET', '/api/contracts?limit=500'));
    expectDocumented('GET', '/contracts/{id}', await anon.json('GET', `/api/contracts/${contractId}`));
    expectDocumented('GET', '/contracts/{id}', await provider.json('GET', `/api/contracts/${contractId}`));
    expectDocumented('GET', '/contracts/{id}', await anon.json('GET', '/api/contracts/00000000-0000-7000-8000-000000000000'));
    // The 304 the document prints for If-None-Match is what a JSON read answers.
    const first = await anon.request(`/api/contracts/${contractId}`);
    const kept = await anon.request(`/api/contracts/${contractId}`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(kept.status).toBe(304);
    expect((doc.paths['/contracts/{id}'] as any).get.responses['304']).toBeTruthy();
    expectDocumented('POST', '/bids', await buyer.json('POST', '/api/bids', { contractId, bidAmount: 20, message: 'For the lot' }));
    expectDocumented('POST', '/bids', await anon.json('POST', '/api/bids', { contractId, bidAmount: 20 }));
    expectDocumented('GET', '/contracts/{id}/bids', await anon.json('GET', `/api/contracts/${contractId}/bids`));
    expectDocumented('GET', '/contracts/{id}/bids', await anon.json('GET', `/api/bids/contract/${contractId}?limit=1`));
    const placed = await buyer.json('POST', '/api/bids', { contractId, bidAmount: 21 });
    expectDocumented('POST', '/bids/{id}/withdraw', await provider.json('POST', `/api/bids/${placed.body.id}/withdraw`));
    expectDocumented('POST', '/bids/{id}/withdraw', await buyer.json('POST', `/api/bids/${placed.body.id}/withdraw`));
    expectDocumented('POST', '/bids/{id}/withdraw', await buyer.json('POST', `/api/bids/${placed.body.id}/withdraw`));
    expectDocumented('POST', '/purchases', await buyer.json('POST', '/api/purchases', { contractId }));
    expectDocumented('GET', '/users/{userId}/purchases', await buyer.json('GET', `/api/users/${buyerId}/purchases`));
    expectDocumented('GET', '/users/{userId}/purchases', await buyer.json('GET', `/api/purchases/buyer/${providerId}`));
    expectDocumented('GET', '/users/{userId}/purchases', await buyer.json('GET', `/api/users/${providerId}/purchases`));
  });

  it('fits what the account, provider and admin routes answer', async () => {
    expectDocumented('GET', '/auth/user', await buyer.json('GET', '/api/auth/user'));
    expectDocumented('GET', '/auth/user', await anon.json('GET', '/api/auth/user'));
    // The preferences: one per kind the domain lists, each kind in the document's enum.
    const preferences = await buyer.json('GET', '/api/notifications/preferences');
    const validate = ajv.compile({ ...(doc.paths['/notifications/preferences'] as any).get.responses['200'].content['application/json'].schema, components: doc.components });
    expect(validate(preferences.body), JSON.stringify(validate.errors)).toBe(true);
    expectDocumented('GET', '/notifications', await buyer.json('GET', '/api/notifications'));
    expectDocumented('POST', '/auth/login', await new Client(app).json('POST', '/api/auth/login', { usernameOrEmail: 'oabuyer', password: 'wrong' }));
    expectDocumented('GET', '/due-diligence/status', await provider.json('GET', '/api/due-diligence/status'));
    expectDocumented('GET', '/due-diligence', await admin.json('GET', '/api/due-diligence'));
    expectDocumented('GET', '/contracts', await admin.json('GET', '/api/contracts?status=pending_review'));
    expectDocumented('GET', '/platform/earnings', await admin.json('GET', '/api/platform/earnings'));
    expectDocumented('GET', '/platform/earnings', await buyer.json('GET', '/api/platform/earnings'));
  });

  it('fits what payments and data delivery answer', async () => {
    const payment = await buyer.json('POST', '/api/payments', { contractId, paymentMethod: 'card' });
    expectDocumented('POST', '/payments', payment);
    expectDocumented('POST', '/payments', await buyer.json('POST', '/api/payments', { contractId, paymentMethod: 'cheque' }));
    const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' };
    const paid = await buyer.json('POST', `/api/payments/${payment.body.id}/escrow`, { card });
    expectDocumented('POST', '/payments/{id}/escrow', paid);
    expectDocumented('GET', '/contracts/{contractId}/payments', await buyer.json('GET', `/api/payments/contract/${contractId}`));
    const atBoth = [await buyer.json('GET', `/api/contracts/${contractId}/payments`), await buyer.json('GET', `/api/payments/contract/${contractId}`)];
    expect(atBoth[0]).toMatchObject({ status: 200, body: atBoth[1]!.body });
    expectDocumented('GET', '/contracts/{contractId}/payments', atBoth[0]!);
    expectDocumented('GET', '/data/access/{purchaseId}', await buyer.json('GET', `/api/data/access/${paid.body.purchase.id}`));
    expectDocumented('POST', '/data/access/{purchaseId}/rotate', await buyer.json('POST', `/api/data/access/${paid.body.purchase.id}/rotate`));
    expectDocumented('POST', '/payments/{id}/dispute', await buyer.json('POST', `/api/payments/${payment.body.id}/dispute`, { reason: 'data_quality', description: 'Rows are missing.' }));
    expectDocumented('POST', '/payments/{id}/settle', await admin.json('POST', `/api/payments/${payment.body.id}/settle`, { decision: 'refund', note: 'Agreed' }));
  });

  it('fits what a listing that changes answers (issue 26)', async () => {
    const db = app.database.prisma;
    const id = (await makeContract(db, providerId, { title: 'Documented Changes', category: 'financial', price: '30.00' })).id;
    await db.contract.update({ where: { id }, data: { dataAccessType: 'external_link', dataAccessUrl: 'https://data.example.com/doc' } });
    const edited = await provider.json('PATCH', `/api/contracts/${id}/details`, { price: 35, category: 'energy' });
    expectDocumented('PATCH', '/contracts/{id}/details', edited);
    expectDocumented('PATCH', '/contracts/{id}/details', await provider.json('PATCH', `/api/contracts/${id}/details`, { pricingModel: 'one_time' }));
    expectDocumented('PATCH', '/listing-revisions/{id}', await admin.json('PATCH', `/api/listing-revisions/${edited.body.latestRevision.id}`, { status: 'approved' }));
    expectDocumented('POST', '/contracts/{id}/pause', await provider.json('POST', `/api/contracts/${id}/pause`));
    expectDocumented('POST', '/contracts/{id}/pause', await buyer.json('POST', `/api/contracts/${id}/pause`));
    expectDocumented('POST', '/contracts/{id}/resume', await provider.json('POST', `/api/contracts/${id}/resume`));
    expectDocumented('POST', '/contracts/{id}/delist', await provider.json('POST', `/api/contracts/${id}/delist`));
    expectDocumented('POST', '/contracts/{id}/resume', await provider.json('POST', `/api/contracts/${id}/resume`));
  });

  it('fits what messaging, support and trading answer', async () => {
    const sent = await buyer.json('POST', '/api/messages', { recipientId: providerId, content: 'Is the set complete?', contractId });
    expectDocumented('POST', '/messages', sent);
    expectDocumented('GET', '/messages/conversations', await buyer.json('GET', '/api/messages/conversations'));
    expectDocumented('GET', '/messages', await provider.json('GET', `/api/messages?conversationId=${sent.body.conversationId}`));
    expectDocumented('GET', '/messages/unread/{userId}', await buyer.json('GET', `/api/messages/unread/${buyerId}`));
    const ticket = await new Client(app).json('POST', '/api/support/tickets', { name: 'Visitor', email: 'visitor@example.com', subject: 'Invoices', message: 'Where are my invoices?' });
    expectDocumented('POST', '/support/tickets', ticket);
    expectDocumented('GET', '/support/admin/tickets', await admin.json('GET', '/api/support/admin/tickets'));
    expectDocumented('POST', '/support/messages', await admin.json('POST', '/api/support/messages', { ticketId: ticket.body.id, message: 'Under Billing.' }));
    expectDocumented('GET', '/support/tickets/{id}/messages', await admin.json('GET', `/api/support/tickets/${ticket.body.id}/messages`));
    expectDocumented('PATCH', '/support/tickets/{id}', await admin.json('PATCH', `/api/support/tickets/${ticket.body.id}`, { status: 'resolved' }));
    expectDocumented('POST', '/positions', await buyer.json('POST', '/api/positions', { contractId, positionType: 'long', quantity: 2, leverage: 3 }));
    expectDocumented('GET', '/positions', await buyer.json('GET', '/api/positions'));
  });
});
