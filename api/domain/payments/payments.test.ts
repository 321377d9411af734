import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApp, type TestApp, logIn } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { makeContract, makeUser } from '../../test/market-fixtures.ts';
import { createJobRunner } from '../../jobs/job-runner.ts';
import { registerPaymentJobs } from './payments.jobs.ts';
import { ESCROW_WINDOW_MS, PAID_PAYMENT_STATUSES } from './payments.rules.ts';

// Paying through escrow (docs/decisions.md, "Commerce (server side): payments, escrow and disputes"): create, confirm with the simulated provider,
// release by the job runner, disputes and their settlement, over REST and GraphQL.

const SUCCESS_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };
const DECLINED_CARD = { number: '4000 0000 0000 0002', expMonth: 12, expYear: 2099, cvc: '123' };

describe.each(testDatabases())('payments on %s', (kind) => {
  let app: TestApp;
  const ids: Record<string, string> = {};
  const users: Record<string, { id: string }> = {};
  const db = () => app.database.prisma;

  const login = (username: string) => logIn(app, username);
  const post = (client: Client, path: string, body: unknown, headers: Record<string, string> = {}) =>
    client
      .request(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
      .then(async (res) => ({ status: res.status, body: await res.json() }));
  /** A new contract of the provider at `price`, so each test starts from a clean market. */
  const contract = async (price: string, title = `Data set ${Math.random().toString(36).slice(2, 8)}`) =>
    (await makeContract(db(), users.prov!.id, { title, category: 'financial', price })).id;
  const pay = async (client: Client, contractId: string, extra: Record<string, unknown> = {}) => {
    const created = await post(client, '/api/payments', { contractId, paymentMethod: 'card', ...extra });
    expect(created.status).toBe(201);
    const escrow = await post(client, `/api/payments/${created.body.id}/escrow`, { card: SUCCESS_CARD });
    expect(escrow.status).toBe(200);
    return escrow.body;
  };

  beforeAll(async () => {
    app = await startTestApp(kind);
    users.prov = await makeUser(db(), 'prov', { dueDiligenceStatus: 'approved' });
    users.ann = await makeUser(db(), 'ann');
    users.bob = await makeUser(db(), 'bob');
    users.boss = await makeUser(db(), 'boss', { isAdmin: true });
    ids.pending = (await makeContract(db(), users.prov.id, { title: 'Waiting Review', category: 'financial', price: '10.00', status: 'pending_review' })).id;
  }, 120_000);
  afterAll(async () => app?.close());

  describe('POST /api/payments', () => {
    it('per role: anonymous 401, the provider 403, another user 201 at the server’s figures; an admin may buy', async () => {
      const c = await contract('200.00');
      expect((await post(new Client(app), '/api/payments', { contractId: c, paymentMethod: 'card' })).status).toBe(401);
      const own = await post(await login('prov'), '/api/payments', { contractId: c, paymentMethod: 'card' });
      expect(own).toMatchObject({ status: 403, body: { code: 'OWN_CONTRACT' } });
      const ann = await login('ann');
      const res = await post(ann, '/api/payments', { contractId: c, buyerId: users.ann!.id, sellerId: users.prov!.id, amount: '205.00', paymentMethod: 'card' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        contractId: c,
        buyerId: users.ann!.id,
        sellerId: users.prov!.id,
        amount: '200.00',
        fee: '5.00',
        total: '205.00',
        commission: '20.00',
        providerAmount: '180.00',
        status: 'pending',
        nextStatuses: ['escrowed', 'failed'],
        paymentMethod: 'card',
        escrowStartedAt: null,
      });
      expect((await post(await login('boss'), '/api/payments', { contractId: c, paymentMethod: 'crypto' })).status).toBe(201);
      // Asking again while it is pending reuses the payment (and follows the chosen method).
      const again = await post(ann, '/api/payments', { contractId: c, paymentMethod: 'bank_transfer' });
      expect(again.body).toMatchObject({ id: res.body.id, paymentMethod: 'bank_transfer' });
      expect(await db().payment.count({ where: { contractId: c, buyerId: users.ann!.id } })).toBe(1);
      // Its purchase is pending, linked to the payment.
      expect(await db().purchase.findMany({ where: { contractId: c, buyerId: users.ann!.id } })).toMatchObject([{ status: 'pending', paymentId: res.body.id, amount: expect.anything() }]);
    });

    it('refuses an unknown or hidden contract (404), another buyerId (403), a wrong seller or method (400)', async () => {
      const c = await contract('20.00');
      const ann = await login('ann');
      expect((await post(ann, '/api/payments', { contractId: ids.pending, paymentMethod: 'card' })).status).toBe(404);
      expect((await post(ann, '/api/payments', { contractId: 'nope', paymentMethod: 'card' })).status).toBe(404);
      expect((await post(ann, '/api/payments', { contractId: c, buyerId: users.bob!.id, paymentMethod: 'card' })).status).toBe(403);
      expect((await post(ann, '/api/payments', { contractId: c, sellerId: users.bob!.id, paymentMethod: 'card' })).status).toBe(400);
      expect((await post(ann, '/api/payments', { contractId: c, paymentMethod: 'cash' })).status).toBe(400);
    });

    it('refuses an amount that is not the server’s total (400)', async () => {
      const c = await contract('100.00');
      const ann = await login('ann');
      for (const amount of ['100.00', '102.49', 102.51, '1e2', '102.500']) {
        const res = await post(ann, '/api/payments', { contractId: c, amount, paymentMethod: 'card' });
        expect(res.status, String(amount)).toBe(400);
      }
      const wrong = await post(ann, '/api/payments', { contractId: c, amount: '100.00', paymentMethod: 'card' });
      expect(wrong.body).toMatchObject({ code: 'INVALID_AMOUNT', message: 'The amount does not match the price: the total to pay is 102.50' });
      expect(await db().payment.count({ where: { contractId: c } })).toBe(0);
      expect((await post(ann, '/api/payments', { contractId: c, amount: 102.5, paymentMethod: 'card' })).status).toBe(201);
    });

    it('honours Idempotency-Key: the same key answers the same payment, another body with it is 409', async () => {
      const c = await contract('40.00');
      const bob = await login('bob');
      const headers = { 'idempotency-key': 'order-7f3a' };
      const first = await post(bob, '/api/payments', { contractId: c, amount: '41.00', paymentMethod: 'card' }, headers);
      const second = await post(bob, '/api/payments', { contractId: c, amount: '41.00', paymentMethod: 'card' }, headers);
      expect(first.status).toBe(201);
      expect(second.body.id).toBe(first.body.id);
      const other = await post(bob, '/api/payments', { contractId: c, amount: '41.00', paymentMethod: 'crypto' }, headers);
      expect(other).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
      // Even after the payment was paid, a replay answers it rather than charging again.
      await post(bob, `/api/payments/${first.body.id}/escrow`, { card: SUCCESS_CARD });
      const replay = await post(bob, '/api/payments', { contractId: c, amount: '41.00', paymentMethod: 'card' }, headers);
      expect(replay.body).toMatchObject({ id: first.body.id, status: 'escrowed' });
      expect(await db().payment.count({ where: { contractId: c } })).toBe(1);
    });

    it('the same Idempotency-Key sent five times at once makes one payment', async () => {
      const c = await contract('60.00');
      const bob = await login('bob');
      const results = await Promise.all(
        Array.from({ length: 5 }, () => post(bob, '/api/payments', { contractId: c, paymentMethod: 'card' }, { 'idempotency-key': 'burst-1' })),
      );
      expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
      expect(await db().payment.count({ where: { contractId: c } })).toBe(1);
      expect(await db().purchase.count({ where: { contractId: c } })).toBe(1);
    });
  });

  describe('an accepted bid', () => {
    it('only its bidder pays the bid amount; paying it twice at once escrows once and settles the bid', async () => {
      const c = await contract('500.00');
      const ann = await login('ann');
      const bob = await login('bob');
      const bid = await ann.json('POST', '/api/bids', { contractId: c, bidAmount: '400.00' });
      const accepted = await (await login('prov')).gql(`mutation($input: DecideBidInput!) { acceptBid(input: $input) { __typename } }`, { input: { bidId: bid.body.id } });
      expect(accepted.data.acceptBid.__typename).toBe('MutationAcceptBidSuccess');

      // The contract page quotes the winner the bid price, everyone else the list price.
      const quote = `query($id: ID!) { contract(id: $id) { price viewerQuote { price fee total fromAcceptedBid } } }`;
      expect((await ann.gql(quote, { id: c })).data.contract.viewerQuote).toEqual({ price: '400.00', fee: '10.00', total: '410.00', fromAcceptedBid: true });
      expect((await bob.gql(quote, { id: c })).data.contract.viewerQuote).toEqual({ price: '500.00', fee: '12.50', total: '512.50', fromAcceptedBid: false });
      expect((await new Client(app).gql(quote, { id: c })).data.contract.viewerQuote).toBeNull();

      const [a, b] = await Promise.all([post(ann, '/api/payments', { contractId: c, paymentMethod: 'card' }), post(bob, '/api/payments', { contractId: c, paymentMethod: 'card' })]);
      expect(a.body).toMatchObject({ amount: '400.00', total: '410.00' });
      expect(b.body).toMatchObject({ amount: '500.00', total: '512.50' });

      // Two tabs of the bidder create and confirm at once: one payment, escrowed once.
      const twins = await Promise.all([post(ann, '/api/payments', { contractId: c, paymentMethod: 'card' }), post(ann, '/api/payments', { contractId: c, paymentMethod: 'card' })]);
      expect(twins[0].body.id).toBe(a.body.id);
      expect(twins[1].body.id).toBe(a.body.id);
      const confirms = await Promise.all([
        post(ann, `/api/payments/${a.body.id}/escrow`, { card: SUCCESS_CARD }),
        post(ann, `/api/payments/${a.body.id}/escrow`, { card: SUCCESS_CARD }),
      ]);
      expect(confirms.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await db().payment.count({ where: { contractId: c, status: 'escrowed' } })).toBe(1);
      expect(await db().statusChange.count({ where: { subjectId: a.body.id, toStatus: 'escrowed' } })).toBe(1);
      expect((await db().bid.findUniqueOrThrow({ where: { id: bid.body.id } })).status).toBe('settled');
      expect((await ann.gql(quote, { id: c })).data.contract.viewerQuote).toMatchObject({ price: '500.00', fromAcceptedBid: false });
      // The bid is spent: paying again would be at the list price.
      expect((await db().purchase.findFirstOrThrow({ where: { paymentId: a.body.id } })).status).toBe('active');
    });
  });

  describe('escrow', () => {
    it('the success card starts escrow: purchase active with access, API key once, release scheduled, market price moved', async () => {
      const c = await contract('300.00');
      await db().contract.update({ where: { id: c }, data: { pricingModel: 'monthly_subscription' } });
      const ann = await login('ann');
      const created = await post(ann, '/api/payments', { contractId: c, paymentMethod: 'card', amount: '307.50' });
      // The sale is the market's news: a price tick for the contract.
      const ticks = app.events.subscribe('priceTick', c)[Symbol.asyncIterator]();
      const nextTick = ticks.next();
      const before = Date.now();
      const res = await post(ann, `/api/payments/${created.body.id}/escrow`, { stripePaymentIntentId: 'pi_from_the_browser', card: SUCCESS_CARD });
      expect((await nextTick).value).toMatchObject({ contractId: c, price: '300.00', source: 'sale' });
      await ticks.return?.();
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: created.body.id, status: 'escrowed', nextStatuses: ['disputed', 'released'], purchase: { status: 'active', amount: '300.00' } });
      expect(res.body.apiKey).toMatch(/^dpk_/);
      expect(res.body.apiKey.startsWith(res.body.apiKeyPrefix)).toBe(true);
      expect(res.body.stripePaymentIntentId).toMatch(/^pi_sim_/);
      const startedAt = new Date(res.body.escrowStartedAt).getTime();
      expect(startedAt).toBeGreaterThanOrEqual(before - 1000);
      expect(new Date(res.body.escrowEndsAt).getTime()).toBe(startedAt + ESCROW_WINDOW_MS);
      expect(new Date(res.body.purchase.accessExpiresAt).getTime()).toBe(startedAt + 30 * 86_400_000);
      // Only the hash is stored.
      const keys = await db().apiKey.findMany({ where: { purchaseId: res.body.purchase.id } });
      expect(keys).toHaveLength(1);
      expect(keys[0]!.keyHash).not.toContain(res.body.apiKey);
      const job = await db().job.findUniqueOrThrow({ where: { key: `release:${created.body.id}` } });
      expect(job).toMatchObject({ kind: 'payment.release', status: 'pending' });
      expect(job.runAt.getTime()).toBe(startedAt + ESCROW_WINDOW_MS);
      const history = await db().statusChange.findMany({ where: { subject: 'payment', subjectId: created.body.id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
      // The claim is recorded too: who started the confirmation and when (docs/decisions.md, "Payments: one confirmation charges").
      expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([[null, 'pending'], ['pending', 'processing'], ['processing', 'escrowed']]);
      const after = await db().contract.findUniqueOrThrow({ where: { id: c } });
      expect([after.marketPrice.toFixed(2), after.salesCount]).toEqual(['300.00', 1]);
      expect(await db().priceTick.count({ where: { contractId: c, source: 'sale' } })).toBe(1);
      // Paying a second time is a conflict.
      expect((await post(ann, `/api/payments/${created.body.id}/escrow`, { card: SUCCESS_CARD })).status).toBe(409);
    });

    it('the declined card fails the payment (402) with the provider’s reason; paying again makes a new payment', async () => {
      const c = await contract('80.00');
      const bob = await login('bob');
      const created = await post(bob, '/api/payments', { contractId: c, paymentMethod: 'card' });
      const res = await post(bob, `/api/payments/${created.body.id}/escrow`, { card: DECLINED_CARD });
      expect(res).toMatchObject({ status: 402, body: { message: 'Your card was declined', code: 'PAYMENT_DECLINED' } });
      expect(await db().payment.findUniqueOrThrow({ where: { id: created.body.id } })).toMatchObject({ status: 'failed', failureReason: 'Your card was declined' });
      expect(await db().purchase.count({ where: { contractId: c, status: 'active' } })).toBe(0);
      const retry = await post(bob, '/api/payments', { contractId: c, paymentMethod: 'card' });
      expect(retry.body.id).not.toBe(created.body.id);
      expect((await post(bob, `/api/payments/${retry.body.id}/escrow`, { card: SUCCESS_CARD })).status).toBe(200);
      // One purchase for the trade, following the attempt that paid.
      expect(await db().purchase.findMany({ where: { contractId: c, buyerId: users.bob!.id } })).toMatchObject([{ status: 'active', paymentId: retry.body.id }]);
    });

    it('card details are required for a card; bank transfer and crypto need none; only the buyer confirms', async () => {
      const c = await contract('30.00');
      const ann = await login('ann');
      const card = await post(ann, '/api/payments', { contractId: c, paymentMethod: 'card' });
      expect((await post(ann, `/api/payments/${card.body.id}/escrow`, {})).status).toBe(400);
      expect((await post(ann, `/api/payments/${card.body.id}/escrow`, { card: { ...SUCCESS_CARD, expYear: 2001 } })).status).toBe(402);
      const c2 = await contract('30.00');
      const transfer = await post(ann, '/api/payments', { contractId: c2, paymentMethod: 'bank_transfer' });
      expect((await post(await login('bob'), `/api/payments/${transfer.body.id}/escrow`, {})).status).toBe(404);
      expect((await post(await login('prov'), `/api/payments/${transfer.body.id}/escrow`, {})).status).toBe(403);
      expect((await post(new Client(app), `/api/payments/${transfer.body.id}/escrow`, {})).status).toBe(401);
      expect((await post(ann, `/api/payments/${transfer.body.id}/escrow`, {})).status).toBe(200);
    });
  });

  describe('release', () => {
    it('the job releases an escrowed payment 24 hours on, once; the provider’s trades stay their paid sales', async () => {
      const c = await contract('50.00');
      const paid = await pay(await login('bob'), c);
      const endsAt = new Date(paid.escrowEndsAt);
      await app.jobs.runDue(new Date(endsAt.getTime() - 1));
      expect((await db().payment.findUniqueOrThrow({ where: { id: paid.id } })).status).toBe('escrowed');
      await app.jobs.runDue(endsAt);
      await app.jobs.runDue(new Date(endsAt.getTime() + 60_000));
      expect(await db().payment.findUniqueOrThrow({ where: { id: paid.id } })).toMatchObject({ status: 'released', releasedAt: endsAt });
      expect(await db().statusChange.count({ where: { subjectId: paid.id, toStatus: 'released' } })).toBe(1);
      // A release changes no trade count: the sale counted once, when it was paid (docs/decisions.md, "One trade count").
      const sales = await db().payment.count({ where: { sellerId: users.prov!.id, status: { in: [...PAID_PAYMENT_STATUSES] } } });
      expect((await db().user.findUniqueOrThrow({ where: { id: users.prov!.id } })).tradeCount).toBe(sales);
      // A dispute after release is refused.
      const late = await post(await login('bob'), `/api/payments/${paid.id}/dispute`, { reason: 'data_quality', description: 'Too late' });
      expect(late.status).toBe(409);
    });

    it.runIf(kind === 'postgres')('two runners at once release each payment exactly once', async () => {
      const bob = await login('bob');
      const paid = [];
      for (let i = 0; i < 4; i++) paid.push(await pay(bob, await contract('12.00')));
      const runners = [0, 1].map((n) => {
        const r = createJobRunner({ db: db(), workerId: `w${n}` });
        registerPaymentJobs(r, { db: db(), events: app.events, jobs: r, mailer: app.mailer, provider: app.paymentProvider! });
        return r;
      });
      const at = new Date(Math.max(...paid.map((p) => new Date(p.escrowEndsAt).getTime())));
      await Promise.all([runners[0]!.runDue(at), runners[1]!.runDue(at), app.jobs.runDue(at)]);
      for (const p of paid) {
        expect((await db().payment.findUniqueOrThrow({ where: { id: p.id } })).status).toBe('released');
        expect(await db().statusChange.count({ where: { subjectId: p.id, toStatus: 'released' } })).toBe(1);
      }
      await Promise.all(runners.map((r) => r.stop()));
    });
  });

  describe('disputes', () => {
    it('the buyer disputes within the window: the release is cancelled; the six reasons, a description is required', async () => {
      const c = await contract('70.00');
      const ann = await login('ann');
      const paid = await pay(ann, c);
      const missing = await post(ann, `/api/payments/${paid.id}/dispute`, { reason: 'data_quality', description: '   ' });
      expect(missing).toMatchObject({ status: 400, body: { message: 'Please provide a reason and description for the dispute' } });
      expect((await post(ann, `/api/payments/${paid.id}/dispute`, { reason: 'too_expensive', description: 'x' })).status).toBe(400);
      expect((await post(await login('bob'), `/api/payments/${paid.id}/dispute`, { reason: 'other', description: 'not mine' })).status).toBe(404);
      expect((await post(await login('prov'), `/api/payments/${paid.id}/dispute`, { reason: 'other', description: 'seller' })).status).toBe(403);
      expect((await post(ann, `/api/payments/${paid.id}/dispute`, { raisedBy: users.bob!.id, reason: 'other', description: 'x' })).status).toBe(403);
      const res = await post(ann, `/api/payments/${paid.id}/dispute`, { raisedBy: users.ann!.id, reason: 'incomplete_data', description: 'Half the rows are missing' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ raisedBy: users.ann!.id, reason: 'incomplete_data', description: 'Half the rows are missing', status: 'open', payment: { status: 'disputed' } });
      expect(await db().job.count({ where: { key: `release:${paid.id}` } })).toBe(0);
      await app.jobs.runDue(new Date(new Date(paid.escrowEndsAt).getTime() + 3_600_000));
      expect((await db().payment.findUniqueOrThrow({ where: { id: paid.id } })).status).toBe('disputed');
      // Disputing again is a conflict.
      expect((await post(ann, `/api/payments/${paid.id}/dispute`, { reason: 'other', description: 'again' })).status).toBe(409);
      expect(app.mailer.lastTo('prov@example.com')?.subject).toMatch(/disputed/);
    });

    it('after the 24-hour window, or on a payment not in escrow, a dispute is 409', async () => {
      const ann = await login('ann');
      const paid = await pay(ann, await contract('15.00'));
      await db().payment.update({ where: { id: paid.id }, data: { escrowStartedAt: new Date(Date.now() - ESCROW_WINDOW_MS - 1000) } });
      expect(await post(ann, `/api/payments/${paid.id}/dispute`, { reason: 'other', description: 'late' })).toMatchObject({ status: 409, body: { code: 'ESCROW_WINDOW_CLOSED' } });
      const pending = await post(ann, '/api/payments', { contractId: await contract('15.00'), paymentMethod: 'crypto' });
      expect(await post(ann, `/api/payments/${pending.body.id}/dispute`, { reason: 'other', description: 'unpaid' })).toMatchObject({ status: 409, body: { code: 'INVALID_TRANSITION' } });
    });

    it('an administrator sees disputed payments with the access log and refunds (access revoked) or releases; others may not', async () => {
      const ann = await login('ann');
      const refundMe = await pay(ann, await contract('90.00'));
      const releaseMe = await pay(ann, await contract('91.00'));
      for (const p of [refundMe, releaseMe]) {
        expect((await post(ann, `/api/payments/${p.id}/dispute`, { reason: 'wrong_format', description: 'XML, not CSV' })).status).toBe(201);
      }
      const admin = await login('boss');
      const list = await admin.gql(`{ disputedPayments(first: 50) { totalCount edges { node { paymentId dispute { reason description }
        purchase { status accessLog(first: 10) { totalCount } } } } } }`);
      expect(list.errors).toBeUndefined();
      const listed = list.data.disputedPayments.edges.map((e: any) => e.node);
      expect(listed.find((n: any) => n.paymentId === refundMe.id)).toMatchObject({ dispute: { reason: 'wrong_format' }, purchase: { status: 'active', accessLog: { totalCount: expect.any(Number) } } });
      expect((await ann.gql(`{ disputedPayments(first: 5) { totalCount } }`)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

      expect((await post(ann, `/api/payments/${refundMe.id}/settle`, { decision: 'refund' })).status).toBe(403);
      expect((await post(new Client(app), `/api/payments/${refundMe.id}/settle`, { decision: 'refund' })).status).toBe(401);
      app.mailer.sent.length = 0;
      const refunded = await post(admin, `/api/payments/${refundMe.id}/settle`, { decision: 'refund', note: 'Format was misdescribed' });
      expect(refunded.body).toMatchObject({ status: 'refunded', dispute: { status: 'refunded', resolution: 'Format was misdescribed' } });
      expect((await db().purchase.findFirstOrThrow({ where: { paymentId: refundMe.id } })).status).toBe('revoked');
      expect(await db().apiKey.count({ where: { purchase: { paymentId: refundMe.id }, revokedAt: null } })).toBe(0);
      expect(app.mailer.sent.map((m) => m.to).sort()).toEqual(['ann@example.com', 'prov@example.com']);

      const settle = `mutation($input: SettleDisputeInput!) { settleDispute(input: $input) { __typename ... on Error { code }
        ... on MutationSettleDisputeSuccess { data { status releasedAt dispute { status } } } } }`;
      const released = await admin.gql(settle, { input: { paymentId: releaseMe.id, decision: 'release' } });
      expect(released.data.settleDispute.data).toMatchObject({ status: 'released', dispute: { status: 'released' } });
      const twice = await admin.gql(settle, { input: { paymentId: releaseMe.id, decision: 'refund' } });
      expect(twice.data.settleDispute).toMatchObject({ __typename: 'ConflictError' });
    });
  });

  describe('reads', () => {
    it('GET /api/payments/contract/{id} answers the caller’s own latest payment only', async () => {
      const c = await contract('25.00');
      const ann = await login('ann');
      expect((await ann.json('GET', `/api/payments/contract/${c}`)).status).toBe(404);
      const created = await post(ann, '/api/payments', { contractId: c, paymentMethod: 'card' });
      expect((await ann.json('GET', `/api/payments/contract/${c}`)).body).toMatchObject({ id: created.body.id, status: 'pending' });
      expect((await (await login('bob')).json('GET', `/api/payments/contract/${c}`)).status).toBe(404);
      expect((await new Client(app).json('GET', `/api/payments/contract/${c}`)).status).toBe(401);
    });

    it('POST /api/purchases makes the same trade: a pending purchase backed by a pending payment', async () => {
      const c = await contract('45.00');
      const bob = await login('bob');
      const res = await bob.json('POST', '/api/purchases', { buyerId: users.bob!.id, contractId: c, status: 'pending' });
      expect(res).toMatchObject({ status: 201, body: { status: 'pending', amount: '45.00' } });
      const purchase = await db().purchase.findUniqueOrThrow({ where: { id: res.body.id }, include: { payment: true } });
      expect(purchase.payment).toMatchObject({ status: 'pending', buyerId: users.bob!.id, contractId: c });
      expect((await bob.json('GET', `/api/payments/contract/${c}`)).body.id).toBe(purchase.paymentId);
      const mine = await bob.json('GET', `/api/purchases/buyer/${users.bob!.id}`);
      expect(mine.body.map((p: any) => p.id)).toContain(res.body.id);
    });

    it('GraphQL mutations answer typed results per role', async () => {
      const c = await contract('64.00');
      const CREATE = `mutation($input: CreatePaymentInput!) { createPayment(input: $input) { __typename ... on Error { code reason }
        ... on MutationCreatePaymentSuccess { data { id paymentId total status nextStatuses } } } }`;
      const CONFIRM = `mutation($input: ConfirmPaymentInput!) { confirmPayment(input: $input) { __typename ... on Error { message code reason }
        ... on MutationConfirmPaymentSuccess { data { apiKey payment { status escrowEndsAt } purchase { status } } } } }`;
      const DISPUTE = `mutation($input: OpenDisputeInput!) { openDispute(input: $input) { __typename ... on Error { code reason }
        ... on MutationOpenDisputeSuccess { data { status reason payment { status } } } } }`;
      const input = { contractId: c, paymentMethod: 'card', amount: '65.60' };
      expect((await new Client(app).gql(CREATE, { input })).data.createPayment.__typename).toBe('AuthenticationError');
      expect((await (await login('prov')).gql(CREATE, { input })).data.createPayment).toMatchObject({ __typename: 'PermissionError', reason: 'OWN_CONTRACT' });
      const bob = await login('bob');
      expect((await bob.gql(CREATE, { input: { ...input, amount: '64.00' } })).data.createPayment).toMatchObject({ __typename: 'ValidationError', reason: 'INVALID_AMOUNT' });
      const created = (await bob.gql(CREATE, { input })).data.createPayment.data;
      expect(created).toMatchObject({ total: '65.60', status: 'pending', nextStatuses: ['escrowed', 'failed'] });
      const early = await bob.gql(DISPUTE, { input: { paymentId: created.id, reason: 'other', description: 'not paid yet' } });
      expect(early.data.openDispute).toMatchObject({ __typename: 'ConflictError', reason: 'INVALID_TRANSITION' });
      const declined = await bob.gql(CONFIRM, { input: { paymentId: created.id, card: { ...DECLINED_CARD, number: '4000000000000002' } } });
      expect(declined.data.confirmPayment).toMatchObject({ code: 'PAYMENT_DECLINED', reason: 'PAYMENT_DECLINED', message: 'Your card was declined' });
      const again = (await bob.gql(CREATE, { input })).data.createPayment.data;
      const paid = await bob.gql(CONFIRM, { input: { paymentId: again.id, card: { ...SUCCESS_CARD, number: '4242424242424242' } } });
      expect(paid.data.confirmPayment.data).toMatchObject({ payment: { status: 'escrowed' }, purchase: { status: 'active' } });
      expect(paid.data.confirmPayment.data.apiKey).toMatch(/^dpk_/);
      const disputed = await bob.gql(DISPUTE, { input: { paymentId: again.id, reason: 'access_issues', description: 'The key is refused' } });
      expect(disputed.data.openDispute.data).toMatchObject({ status: 'open', reason: 'access_issues', payment: { status: 'disputed' } });
    });

    it('GraphQL: a payment is read by its buyer, seller and administrators only', async () => {
      const ann = await login('ann');
      const paid = await pay(ann, await contract('33.00'));
      const q = `query($id: ID!) { payment(id: $id) { paymentId status escrowEndsAt total purchase { status } } }`;
      expect((await ann.gql(q, { id: paid.id })).data.payment).toMatchObject({ paymentId: paid.id, status: 'escrowed', total: '33.83', purchase: { status: 'active' } });
      expect((await (await login('prov')).gql(q, { id: paid.id })).data.payment.paymentId).toBe(paid.id);
      expect((await (await login('boss')).gql(q, { id: paid.id })).data.payment.paymentId).toBe(paid.id);
      expect((await (await login('bob')).gql(q, { id: paid.id })).data.payment).toBeNull();
      expect((await new Client(app).gql(q, { id: paid.id })).data.payment).toBeNull();
    });
  });
});
