import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, startTestApp, type Client, type TestApp } from '../../test/harness.ts';
import { makeContract, makeUser } from '../../test/market-fixtures.ts';
import type { PaymentProvider, SimulatedPaymentProvider } from './payment-provider.ts';

// Racing calls on one payment (docs/decisions.md, "Payments: one confirmation charges"): of two
// confirmations, or two settlements of a dispute, only the one that claimed the payment reaches the
// payment provider; the other is answered 409 without touching the card, and the end state is
// consistent: charged if and only if escrowed, refunded at the provider if and only if refunded.
// PostgreSQL only: the embedded database runs one transaction at a time, so nothing races there.

const GOOD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };
const DECLINED = { number: '4000 0000 0000 0002', expMonth: 12, expYear: 2099, cvc: '123' };
/** The provider takes this long to answer, so that racing calls surely overlap. */
const PROVIDER_MS = 150;
const ROUNDS = 4;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The simulation, answering each charge and refund after PROVIDER_MS. */
function slow(simulated: SimulatedPaymentProvider): PaymentProvider {
  return {
    ...simulated,
    confirm: async (request) => (await sleep(PROVIDER_MS), simulated.confirm(request)),
    refund: async (request) => (await sleep(PROVIDER_MS), simulated.refund(request)),
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('racing payment calls (PostgreSQL)', () => {
  let app: TestApp;
  let provider: SimulatedPaymentProvider;
  let providerId = '';
  const db = () => app.database.prisma;

  const post = (client: Client, path: string, body: unknown) =>
    client
      .request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(async (res) => ({ status: res.status, body: await res.json() }));
  const calls = (paymentId: string, kind: 'confirm' | 'refund') => provider.operations(paymentId).filter((op) => op.kind === kind).length;

  /** A pending card payment of `buyer` for a new listing. */
  async function pendingPayment(buyer: Client, price = '40.00') {
    const contract = await makeContract(db(), providerId, { title: `Race ${Math.random().toString(36).slice(2, 8)}`, category: 'financial', price });
    const created = await post(buyer, '/api/payments', { contractId: contract.id, paymentMethod: 'card' });
    expect(created.status).toBe(201);
    return { paymentId: created.body.id as string, contractId: contract.id };
  }

  /** A disputed payment (paid with the good card, then disputed by its buyer). */
  async function disputedPayment(buyer: Client) {
    const { paymentId } = await pendingPayment(buyer, '55.00');
    expect((await post(buyer, `/api/payments/${paymentId}/escrow`, { card: GOOD })).status).toBe(200);
    expect((await post(buyer, `/api/payments/${paymentId}/dispute`, { reason: 'data_quality', description: 'Rows are missing' })).status).toBe(201);
    return paymentId;
  }

  /** Charged at the provider if and only if escrowed; a failed payment charged nothing. */
  async function expectConsistentCharge(paymentId: string) {
    const payment = await db().payment.findUniqueOrThrow({ where: { id: paymentId }, include: { purchase: true } });
    const charge = await provider.lookup({ paymentId });
    if (payment.status === 'escrowed') {
      expect(charge).toMatchObject({ status: 'charged', reference: payment.stripePaymentIntentId });
      expect(payment.purchase?.status).toBe('active');
    } else {
      expect(payment.status).toBe('failed');
      expect(charge?.status ?? 'none').not.toBe('charged');
      expect(payment.purchase?.status).toBe('pending');
    }
    return payment;
  }

  beforeAll(async () => {
    app = await startTestApp('postgres', {}, { wrapPaymentProvider: slow });
    provider = app.paymentProvider!;
    providerId = (await makeUser(db(), 'race_prov', { dueDiligenceStatus: 'approved' })).id;
    await makeUser(db(), 'race_buyer');
    await makeUser(db(), 'race_boss', { isAdmin: true });
  }, 120_000);
  afterAll(async () => app?.close());

  it('a declined card and a good card at once: one reaches the provider, the other is 409 untouched', async () => {
    const buyer = await logIn(app, 'race_buyer');
    for (let round = 0; round < ROUNDS; round++) {
      const { paymentId } = await pendingPayment(buyer);
      const cards = round % 2 ? [GOOD, DECLINED] : [DECLINED, GOOD];
      const answers = await Promise.all(cards.map((card) => post(buyer, `/api/payments/${paymentId}/escrow`, { card })));
      expect(calls(paymentId, 'confirm'), `round ${round}`).toBe(1);
      const loser = answers.find((a) => a.status === 409);
      expect(loser?.body, `round ${round}: ${JSON.stringify(answers)}`).toMatchObject({ code: 'PAYMENT_IN_PROGRESS', message: 'This payment is already being confirmed' });
      const winner = answers.find((a) => a !== loser)!;
      expect([200, 402]).toContain(winner.status);
      const payment = await expectConsistentCharge(paymentId);
      expect(payment.status).toBe(winner.status === 200 ? 'escrowed' : 'failed');
    }
  });

  it('two good cards at once: charged once, escrowed once, the other is 409', async () => {
    const buyer = await logIn(app, 'race_buyer');
    for (let round = 0; round < ROUNDS; round++) {
      const { paymentId, contractId } = await pendingPayment(buyer);
      const answers = await Promise.all([0, 1].map(() => post(buyer, `/api/payments/${paymentId}/escrow`, { card: GOOD })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(calls(paymentId, 'confirm')).toBe(1);
      expect((await expectConsistentCharge(paymentId)).status).toBe('escrowed');
      expect(await db().statusChange.count({ where: { subjectId: paymentId, toStatus: 'escrowed' } })).toBe(1);
      expect((await db().contract.findUniqueOrThrow({ where: { id: contractId } })).salesCount).toBe(1);
    }
  });

  it('a refund and a release of one dispute at once: one settles, the provider refunds only if the refund won', async () => {
    const buyer = await logIn(app, 'race_buyer');
    const admin = await logIn(app, 'race_boss');
    for (let round = 0; round < ROUNDS; round++) {
      const paymentId = await disputedPayment(buyer);
      const decisions = round % 2 ? ['release', 'refund'] : ['refund', 'release'];
      const answers = await Promise.all(decisions.map((decision) => post(admin, `/api/payments/${paymentId}/settle`, { decision, note: 'race' })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body).toMatchObject({ message: 'This dispute was settled meanwhile' });
      const payment = await db().payment.findUniqueOrThrow({ where: { id: paymentId }, include: { dispute: true } });
      const refunded = payment.status === 'refunded';
      expect(calls(paymentId, 'refund'), `round ${round}: ${payment.status}`).toBe(refunded ? 1 : 0);
      expect((await provider.lookup({ paymentId }))?.status).toBe(refunded ? 'refunded' : 'charged');
      expect(payment.dispute?.status).toBe(payment.status);
    }
  });

  it('two refunds of one dispute at once: the provider refunds once, the other is 409', async () => {
    const buyer = await logIn(app, 'race_buyer');
    const admin = await logIn(app, 'race_boss');
    for (let round = 0; round < ROUNDS; round++) {
      const paymentId = await disputedPayment(buyer);
      const tradesBefore = (await db().user.findUniqueOrThrow({ where: { id: providerId } })).tradeCount;
      const answers = await Promise.all([0, 1].map(() => post(admin, `/api/payments/${paymentId}/settle`, { decision: 'refund', note: 'race' })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(calls(paymentId, 'refund')).toBe(1);
      expect((await db().payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe('refunded');
      // The refund took the trade back once.
      expect((await db().user.findUniqueOrThrow({ where: { id: providerId } })).tradeCount).toBe(tradesBefore - 1);
    }
  });
});
