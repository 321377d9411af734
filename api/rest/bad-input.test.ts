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
        expect((await admin.json('GET', `/api/due-diligence/user/${id}`)).body).toEqual({ message: 'No application found' });
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
