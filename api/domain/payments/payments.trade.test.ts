import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { SUCCESS_CARD, paymentsTestbed } from './payments.testbed.ts';

// Opening a trade (docs/decisions.md, "Commerce (server side): payments, escrow and disputes"): the
// pending payment at the server's price, idempotency keys, accepted bids, and the buyer's own reads.

describe.each(testDatabases())('payment trades on %s', (kind) => {
  const { ids, users, db, login, anonymous, post, contract } = paymentsTestbed(kind);

  describe('POST /api/payments', () => {
    it('per role: anonymous 401, the provider 403, another user 201 at the server’s figures; an admin may buy', async () => {
      const c = await contract('200.00');
      expect((await post(anonymous(), '/api/payments', { contractId: c, paymentMethod: 'card' })).status).toBe(401);
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
      // Even after the payment was paid, a replay answers the first answer rather than paying again
      // (the REST key keeps answers: api/rest/idempotency.ts).
      await post(bob, `/api/payments/${first.body.id}/escrow`, { card: SUCCESS_CARD });
      const replay = await post(bob, '/api/payments', { contractId: c, amount: '41.00', paymentMethod: 'card' }, headers);
      expect(replay).toMatchObject({ status: 201, body: first.body });
      // Behind it, the domain's own key (the GraphQL mutation's) answers the same payment, now paid.
      const graphql = await bob.gql(
        'mutation($input: CreatePaymentInput!) { createPayment(input: $input) { __typename ... on MutationCreatePaymentSuccess { data { id status } } } }',
        { input: { contractId: c, amount: '41.00', paymentMethod: 'card', idempotencyKey: 'order-7f3a' } },
      );
      expect(graphql.data.createPayment.data).toMatchObject({ status: 'escrowed' });
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
      expect((await anonymous().gql(quote, { id: c })).data.contract.viewerQuote).toBeNull();

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

  describe('reads', () => {
    it('GET /api/payments/contract/{id} answers the caller’s own latest payment only', async () => {
      const c = await contract('25.00');
      const ann = await login('ann');
      expect((await ann.json('GET', `/api/payments/contract/${c}`)).status).toBe(404);
      const created = await post(ann, '/api/payments', { contractId: c, paymentMethod: 'card' });
      expect((await ann.json('GET', `/api/payments/contract/${c}`)).body).toMatchObject({ id: created.body.id, status: 'pending' });
      expect((await (await login('bob')).json('GET', `/api/payments/contract/${c}`)).status).toBe(404);
      expect((await anonymous().json('GET', `/api/payments/contract/${c}`)).status).toBe(401);
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
  });
});
