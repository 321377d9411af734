import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { PERSISTED_OPERATIONS, persistedOperationId } from './persisted-operations.ts';

// The web app sends its operations by id (Relay's persisted queries); integrators send text
// (docs/decisions.md "Persisted queries").

/** The persisted id of a web operation, as its Relay artifact carries it. */
const idOf = (name: string) => readFileSync(`web/__generated__/${name}.graphql.ts`, 'utf8').match(/"id": "(\w+)"/)![1]!;

describe('persisted operations', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('pglite');
  });
  afterAll(async () => app?.close());

  const post = async (body: unknown) => {
    const res = await app.fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, json: await res.json() };
  };
  const byId = (id: string, variables: Record<string, unknown> = {}) => ({ variables, extensions: { persistedQuery: { version: 1, sha256Hash: id } } });

  it("holds every operation of the web app under the SHA-256 of its text, and Relay's artifacts carry only the id", () => {
    expect(PERSISTED_OPERATIONS.size).toBeGreaterThan(50);
    for (const [id, text] of PERSISTED_OPERATIONS) expect(persistedOperationId(text)).toBe(id);
    const artifact = readFileSync('web/__generated__/TradingFloorQuery.graphql.ts', 'utf8');
    expect(artifact).toMatch(/"text": null/);
    expect(PERSISTED_OPERATIONS.has(idOf('TradingFloorQuery'))).toBe(true);
  });

  it("keeps every operation of the web app within the server's depth limit (fragments count as levels)", async () => {
    // Sent anonymously and without variables: the limits are checked before variables and rules,
    // so each answer is an error of its own or data, never the depth limit's refusal.
    for (const [id, text] of PERSISTED_OPERATIONS) {
      // Subscriptions go over graphql-ws; their documents are shallow and checked the same way there.
      if (text.startsWith('subscription')) continue;
      const { json } = await post(byId(id));
      const refused = (json.errors ?? []).filter((e: { message: string }) => /depth/i.test(e.message));
      expect(refused, text.slice(0, 80)).toEqual([]);
    }
  });

  it('answers an operation sent by id exactly as the same operation sent as text', async () => {
    const id = idOf('TradingFloorQuery');
    const asId = await post({ operationName: 'TradingFloorQuery', ...byId(id) });
    const asText = await post({ operationName: 'TradingFloorQuery', query: PERSISTED_OPERATIONS.get(id) });
    expect(asId.status).toBe(200);
    expect(asId.json.errors).toBeUndefined();
    expect(asId.json).toEqual(asText.json);
    expect(asId.json.data.categories.length).toBeGreaterThan(5);
  });

  it('keeps the rules: a private operation by id is refused to an anonymous caller as by text', async () => {
    const id = idOf('MyDataQuery');
    const asId = await post({ operationName: 'MyDataQuery', ...byId(id) });
    const asText = await post({ operationName: 'MyDataQuery', query: PERSISTED_OPERATIONS.get(id) });
    expect(asId).toEqual(asText);
  });

  it('refuses an id this release does not know with a 400 that says what to do', async () => {
    const res = await post(byId('0'.repeat(64)));
    expect(res.status).toBe(400);
    expect(res.json.errors[0]).toMatchObject({ message: 'Unknown persisted query: reload the page', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } });
  });

  it('refuses a request with neither a query nor an id with a 400', async () => {
    const res = await post({ variables: {} });
    expect(res.status).toBe(400);
    expect(res.json.errors[0].message).toBe('Must provide a query string or a persisted query id');
  });

  it('still runs any query an integrator writes, under the same limits', async () => {
    const res = await post({ query: '{ categories { slug } }' });
    expect(res.status).toBe(200);
    expect(res.json.data.categories[0].slug).toBe('financial');
    const deep = `{ ${'contracts(first: 1) { edges { node { provider { contracts(first: 1) { edges { node { '.repeat(3)}id${' } } } } } } }'.repeat(3)} }`;
    const refused = await post({ query: deep });
    expect(refused.json.errors?.[0]?.message).toMatch(/depth/i);
  });
});
