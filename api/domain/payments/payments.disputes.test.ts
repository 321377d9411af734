import { describe, expect, it } from 'vitest';
import { ESCROW_WINDOW_MS } from './payments.rules.ts';
import { testDatabases } from '../../test/databases.ts';
import { DECLINED_CARD, SUCCESS_CARD, paymentsTestbed } from './payments.testbed.ts';

// Disputes within the escrow window and their settlement by an administrator, over REST and
// GraphQL, per role (docs/decisions.md, "Commerce (server side): payments, escrow and disputes").

describe.each(testDatabases())('disputes on %s', (kind) => {
  const { app, users, db, login, anonymous, post, contract, pay } = paymentsTestbed(kind);

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
      await app().jobs.runDue(new Date(new Date(paid.escrowEndsAt).getTime() + 3_600_000));
      expect((await db().payment.findUniqueOrThrow({ where: { id: paid.id } })).status).toBe('disputed');
      // Disputing again is a conflict.
      expect((await post(ann, `/api/payments/${paid.id}/dispute`, { reason: 'other', description: 'again' })).status).toBe(409);
      expect(app().mailer.lastTo('prov@example.com')?.subject).toMatch(/disputed/);
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
      expect((await post(anonymous(), `/api/payments/${refundMe.id}/settle`, { decision: 'refund' })).status).toBe(401);
      app().mailer.sent.length = 0;
      const refunded = await post(admin, `/api/payments/${refundMe.id}/settle`, { decision: 'refund', note: 'Format was misdescribed' });
      expect(refunded.body).toMatchObject({ status: 'refunded', dispute: { status: 'refunded', resolution: 'Format was misdescribed' } });
      expect((await db().purchase.findFirstOrThrow({ where: { paymentId: refundMe.id } })).status).toBe('revoked');
      expect(await db().apiKey.count({ where: { purchase: { paymentId: refundMe.id }, revokedAt: null } })).toBe(0);
      expect(app().mailer.sent.map((m) => m.to).sort()).toEqual(['ann@example.com', 'prov@example.com']);

      const settle = `mutation($input: SettleDisputeInput!) { settleDispute(input: $input) { __typename ... on Error { code }
        ... on MutationSettleDisputeSuccess { data { status releasedAt dispute { status } } } } }`;
      const released = await admin.gql(settle, { input: { paymentId: releaseMe.id, decision: 'release' } });
      expect(released.data.settleDispute.data).toMatchObject({ status: 'released', dispute: { status: 'released' } });
      const twice = await admin.gql(settle, { input: { paymentId: releaseMe.id, decision: 'refund' } });
      expect(twice.data.settleDispute).toMatchObject({ __typename: 'ConflictError' });
    });
  });

  describe('purchase history', () => {
    it('each move of a purchase leaves a history row: pending with its payment, active at escrow, revoked at a refund', async () => {
      const ann = await login('ann');
      const c = await contract('66.00');
      // A failed attempt first: the pending purchase follows the next attempt without a move.
      const first = await post(ann, '/api/payments', { contractId: c, paymentMethod: 'card' });
      expect((await post(ann, `/api/payments/${first.body.id}/escrow`, { card: DECLINED_CARD })).status).toBe(402);
      const paid = await pay(ann, c);
      const purchase = await db().purchase.findFirstOrThrow({ where: { paymentId: paid.id } });
      expect(await db().purchase.count({ where: { contractId: c } })).toBe(1);
      expect((await post(ann, `/api/payments/${paid.id}/dispute`, { reason: 'other', description: 'Not what was listed' })).status).toBe(201);
      expect((await post(await login('boss'), `/api/payments/${paid.id}/settle`, { decision: 'refund', note: 'Misdescribed' })).status).toBe(200);
      const history = await db().statusChange.findMany({ where: { subject: 'purchase', subjectId: purchase.id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
      expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorId, h.note])).toEqual([
        [null, 'pending', users.ann!.id, null],
        ['pending', 'active', users.ann!.id, 'Paid: the money is in escrow'],
        ['active', 'revoked', users.boss!.id, 'Misdescribed'],
      ]);
      expect((await db().purchase.findUniqueOrThrow({ where: { id: purchase.id } })).status).toBe('revoked');
    });
  });

  describe('GraphQL', () => {
    it('GraphQL mutations answer typed results per role', async () => {
      const c = await contract('64.00');
      const CREATE = `mutation($input: CreatePaymentInput!) { createPayment(input: $input) { __typename ... on Error { code reason }
        ... on MutationCreatePaymentSuccess { data { id paymentId total status nextStatuses } } } }`;
      const CONFIRM = `mutation($input: ConfirmPaymentInput!) { confirmPayment(input: $input) { __typename ... on Error { message code reason }
        ... on MutationConfirmPaymentSuccess { data { apiKey payment { status escrowEndsAt } purchase { status } } } } }`;
      const DISPUTE = `mutation($input: OpenDisputeInput!) { openDispute(input: $input) { __typename ... on Error { code reason }
        ... on MutationOpenDisputeSuccess { data { status reason payment { status } } } } }`;
      const input = { contractId: c, paymentMethod: 'card', amount: '65.60' };
      expect((await anonymous().gql(CREATE, { input })).data.createPayment.__typename).toBe('AuthenticationError');
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
      expect((await anonymous().gql(q, { id: paid.id })).data.payment).toBeNull();
    });
  });
});
