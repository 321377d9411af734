import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, logIn, startTestApp, STRONG_PASSWORD, type TestApp } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { makeContract, makeUser, toGlobalId } from '../../test/market-fixtures.ts';
import { SUCCESS_CARD } from '../payments/payments.testbed.ts';
import { toldAbout, whoWasTold } from '../notifications/notices/told.fixtures.ts';
import { canTransition } from '../transitions/transition.ts';
import { LISTING_MACHINE } from './listings.machine.ts';

// Issue 26, listings that change (docs/decisions.md "Issue 26: listings that change"): the
// provider pauses, resumes and delists a listing; a paused one takes no sale and no bid; edits of
// a live listing take effect at once or wait in a revision the back office decides.

describe('the listing machine', () => {
  it('pauses and resumes a live listing, delists it for good', () => {
    expect(canTransition(LISTING_MACHINE, 'active', 'paused')).toBe(true);
    expect(canTransition(LISTING_MACHINE, 'paused', 'active')).toBe(true);
    expect(canTransition(LISTING_MACHINE, 'active', 'delisted')).toBe(true);
    expect(canTransition(LISTING_MACHINE, 'paused', 'delisted')).toBe(true);
    for (const to of ['active', 'paused', 'pending_review', 'inactive'] as const) expect(canTransition(LISTING_MACHINE, 'delisted', to)).toBe(false);
    for (const from of ['pending_review', 'rejected', 'inactive'] as const) expect(canTransition(LISTING_MACHINE, from, 'paused')).toBe(false);
  });
});

