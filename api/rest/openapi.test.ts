import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, logIn, startTestApp, type TestApp } from '../test/harness.ts';
import { testDatabases } from '../test/databases.ts';
import { makeContract, makeUser } from '../test/market-fixtures.ts';
import { restRouter } from './router.ts';
import { DOCUMENT_PATHS, openApiDocument } from './openapi/document.ts';
import { DOCUMENTED_REST } from '../../bench/fuzz/rest.ts';

// The OpenAPI document (docs/decisions.md "The OpenAPI document") is generated from the routes:
// every route is in it and nothing else is, a validator accepts it, and real answers of the
// routes fit the schemas it prints for them.

type Document = Awaited<ReturnType<typeof openApiDocument>>;
const router = restRouter({} as never, () => '');
const toTemplate = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function routesOf() {
  // A route registered with middlewares is listed once per handler.
  const routes = router.routes.filter((r) => r.method !== 'ALL' && !DOCUMENT_PATHS.includes(r.path)).map((r) => `${r.method} ${toTemplate(r.path)}`);
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
    const missing = DOCUMENTED_REST.map((d) => d.replace(/\{\w+\}|:\w+/g, '{}')).filter((d) => !operations.has(d));
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
    expect(error.properties.code.enum).toEqual(expect.arrayContaining(['NOT_FOUND', 'DUE_DILIGENCE_REQUIRED', 'INVALID_API_KEY', 'NOT_STREAMABLE']));
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
    expect((doc.paths['/data/download/{contractId}'] as any).get.security).toEqual([{ apiKey: [] }]);
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
    expectDocumented('POST', '/bids', await buyer.json('POST', '/api/bids', { contractId, bidAmount: 20, message: 'For the lot' }));
    expectDocumented('POST', '/bids', await anon.json('POST', '/api/bids', { contractId, bidAmount: 20 }));
    expectDocumented('GET', '/bids/contract/{id}', await anon.json('GET', `/api/bids/contract/${contractId}`));
    expectDocumented('GET', '/bids/contract/{id}', await anon.json('GET', `/api/bids/contract/${contractId}?limit=1`));
    const placed = await buyer.json('POST', '/api/bids', { contractId, bidAmount: 21 });
    expectDocumented('POST', '/bids/{id}/withdraw', await provider.json('POST', `/api/bids/${placed.body.id}/withdraw`));
    expectDocumented('POST', '/bids/{id}/withdraw', await buyer.json('POST', `/api/bids/${placed.body.id}/withdraw`));
    expectDocumented('POST', '/bids/{id}/withdraw', await buyer.json('POST', `/api/bids/${placed.body.id}/withdraw`));
    expectDocumented('POST', '/purchases', await buyer.json('POST', '/api/purchases', { contractId }));
    expectDocumented('GET', '/purchases/buyer/{userId}', await buyer.json('GET', `/api/purchases/buyer/${buyerId}`));
    expectDocumented('GET', '/purchases/buyer/{userId}', await buyer.json('GET', `/api/purchases/buyer/${providerId}`));
  });

  it('fits what the account, provider and admin routes answer', async () => {
    expectDocumented('GET', '/auth/user', await buyer.json('GET', '/api/auth/user'));
    expectDocumented('GET', '/auth/user', await anon.json('GET', '/api/auth/user'));
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
    expectDocumented('GET', '/payments/contract/{contractId}', await buyer.json('GET', `/api/payments/contract/${contractId}`));
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
