import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApp, type TestApp } from '../test/harness.ts';
import { testDatabases } from '../test/databases.ts';

// One error language (docs/decisions.md "One error language"): every REST refusal is
// { code, message, requestId } with its code's status, a 401 names its challenge, and GraphQL
// answers its codes as enums and never quotes a parser's error back.
describe.each(testDatabases())('error bodies on %s', (kind) => {
  let app: TestApp;
  let anonymous: Client;
  beforeAll(async () => {
    app = await startTestApp(kind);
    anonymous = new Client(app);
  }, 120_000);
  afterAll(async () => app?.close());

  it('a 404 of a route and of no route carry code, message and the request id of the answer', async () => {
    for (const path of ['/api/contracts/00000000-0000-7000-8000-000000000000', '/api/nothing/here']) {
      const res = await anonymous.request(path, { headers: { 'x-request-id': 'trace-404' } });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String), requestId: 'trace-404' });
    }
    const unnamed = await anonymous.json('GET', '/api/contracts/00000000-0000-7000-8000-000000000000');
    expect(unnamed.body.requestId).toBe(unnamed.headers.get('x-request-id'));
  });

  it('a 401 names its challenge: the session cookie, or the X-API-Key header on the data routes', async () => {
    const me = await anonymous.json('GET', '/api/auth/user');
    expect(me).toMatchObject({ status: 401, body: { code: 'LOGIN_REQUIRED', message: 'Not authenticated', requestId: expect.any(String) } });
    expect(me.headers.get('www-authenticate')).toMatch(/^Cookie realm="api"/);
    const download = await anonymous.json('GET', '/api/data/download/00000000-0000-7000-8000-000000000000');
    expect(download).toMatchObject({ status: 401, body: { code: 'INVALID_API_KEY', requestId: expect.any(String) } });
    expect(download.headers.get('www-authenticate')).toBe('ApiKey realm="data", header="X-API-Key"');
  });

  it('bad JSON, a wrong method and a refused login: each its code', async () => {
    const bad = await anonymous.request('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{bad' });
    expect([bad.status, await bad.json()]).toEqual([400, { code: 'INVALID_INPUT', message: 'Malformed JSON body', requestId: expect.any(String) }]);
    const method = await anonymous.json('DELETE', '/api/contracts');
    expect(method).toMatchObject({ status: 405, body: { code: 'METHOD_NOT_ALLOWED', requestId: expect.any(String) } });
  });

  it("GraphQL's answer to a body that is not JSON is a 400 that does not quote the parser", async () => {
    const res = await anonymous.request('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query": "{ __typename }", broken' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ errors: [{ message: 'POST body sent invalid JSON.', extensions: { code: 'BAD_REQUEST' } }] });
  });

  it("GraphQL's error codes are enums", async () => {
    const res = await anonymous.json('POST', '/graphql', { query: '{ __type(name: "Error") { fields { name type { ofType { name kind } } } } }' });
    const fields = Object.fromEntries(res.body.data.__type.fields.map((f: { name: string; type: { ofType: unknown } }) => [f.name, f.type.ofType]));
    expect(fields.code).toEqual({ name: 'ErrorCode', kind: 'ENUM' });
    expect(fields.reason).toEqual({ name: 'ErrorReason', kind: 'ENUM' });
  });
});
