import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApp, type TestApp, logIn } from '../test/harness.ts';
import { testDatabases } from '../test/databases.ts';
import { makeContract, makeRoles } from '../test/market-fixtures.ts';

// Who sees what of a listing over REST, and that a listing one may not see answers exactly as an
// unknown one (docs/decisions.md "What the list shows").

const BACK_OFFICE_KEYS = ['reviewNotes', 'rejectionReason', 'providerName', 'fileName', 'fileSize', 'dataFileUrl', 'dataAccessUrl', 'accessInstructions'];
const UNKNOWN = '00000000-0000-7000-8000-000000000000';
const PLACE_BID = `mutation($input: PlaceBidInput!) { placeBid(input: $input) { __typename ... on Error { message code reason } } }`;

describe.each(testDatabases())('listings over REST on %s', (kind) => {
  let app: TestApp;
  const as: Record<'anonymous' | 'user' | 'otherProvider' | 'provider' | 'admin', Client> = {} as never;
  const ids: Record<'active' | 'pending' | 'rejected', string> = {} as never;

  const login = (username: string) => logIn(app, username);

  beforeAll(async () => {
    app = await startTestApp(kind);
    const db = app.database.prisma;
    const { provider } = await makeRoles(db);
    for (const status of ['active', 'pending_review', 'rejected'] as const) {
      const c = await makeContract(db, provider.id, { title: `Set ${status}`, category: 'financial', price: '10.00', status });
      await db.contract.update({
        where: { id: c.id },
        data: { reviewNotes: `notes ${status}`, dataAccessUrl: 'https://example.com/data', accessInstructions: 'Use the key', rejectionReason: status === 'rejected' ? 'Too vague' : null },
      });
      ids[status === 'pending_review' ? 'pending' : status] = c.id;
    }
    as.anonymous = new Client(app);
    as.user = await login('buyer');
    as.otherProvider = await login('other');
    as.provider = await login('prov');
    as.admin = await login('boss');
  });
  afterAll(async () => app?.close());

  describe('bids and purchases on a listing that is not active', () => {
    it.each(['pending', 'rejected'] as const)('%s: anyone who may not see it is told it does not exist', async (which) => {
      for (const who of ['user', 'otherProvider'] as const) {
        const unknownBid = await as[who].json('POST', '/api/bids', { contractId: UNKNOWN, bidAmount: 5 });
        const bid = await as[who].json('POST', '/api/bids', { contractId: ids[which], bidAmount: 5 });
        expect(bid).toMatchObject({ status: 404, body: { ...unknownBid.body, requestId: expect.any(String) } });
        expect(bid.body).toEqual({ message: 'Contract not found', code: 'NOT_FOUND', requestId: expect.any(String) });
        const unknownPurchase = await as[who].json('POST', '/api/purchases', { contractId: UNKNOWN });
        const purchase = await as[who].json('POST', '/api/purchases', { contractId: ids[which] });
        expect(purchase).toMatchObject({ status: 404, body: { ...unknownPurchase.body, requestId: expect.any(String) } });
        const gql = await as[who].gql(PLACE_BID, { input: { contractId: ids[which], amount: '5' } });
        expect(gql.data.placeBid).toEqual({ __typename: 'NotFoundError', message: 'Contract not found', code: 'NOT_FOUND', reason: 'NOT_FOUND' });
      }
      expect((await as.anonymous.json('POST', '/api/bids', { contractId: ids[which], bidAmount: 5 })).status).toBe(401);
      expect((await as.anonymous.json('POST', '/api/purchases', { contractId: ids[which] })).status).toBe(401);
    });

    it('its provider and administrators, who may see it, are told why', async () => {
      expect(await as.provider.json('POST', '/api/bids', { contractId: ids.pending, bidAmount: 5 })).toMatchObject({ status: 403, body: { code: 'OWN_CONTRACT' } });
      expect(await as.admin.json('POST', '/api/bids', { contractId: ids.pending, bidAmount: 5 })).toMatchObject({
        status: 409,
        body: { message: 'Bids are only accepted on active contracts', code: 'CONTRACT_NOT_ACTIVE' },
      });
      expect(await as.admin.json('POST', '/api/purchases', { contractId: ids.rejected })).toMatchObject({ status: 409, body: { code: 'CONTRACT_NOT_ACTIVE' } });
      const gql = await as.admin.gql(PLACE_BID, { input: { contractId: ids.pending, amount: '5' } });
      expect(gql.data.placeBid).toMatchObject({ __typename: 'ConflictError', code: 'CONFLICT', reason: 'CONTRACT_NOT_ACTIVE' });
    });
  });

  describe('node(id:)', () => {
    it('is null for a listing one may not see, as for an unknown id; its provider and administrators get it', async () => {
      const NODE = `query($id: ID!) { node(id: $id) { id ... on Contract { title } } }`;
      for (const who of ['anonymous', 'user', 'otherProvider'] as const) {
        expect(await as[who].gql(NODE, { id: encodeGlobalID('Contract', ids.pending) })).toEqual({ data: { node: null } });
        expect(await as[who].gql(NODE, { id: encodeGlobalID('Contract', UNKNOWN) })).toEqual({ data: { node: null } });
      }
      for (const who of ['provider', 'admin'] as const) {
        expect((await as[who].gql(NODE, { id: encodeGlobalID('Contract', ids.pending) })).data.node).toEqual({ id: encodeGlobalID('Contract', ids.pending), title: 'Set pending_review' });
      }
    });
  });

  describe('GET /api/contracts/{id}', () => {
    it('gives the back-office fields to the provider and administrators only', async () => {
      for (const who of ['provider', 'admin'] as const) {
        const res = await as[who].json('GET', `/api/contracts/${ids.active}`);
        expect(res.status).toBe(200);
        for (const key of BACK_OFFICE_KEYS) expect(res.body).toHaveProperty(key);
        expect(res.body).toMatchObject({ reviewNotes: 'notes active', dataAccessUrl: 'https://example.com/data', accessInstructions: 'Use the key', providerName: 'prov' });
        const rejected = await as[who].json('GET', `/api/contracts/${ids.rejected}`);
        expect(rejected.body).toMatchObject({ status: 'rejected', rejectionReason: 'Too vague' });
      }
      for (const who of ['anonymous', 'user', 'otherProvider'] as const) {
        const res = await as[who].json('GET', `/api/contracts/${ids.active}`);
        expect(res.status).toBe(200);
        for (const key of BACK_OFFICE_KEYS) expect(res.body).not.toHaveProperty(key);
        expect(res.body).toMatchObject({ id: ids.active, title: 'Set active', isEnterprise: false, provider: { name: 'prov' } });
        expect((await as[who].json('GET', `/api/contracts/${ids.pending}`)).status).toBe(404);
      }
    });
  });

  describe('GET /api/contracts?status=', () => {
    it('lists the review queue for administrators, with the back-office fields', async () => {
      const res = await as.admin.json('GET', '/api/contracts?status=pending_review');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe('1');
      expect(res.body).toHaveLength(1);
      expect(res.body[0]).toMatchObject({ id: ids.pending, status: 'pending_review', reviewNotes: 'notes pending_review' });
      const rejected = await as.admin.json('GET', '/api/contracts?status=rejected&limit=1&offset=0');
      expect(rejected.body.map((c: { id: string }) => c.id)).toEqual([ids.rejected]);
      expect((await as.admin.json('GET', '/api/contracts?status=rejected&offset=1')).body).toEqual([]);
    });

    it('is 401 for anonymous callers and 403 for everyone else; unknown statuses are a 400', async () => {
      expect((await as.anonymous.json('GET', '/api/contracts?status=pending_review')).status).toBe(401);
      for (const who of ['user', 'otherProvider', 'provider'] as const) {
        expect((await as[who].json('GET', '/api/contracts?status=pending_review')).status).toBe(403);
      }
      expect((await as.admin.json('GET', '/api/contracts?status=sold')).status).toBe(400);
      const active = await as.anonymous.json('GET', '/api/contracts?status=active');
      expect(active.body.map((c: { id: string }) => c.id)).toEqual([ids.active]);
    });
  });
});
