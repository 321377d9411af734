import { encodeGlobalID, offsetToCursor } from '@pothos/plugin-relay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApp, STRONG_PASSWORD, type TestApp, logIn } from '../test/harness.ts';
import { testDatabases } from '../test/databases.ts';
import { makeContract, makeUser } from '../test/market-fixtures.ts';

// Bad input is the caller's mistake: a 4xx with a message (GraphQL: an error with a code), never a
// 500. Each case here answered 500 before (found by bench/fuzz.ts).

const NODE = `query($id: ID!) { node(id: $id) { id } }`;
const PAGE = `query($after: String) { contracts(first: 5, after: $after) { totalCount edges { cursor } } }`;
const raw = (s: string) => Buffer.from(s).toString('base64');

describe.each(testDatabases())('bad input on %s', (kind) => {
  let app: TestApp;
  let anon: Client;
  let user: Client;
  let admin: Client;
  let contractId: string;

  const login = (username: string) => logIn(app, username);

  beforeAll(async () => {
    app = await startTestApp(kind);
    const db = app.database.prisma;
    const provider = await makeUser(db, 'prov', { dueDiligenceStatus: 'approved' });
    await makeUser(db, 'someone');
    await makeUser(db, 'boss', { isAdmin: true });
    contractId = (await makeContract(db, provider.id, { title: 'Public Set', category: 'financial', price: '10.00' })).id;
    anon = new Client(app);
    user = await login('someone');
    admin = await login('boss');
  });
  afterAll(async () => app?.close());

  describe('GET /api/due-diligence/user/{not a user}', () => {
    it('is 404 for a user and an administrator, 401 for anonymous', async () => {
      for (const id of ['not-a-user', '00000000-0000-7000-8000-000000000000', 'x'.repeat(5000)]) {
        expect((await user.json('GET', `/api/due-diligence/user/${id}`)).status).toBe(404);
        expect((await admin.json('GET', `/api/due-diligence/user/${id}`)).body).toEqual({ code: 'NOT_FOUND', message: 'No application found', requestId: expect.any(String) });
        expect((await anon.json('GET', `/api/due-diligence/user/${id}`)).status).toBe(401);
      }
    });
  });

  describe('a NUL byte', () => {
    it('in a path id is "not found"', async () => {
      expect(await anon.json('GET', '/api/contracts/a%00b')).toMatchObject({ status: 404, body: { message: 'Contract not found' } });
      expect(await anon.json('GET', '/api/bids/contract/%00')).toMatchObject({ status: 404, body: { message: 'Contract not found' } });
      expect(await user.json('GET', '/api/files/a%00b/download')).toMatchObject({ status: 404, body: { message: 'File not found' } });
      expect((await user.json('GET', '/api/due-diligence/user/a%00b')).status).toBe(404);
      expect((await admin.json('PATCH', '/api/contracts/a%00b', { status: 'active' })).status).toBe(404);
      expect((await admin.json('PATCH', '/api/due-diligence/a%00b', { status: 'approved' })).status).toBe(404);
    });

    it('in a JSON string is a 400 or the answer for an unknown value', async () => {
      const login = await anon.json('POST', '/api/auth/login', { usernameOrEmail: 'some\u0000one', password: STRONG_PASSWORD });
      expect(login.status).toBe(400);
      expect(login.body.message).toMatch(/^Invalid input/);
      expect((await user.json('POST', '/api/bids', { contractId: `${contractId}\u0000`, bidAmount: 5 })).status).toBe(404);
      expect((await user.json('POST', '/api/purchases', { contractId: '\u0000' })).status).toBe(404);
      const bid = await user.json('POST', '/api/bids', { contractId, bidAmount: 5, message: 'hi\u0000there' });
      expect(bid.status).toBe(400);
    });

    it('in GraphQL variables is INVALID_INPUT, not an internal error', async () => {
      const res = await anon.gql(`mutation($input: LoginInput!) { login(input: $input) { __typename } }`, {
        input: { usernameOrEmail: 'a\u0000b', password: 'x' },
      });
      expect(res.errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
    });
  });

  describe('node(id:)', () => {
    it('is INVALID_INPUT for a malformed global id', async () => {
      for (const id of ['garbage', '', raw('Contract'), raw(':')]) {
        const res = await user.gql(NODE, { id });
        expect(res.data.node).toBeNull();
        expect(res.errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
        expect(res.errors?.[0]?.message).toMatch(/Invalid global ID/);
      }
    });

    it('is null for an unknown type name or a valid type with an unknown or garbage id', async () => {
      for (const id of [
        encodeGlobalID('Nope', contractId),
        encodeGlobalID('PriceTick', contractId),
        encodeGlobalID('Contract', 'garbage'),
        encodeGlobalID('Contract', '00000000-0000-7000-8000-000000000000'),
        encodeGlobalID('User', 'a\u0000b'),
      ]) {
        const res = await user.gql(NODE, { id });
        expect(res).toEqual({ data: { node: null } });
      }
      expect((await user.gql(NODE, { id: encodeGlobalID('Contract', contractId) })).data.node).toEqual({ id: encodeGlobalID('Contract', contractId) });
    });
  });

  describe('deeply nested JSON', () => {
    /** `{"a":{"a":...leaf...}}` as text: JSON.stringify itself cannot write 9,000 levels reliably. */
    const nested = (levels: number, leaf = '1') => `${'{"a":'.repeat(levels)}${leaf}${'}'.repeat(levels)}`;
    const LISTING = {
      title: 'Deeply nested sample',
      description: 'A listing whose sample rows are nested far deeper than any table of data would be.',
      category: 'financial',
      price: '100',
      dataFormat: 'json',
      updateFrequency: 'daily',
      sampleSize: '100 rows',
      geographicCoverage: 'World',
      dataSource: 'Our own collection',
      dataAccessType: 'external_link',
      dataAccessUrl: 'https://data.example.com/deep',
      complianceAcknowledged: true,
      qualityAcknowledged: true,
      legalAcknowledged: true,
    };
    /** The listing as JSON text with `sampleData` spliced in as text. */
    const withSample = (sample: string) => JSON.stringify(LISTING).replace(/}$/, `,"sampleData":${sample}}`);
    const contracts = () => app.database.prisma.contract.count();
    const CREATE = `mutation($input: ListingInput!) { createListing(input: $input) { __typename ... on Error { message code } ... on ValidationError { fieldErrors { field message } } } }`;

    it('a REST body nested 9,000 levels is a 400 with a message, and nothing is stored', async () => {
      const provider = await login('prov');
      const before = await contracts();
      const post = (path: string, body: string) => provider.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      const listing = await post('/api/contracts', withSample(`[${nested(9000)}]`));
      expect(listing.status).toBe(400);
      expect(await listing.json()).toEqual({ message: 'The JSON body is nested deeper than 32 levels', code: 'INVALID_INPUT', requestId: expect.any(String) });
      // Any route's body, before its own schema.
      const login2 = await post('/api/auth/login', `{"usernameOrEmail":${nested(9000, '"x"')},"password":"x"}`);
      expect(login2.status).toBe(400);
      expect((await login2.json()).message).toBe('The JSON body is nested deeper than 32 levels');
      expect(await contracts()).toBe(before);
    });

    it('GraphQL variables nested 9,000 levels are a 400 with a message, and nothing is stored', async () => {
      const provider = await login('prov');
      const before = await contracts();
      const res = await provider.request('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"query":${JSON.stringify(CREATE)},"variables":{"input":${withSample(`[${nested(9000)}]`)}}}`,
      });
      expect(res.status).toBe(400);
      expect((await res.json()).errors[0].message).toBe('GraphQL variables are nested deeper than 32 levels');
      expect(await contracts()).toBe(before);
    });

    it('a GraphQL document nested 3,000 levels (an inline JSON value) is a 400 with a message', async () => {
      const provider = await login('prov');
      const literal = `${'{a:'.repeat(3000)}1${'}'.repeat(3000)}`;
      const query = `mutation { createListing(input: { title: "x", description: "y", category: "financial", price: "1", dataFormat: csv, updateFrequency: daily, sampleSize: "1", geographicCoverage: "w", dataSource: "s", dataAccessType: external_link, complianceAcknowledged: true, qualityAcknowledged: true, legalAcknowledged: true, sampleData: [${literal}] }) { __typename } }`;
      const res = await provider.request('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
      expect(res.status).toBe(400);
      expect((await res.json()).errors[0].message).toBe('The GraphQL document is nested deeper than 64 levels');
    });

    it('sample rows nest at most 10 levels: deeper is a field error on sampleData, over REST and GraphQL', async () => {
      const provider = await login('prov');
      const before = await contracts();
      // A row is one level; its values may nest 9 more.
      const rest = await provider.json('POST', '/api/contracts', JSON.parse(withSample(`[{"ok":1},${nested(11)}]`)));
      expect(rest.status).toBe(400);
      expect(rest.body).toMatchObject({ message: 'Sample rows may nest at most 10 levels', code: 'INVALID_INPUT', fieldErrors: [{ field: 'sampleData.1', message: 'Sample rows may nest at most 10 levels' }] });
      const gql = await provider.gql(CREATE, { input: JSON.parse(withSample(`[${nested(11)}]`)) });
      expect(gql.data.createListing).toMatchObject({ __typename: 'ValidationError', code: 'INVALID_INPUT', fieldErrors: [{ field: 'sampleData.0', message: 'Sample rows may nest at most 10 levels' }] });
      expect(await contracts()).toBe(before);
      // Exactly 10 levels is kept as sent.
      const kept = await provider.json('POST', '/api/contracts', JSON.parse(withSample(`[${nested(10)}]`)));
      expect(kept.status).toBe(201);
      expect(kept.body.sampleData).toEqual([JSON.parse(nested(10))]);
    });
  });

  describe('an `after` cursor', () => {
    it('with a negative, non-numeric or huge offset is INVALID_INPUT', async () => {
      for (const after of [raw('OffsetConnection:-5'), raw('OffsetConnection:abc'), raw('OffsetConnection:99999999999999999999'), raw('OffsetConnection:1e400'), 'garbage']) {
        const res = await anon.gql(PAGE, { after });
        expect(res.errors?.[0]).toMatchObject({ message: 'Invalid cursor', extensions: { code: 'INVALID_INPUT' } });
      }
      const ok = await anon.gql(PAGE, { after: offsetToCursor(0) });
      expect(ok.errors).toBeUndefined();
    });

    it('over REST, a huge offset is a 400', async () => {
      expect((await anon.json('GET', '/api/contracts?offset=1e300')).status).toBe(400);
      expect((await anon.json('GET', '/api/contracts?offset=-1')).status).toBe(400);
    });
  });
});
