import { describe, expect, it } from 'vitest';
import { createJobRunner } from '../../jobs/job-runner.ts';
import { registerPaymentJobs } from './payments.jobs.ts';
import { ESCROW_WINDOW_MS, PAID_PAYMENT_STATUSES } from './payments.rules.ts';
import { testDatabases } from '../../test/databases.ts';
import { DECLINED_CARD, SUCCESS_CARD, paymentsTestbed } from './payments.testbed.ts';

// Confirming with the simulated provider starts escrow; the job runner releases it 24 hours on
// (docs/decisions.md, "Commerce (server side): payments, escrow and disputes").

describe.each(testDatabases())('escrow on %s', (kind) => {
  const { app, users, db, login, anonymous, post, contract, pay } = paymentsTestbed(kind);

  describe('escrow', () => {
    it('the success card starts escrow: purchase active with access, API key once, release scheduled, market price moved', async () => {
      const c = await contract('300.00');
      await db().contract.update({ where: { id: c }, data: { pricingModel: 'monthly_subscription' } });
      const ann = await login('ann');
      const created = await post(ann, '/api/payments', { contractId: c, paymentMethod: 'card', amount: '307.50' });
      // The sale is the market's news: a price tick for the contract.
      const ticks = app().events.subscribe('priceTick', c)[Symbol.asyncIterator]();
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
      expect((await post(anonymous(), `/api/payments/${transfer.body.id}/escrow`, {})).status).toBe(401);
      expect((await post(ann, `/api/payments/${transfer.body.id}/escrow`, {})).status).toBe(200);
    });
  });

  describe('release', () => {
    it('the job releases an escrowed payment 24 hours on, once; the provider’s trades stay their paid sales', async () => {
      const c = await contract('50.00');
      const paid = await pay(await login('bob'), c);
      const endsAt = new Date(paid.escrowEndsAt);
      await app().jobs.runDue(new Date(endsAt.getTime() - 1));
      expect((await db().payment.findUniqueOrThrow({ where: { id: paid.id } })).status).toBe('escrowed');
      await app().jobs.runDue(endsAt);
      await app().jobs.runDue(new Date(endsAt.getTime() + 60_000));
      expect(await db().payment.findUniqueOrThrow({ where: { id: paid.id } })).toMatchObject({ status: 'released', releasedAt: endsAt });
      expect(await db().statusChange.count({ where: { subjectId: paid.id, toStatus: 'released' } })).toBe(1);
      // A release changes no trade count: the sale counted once, when it was paid (docs/decisions.md, "One trade count").
      const sales = await db().payment.count({ where: { sellerId: users.prov!.id, status: { in: [...PAID_PAYMENT_STATUSES] } } });
      const trades = await db().payment.count({ where: { OR: [{ sellerId: users.prov!.id }, { buyerId: users.prov!.id }], status: { in: [...PAID_PAYMENT_STATUSES] } } });
      expect(await db().user.findUniqueOrThrow({ where: { id: users.prov!.id } })).toMatchObject({ tradeCount: trades, completedSales: sales });
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
        registerPaymentJobs(r, { db: db(), events: app().events, jobs: r, mailer: app().mailer, provider: app().paymentProvider! });
        return r;
      });
      const at = new Date(Math.max(...paid.map((p) => new Date(p.escrowEndsAt).getTime())));
      await Promise.all([runners[0]!.runDue(at), runners[1]!.runDue(at), app().jobs.runDue(at)]);
      for (const p of paid) {
        expect((await db().payment.findUniqueOrThrow({ where: { id: p.id } })).status).toBe('released');
        expect(await db().statusChange.count({ where: { subjectId: p.id, toStatus: 'released' } })).toBe(1);
      }
      await Promise.all(runners.map((r) => r.stop()));
    });
  });
});
