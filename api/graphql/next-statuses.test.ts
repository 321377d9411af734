import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApp, type TestApp, logIn } from '../test/harness.ts';
import { makeContract, makeUser, toGlobalId } from '../test/market-fixtures.ts';

// Screens read what may come next from the schema instead of copying the status machines.
describe('nextStatuses', () => {
  let app: TestApp;
  const ids: Record<string, string> = {};

  const login = (username: string) => logIn(app, username);

  beforeAll(async () => {
    app = await startTestApp('pglite');
    const db = app.database.prisma;
    const provider = await makeUser(db, 'prov', { dueDiligenceStatus: 'approved' });
    const buyer = await makeUser(db, 'buyer');
    await makeUser(db, 'boss', { isAdmin: true });
    ids.live = (await makeContract(db, provider.id, { title: 'Live', category: 'financial', price: '100.00' })).id;
    ids.waiting = (await makeContract(db, provider.id, { title: 'Waiting', category: 'financial', price: '100.00', status: 'pending_review' })).id;
    ids.bid = (await db.bid.create({ data: { contractId: ids.live, bidderId: buyer.id, amount: '90.00' } })).id;
    ids.declined = (await db.bid.create({ data: { contractId: ids.live, bidderId: buyer.id, amount: '80.00', status: 'declined' } })).id;
    const application = await db.dueDiligenceApplication.create({
      data: {
        userId: buyer.id, status: 'submitted', legalBusinessName: 'Buyer Data LLC', businessType: 'llc', businessAddress: '1 Main St',
        businessEmail: 'b@example.com', businessPhone: '+1 555 0100', businessDescription: 'x'.repeat(60), dataTypes: ['Education'],
        hasDataPrivacyPolicy: true, gdprCompliant: true, ccpaCompliant: true, hasUserConsent: true, hasDataProcessingAgreements: true,
      },
    });
    ids.application = application.id;
  }, 120_000);
  afterAll(async () => app?.close());

  it('on contracts and their bids', async () => {
    const q = `query($id: ID!) { contract(id: $id) { status nextStatuses bids { edges { node { bidId status nextStatuses } } } } }`;
    const live = (await new Client(app).gql(q, { id: ids.live })).data.contract;
    expect(live).toMatchObject({ status: 'active', nextStatuses: ['inactive', 'paused', 'delisted'] });
    const byId = Object.fromEntries(live.bids.edges.map((e: any) => [e.node.bidId, e.node.nextStatuses]));
    expect(byId).toEqual({ [ids.bid!]: ['accepted', 'declined', 'withdrawn'], [ids.declined!]: [] });
    const waiting = (await (await login('prov')).gql(q, { id: ids.waiting })).data.contract;
    expect(waiting).toMatchObject({ status: 'pending_review', nextStatuses: ['active', 'rejected'] });
  });

  it('on due diligence applications', async () => {
    const res = await (await login('boss')).gql(`query($id: ID!) { node(id: $id) { ... on DueDiligenceApplication { status nextStatuses } } }`, {
      id: toGlobalId('DueDiligenceApplication', ids.application!),
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.node).toEqual({ status: 'submitted', nextStatuses: ['under_review', 'requires_clarification', 'approved', 'rejected'] });
  });
});