describe.each(testDatabases())('listings that change on %s', (kind) => {
  let app: TestApp;
  const ids: Record<string, string> = {};
  const db = () => app.database.prisma;
  const login = (who: string) => logIn(app, who);
  const listing = async (title: string, extra: { status?: 'active' | 'pending_review'; price?: string } = {}) => {
    const c = await makeContract(db(), ids.prov!, { title, category: 'financial', price: extra.price ?? '100.00', status: extra.status ?? 'active' });
    await db().contract.update({ where: { id: c.id }, data: {
        dataAccessType: 'external_link',
        dataAccessUrl: 'https://data.example.com/x',
        // as the listing form leaves them
        sampleSize: '1,000 rows',
        geographicCoverage: 'Worldwide',
        dataSource: 'Exchange feeds, cleaned daily',
        complianceAcknowledged: true,
        qualityAcknowledged: true,
        legalAcknowledged: true,
      },
    });
    if ((extra.status ?? 'active') === 'active') await db().priceTick.create({ data: { contractId: c.id, price: c.price, source: 'listing' } });
    return c.id;
  };
  const buy = async (buyer: Client, contractId: string) => {
    const created = await buyer.json('POST', '/api/payments', { contractId, paymentMethod: 'card' });
    expect(created.status).toBe(201);
    return buyer.json('POST', `/api/payments/${created.body.id}/escrow`, { card: SUCCESS_CARD });
  };

  beforeAll(async () => {
    app = await startTestApp(kind);
    ids.prov = (await makeUser(db(), 'prov', { dueDiligenceStatus: 'approved' })).id;
    ids.other = (await makeUser(db(), 'other', { dueDiligenceStatus: 'approved' })).id;
    ids.ann = (await makeUser(db(), 'ann')).id;
    ids.bob = (await makeUser(db(), 'bob')).id;
    ids.boss = (await makeUser(db(), 'boss', { isAdmin: true })).id;
  }, 120_000);
  afterAll(async () => app?.close());

  describe('pause, resume, delist over REST', () => {
    it('only the provider moves the listing: anonymous 401, another user or an administrator 403, unknown 404', async () => {
      const id = await listing('Who Pauses');
      expect((await new Client(app).json('POST', `/api/contracts/${id}/pause`)).status).toBe(401);
      const other = await (await login('other')).json('POST', `/api/contracts/${id}/pause`);
      expect(other).toMatchObject({ status: 403, body: { code: 'NOT_OWNER' } });
      expect((await (await login('boss')).json('POST', `/api/contracts/${id}/pause`)).status).toBe(403);
      expect((await (await login('prov')).json('POST', '/api/contracts/0196c4a0-0000-7000-8000-00000000ffff/pause')).status).toBe(404);
      // Someone else's listing in review does not exist for them.
      const pending = await listing('Still In Review', { status: 'pending_review' });
      expect((await (await login('other')).json('POST', `/api/contracts/${pending}/pause`)).status).toBe(404);
      expect((await db().contract.findUniqueOrThrow({ where: { id } })).status).toBe('active');
    });

    it('pauses, resumes and delists with a history row each; a delisted listing never comes back', async () => {
      const id = await listing('Round Trip');
      const prov = await login('prov');
      const paused = await prov.json('POST', `/api/contracts/${id}/pause`);
      expect(paused).toMatchObject({ status: 200, body: { status: 'paused' } });
      expect(await prov.json('POST', `/api/contracts/${id}/pause`)).toMatchObject({ status: 409, body: { code: 'INVALID_TRANSITION', message: 'This listing is already paused' } });
      const resumedAt = new Date();
      expect((await prov.json('POST', `/api/contracts/${id}/resume`)).body.status).toBe('active');
      // back on sale, its freshness promise starts again from the resume (docs/decisions.md "Issue 26: the freshness promise")
      // (a daily listing: due a day and its grace after the resume)
      const checks = await db().job.findMany({ where: { kind: 'freshness.check', status: 'pending', key: { startsWith: `freshness:${id}:` } } });
      expect(checks).toHaveLength(1);
      expect(checks[0]!.runAt.getTime()).toBeGreaterThanOrEqual(resumedAt.getTime() + 30 * 60 * 60_000);
      expect(await prov.json('POST', `/api/contracts/${id}/resume`)).toMatchObject({ status: 409, body: { message: 'This listing is not paused' } });
      expect((await prov.json('POST', `/api/contracts/${id}/delist`)).body.status).toBe('delisted');
      expect((await prov.json('POST', `/api/contracts/${id}/resume`)).status).toBe(409);
      const history = await db().statusChange.findMany({ where: { subject: 'contract', subjectId: id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
      expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorId])).toEqual([
        ['active', 'paused', ids.prov],
        ['paused', 'active', ids.prov],
        ['active', 'delisted', ids.prov],
      ]);
      // A listing in review is not on the market: nothing to pause.
      const pending = await listing('Not Yet Live', { status: 'pending_review' });
      expect((await prov.json('POST', `/api/contracts/${pending}/pause`)).status).toBe(409);
    });

    it('a paused listing takes no bid and no payment, its page still answers, and the market lists it no more', async () => {
      const id = await listing('Paused Rates');
      const ann = await login('ann');
      const bob = await login('bob');
      const openBid = await bob.json('POST', '/api/bids', { contractId: id, bidAmount: 80 });
      expect(openBid.status).toBe(201);
      // A payment started before the pause cannot be confirmed during it.
      const started = await ann.json('POST', '/api/payments', { contractId: id, paymentMethod: 'card' });
      expect(started.status).toBe(201);
      const prov = await login('prov');
      expect((await prov.json('POST', `/api/contracts/${id}/pause`)).status).toBe(200);

      const bid = await ann.json('POST', '/api/bids', { contractId: id, bidAmount: 90 });
      expect(bid).toMatchObject({ status: 409, body: { code: 'CONTRACT_NOT_ACTIVE', message: expect.stringContaining('paused') } });
      const pay = await ann.json('POST', '/api/payments', { contractId: id, paymentMethod: 'card' });
      expect(pay).toMatchObject({ status: 409, body: { code: 'CONTRACT_NOT_ACTIVE', message: expect.stringContaining('paused') } });
      const escrow = await ann.json('POST', `/api/payments/${started.body.id}/escrow`, { card: SUCCESS_CARD });
      expect(escrow).toMatchObject({ status: 409, body: { code: 'CONTRACT_NOT_ACTIVE', message: expect.stringContaining('paused') } });
      // The open bid waits: it cannot be accepted now, it can be declined or withdrawn.
      const accept = await prov.gql(`mutation($id: ID!) { acceptBid(input: { bidId: $id }) { __typename ... on Error { reason message } } }`, { id: toGlobalId('Bid', openBid.body.id) });
      expect(accept.data.acceptBid).toMatchObject({ reason: 'CONTRACT_NOT_ACTIVE', message: expect.stringContaining('paused') });
      expect((await db().bid.findUniqueOrThrow({ where: { id: openBid.body.id } })).status).toBe('open');

      const page = await new Client(app).json('GET', `/api/contracts/${id}`);
      expect(page).toMatchObject({ status: 200, body: { status: 'paused' } });
      const market = await new Client(app).json('GET', '/api/contracts?search=Paused%20Rates');
      expect(market.body.map((c: { id: string }) => c.id)).not.toContain(id);

      expect((await prov.json('POST', `/api/contracts/${id}/resume`)).status).toBe(200);
      expect((await ann.json('POST', '/api/bids', { contractId: id, bidAmount: 90 })).status).toBe(201);
      expect((await ann.json('POST', `/api/payments/${started.body.id}/escrow`, { card: SUCCESS_CARD })).status).toBe(200);
    });

    it('tells buyers with access and waiting bidders; a delisting declines open bids and tells their bidders once', async () => {
      const id = await listing('Told Of Pauses');
      const ann = await login('ann');
      const bob = await login('bob');
      expect((await buy(ann, id)).status).toBe(200);
      const bid = await bob.json('POST', '/api/bids', { contractId: id, bidAmount: 50 });
      const prov = await login('prov');
      expect((await prov.json('POST', `/api/contracts/${id}/pause`)).status).toBe(200);
      await app.jobs.runDue();
      expect(await whoWasTold(db(), 'listing.paused', 'contractId', id)).toEqual([ids.ann, ids.bob].sort());
      const told = await toldAbout(db(), 'listing.paused', 'contractId', id);
      expect(told.find((t) => t.userId === ids.ann)?.body).toContain('your access goes on');
      expect(told.find((t) => t.userId === ids.bob)?.body).toContain('your bid stays');

      expect((await prov.json('POST', `/api/contracts/${id}/resume`)).status).toBe(200);
      await app.jobs.runDue();
      expect(await whoWasTold(db(), 'listing.resumed', 'contractId', id)).toEqual([ids.bob]);

      expect((await prov.json('POST', `/api/contracts/${id}/delist`)).status).toBe(200);
      const declined = await db().bid.findUniqueOrThrow({ where: { id: bid.body.id } });
      expect(declined.status).toBe('declined');
      expect(await db().statusChange.count({ where: { subjectId: bid.body.id, toStatus: 'declined', note: 'Listing delisted' } })).toBe(1);
      await app.jobs.runDue();
      expect(await whoWasTold(db(), 'listing.delisted', 'contractId', id)).toEqual([ids.ann, ids.bob].sort());
      // The buyer keeps the data: the purchase is untouched.
      expect(await db().purchase.count({ where: { contractId: id, buyerId: ids.ann, status: 'active' } })).toBe(1);
    });

    it('the same moves in GraphQL, with the errors as union members', async () => {
      const id = await listing('Graph Moves');
      const move = (client: Client, field: string) =>
        client.gql(`mutation($id: ID!) { ${field}(input: { contractId: $id }) { __typename ... on Error { reason } ... on Mutation${field[0]!.toUpperCase()}${field.slice(1)}Success { data { status } } } }`, { id: toGlobalId('Contract', id) });
      expect((await move(new Client(app), 'pauseListing')).data.pauseListing.__typename).toBe('AuthenticationError');
      expect((await move(await login('other'), 'pauseListing')).data.pauseListing.reason).toBe('NOT_OWNER');
      const prov = await login('prov');
      expect((await move(prov, 'pauseListing')).data.pauseListing.data.status).toBe('paused');
      expect((await move(prov, 'resumeListing')).data.resumeListing.data.status).toBe('active');
      expect((await move(prov, 'delistListing')).data.delistListing.data.status).toBe('delisted');
    });
  });

  describe('editing a live listing', () => {
    it('wording and price change at once (a price tick), the category waits in a revision the administrator approves', async () => {
      const id = await listing('Edited Live', { price: '100.00' });
      const prov = await login('prov');
      const edit = await prov.json('PATCH', `/api/contracts/${id}/details`, { title: 'Edited Live Feed', price: 120, category: 'energy' });
      expect(edit).toMatchObject({ status: 200, body: { title: 'Edited Live Feed', price: '120.00', marketPrice: '120.00', category: 'financial', status: 'active', latestRevision: { status: 'pending', category: 'energy' } } });
      const ticks = await db().priceTick.findMany({ where: { contractId: id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
      expect(ticks.map((t) => [t.source, t.price.toFixed(2)])).toEqual([['listing', '100.00'], ['price_change', '120.00']]);

      // A second proposal replaces the first: one revision waits per listing.
      expect((await prov.json('PATCH', `/api/contracts/${id}/details`, { category: 'technology' })).body.latestRevision.category).toBe('technology');
      const pending = await db().contractRevision.findMany({ where: { contractId: id } });
      expect(pending).toHaveLength(1);

      const path = `/api/listing-revisions/${pending[0]!.id}`;
      expect((await new Client(app).json('PATCH', path, { status: 'approved' })).status).toBe(401);
      expect((await prov.json('PATCH', path, { status: 'approved' })).status).toBe(403);
      const boss = await login('boss');
      expect((await boss.json('PATCH', path, { status: 'maybe' })).status).toBe(400);
      expect(await boss.json('PATCH', path, { status: 'approved' })).toMatchObject({ status: 200, body: { status: 'approved' } });
      expect((await boss.json('PATCH', path, { status: 'rejected' })).status).toBe(409);
      expect((await db().contract.findUniqueOrThrow({ where: { id } })).category).toBe('technology');
      await app.jobs.runDue();
      expect(await whoWasTold(db(), 'listing.revision_approved', 'contractId', id)).toEqual([ids.prov]);
    });

    it('a rejected revision keeps the listing as approved and tells the provider why', async () => {
      const id = await listing('Link Moves');
      const prov = await login('prov');
      const edit = await prov.json('PATCH', `/api/contracts/${id}/details`, { dataAccessUrl: 'https://elsewhere.example.com/y' });
      const revisionId = edit.body.latestRevision.id;
      const boss = await login('boss');
      expect((await boss.json('PATCH', `/api/listing-revisions/${revisionId}`, { status: 'rejected', rejectionReason: 'The link is dead' })).status).toBe(200);
      expect((await db().contract.findUniqueOrThrow({ where: { id } })).dataAccessUrl).toBe('https://data.example.com/x');
      await app.jobs.runDue();
      expect(await toldAbout(db(), 'listing.revision_rejected', 'contractId', id)).toEqual([expect.objectContaining({ userId: ids.prov, body: expect.stringContaining('The link is dead') })]);
      // The administrator sees the revisions waiting; the decided one is gone from the queue.
      const queue = await boss.gql(`{ listingRevisionsForReview(first: 50) { edges { node { revisionId } } } }`);
      expect(queue.data.listingRevisionsForReview.edges.map((e: { node: { revisionId: string } }) => e.node.revisionId)).not.toContain(revisionId);
    });

    it('a price change after a sale leaves the market price at the sale (no tick)', async () => {
      const id = await listing('Sold Then Repriced', { price: '40.00' });
      expect((await buy(await login('bob'), id)).status).toBe(200);
      const ticks = await db().priceTick.count({ where: { contractId: id } });
      const edit = await (await login('prov')).json('PATCH', `/api/contracts/${id}/details`, { price: '55.00' });
      expect(edit.body).toMatchObject({ price: '55.00', marketPrice: '40.00' });
      expect(await db().priceTick.count({ where: { contractId: id } })).toBe(ticks);
    });

    it('refuses bad input with 400 and others with 401/403; the file changes through a release', async () => {
      const id = await listing('Guarded Edits');
      const prov = await login('prov');
      expect((await new Client(app).json('PATCH', `/api/contracts/${id}/details`, { title: 'Anonymous title' })).status).toBe(401);
      expect((await (await login('other')).json('PATCH', `/api/contracts/${id}/details`, { title: 'Not my listing' })).status).toBe(403);
      expect((await (await login('boss')).json('PATCH', `/api/contracts/${id}/details`, { title: 'Admin edit' })).status).toBe(403);
      expect(await prov.json('PATCH', `/api/contracts/${id}/details`, { price: -3 })).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT' } });
      expect((await prov.json('PATCH', `/api/contracts/${id}/details`, { title: 'x' })).status).toBe(400);
      expect((await prov.json('PATCH', `/api/contracts/${id}/details`, { category: 'not-a-category' })).status).toBe(400);
      expect((await prov.json('PATCH', `/api/contracts/${id}/details`, { pricingModel: 'annual_subscription' })).status).toBe(400);
      expect((await prov.json('PATCH', `/api/contracts/${id}/details`, { dataAccessType: 'file_upload' })).status).toBe(400);
      expect(await prov.json('PATCH', `/api/contracts/${id}/details`, { fileId: '0196c4a0-0000-7000-8000-000000000005' })).toMatchObject({ status: 400, body: { code: 'RELEASE_REQUIRED' } });
      expect(await db().contractRevision.count({ where: { contractId: id } })).toBe(0);
    });

    it('a listing waiting for review takes the changes directly, in GraphQL too', async () => {
      const id = await listing('Pending Edit', { status: 'pending_review' });
      const prov = await login('prov');
      const res = await prov.gql(
        `mutation($id: ID!) { updateListing(input: { contractId: $id, changes: { category: "energy", price: "75.00" } }) { __typename ... on Error { message } ... on MutationUpdateListingSuccess { data { status category price latestRevision { status } } } } }`,
        { id: toGlobalId('Contract', id) },
      );
      expect(res.data.updateListing.data).toEqual({ status: 'pending_review', category: 'energy', price: '75.00', latestRevision: null });
    });
  });

  it('account deletion delists a paused listing (it can no longer resume)', async () => {
    const gone = await makeUser(db(), 'gone', { dueDiligenceStatus: 'approved' });
    const c = await makeContract(db(), gone.id, { title: 'Orphaned Pause', category: 'financial', price: '10.00', status: 'active' });
    const client = await login('gone');
    expect((await client.json('POST', `/api/contracts/${c.id}/pause`)).status).toBe(200);
    expect((await client.json('POST', '/api/auth/delete-account', { password: STRONG_PASSWORD, confirm: 'DELETE' })).status).toBe(200);
    expect((await db().contract.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('delisted');
  });
});
