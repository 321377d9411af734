import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, startTestApp, type Client, type TestApp } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { makeContract, makeUser } from '../../test/market-fixtures.ts';
import type { PaymentProvider, SimulatedPaymentProvider } from './payment-provider.ts';
import { RECONCILE_AFTER_MS, reconcileJobKey } from './payments.escrow.ts';

// A charge the marketplace cannot use is voided, and a confirmation that was interrupted is
// settled later from the provider's record (docs/decisions.md, "Payments: one confirmation
// charges"): nobody is charged with nothing to show for it, and no payment stays processing.

const GOOD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };

/** What the test makes the provider do on the next confirm. */
type Script = 'normal' | 'silent-before-charging' | 'silent-after-charging';

describe.each(testDatabases())('payments that go wrong halfway (%s)', (kind) => {
  let app: TestApp;
  let provider: SimulatedPaymentProvider;
  let providerId = '';
  let script: Script = 'normal';
  /** Runs while the provider charges (after the claim, before the escrow). */
  let whileCharging: () => Promise<unknown> = async () => {};
  const db = () => app.database.prisma;

  /** The simulation, with a network that can fail before or after the charge. */
  function scripted(simulated: SimulatedPaymentProvider): PaymentProvider {
    return {
      ...simulated,
      async confirm(request) {
        const now = script;
        script = 'normal';
        await whileCharging();
        whileCharging = async () => {};
        if (now === 'silent-before-charging') throw new Error('ECONNRESET before the provider got the request');
        const answer = await simulated.confirm(request);
        if (now === 'silent-after-charging') throw new Error('ECONNRESET: the answer was lost');
        return answer;
      },
    };
  }

  const post = (client: Client, path: string, body: unknown) =>
    client
      .request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(async (res) => ({ status: res.status, body: await res.json() }));

  async function pendingPayment(buyer: Client) {
    const contract = await makeContract(db(), providerId, { title: `Recovery ${Math.random().toString(36).slice(2, 8)}`, category: 'financial', price: '20.00' });
    const created = await post(buyer, '/api/payments', { contractId: contract.id, paymentMethod: 'card' });
    expect(created.status).toBe(201);
    return { paymentId: created.body.id as string, contractId: contract.id };
  }
  const history = async (paymentId: string) =>
    (await db().statusChange.findMany({ where: { subject: 'payment', subjectId: paymentId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })).map((h) => [h.fromStatus, h.toStatus, h.note]);
  const kinds = (paymentId: string) => provider.operations(paymentId).map((op) => `${op.kind}:${op.outcome}`);
  const afterReconcileDelay = () => new Date(Date.now() + RECONCILE_AFTER_MS + 60_000);

  beforeAll(async () => {
    app = await startTestApp(kind, {}, { wrapPaymentProvider: scripted });
    provider = app.paymentProvider!;
    providerId = (await makeUser(db(), 'rec_prov', { dueDiligenceStatus: 'approved' })).id;
    await makeUser(db(), 'rec_buyer');
  }, 120_000);
  afterAll(async () => app?.close());

  it('the listing stops being sold while the card is charged: the charge is voided, the payment failed, the buyer told', async () => {
    const buyer = await logIn(app, 'rec_buyer');
    const { paymentId, contractId } = await pendingPayment(buyer);
    whileCharging = () => db().contract.update({ where: { id: contractId }, data: { status: 'inactive' } });
    const res = await post(buyer, `/api/payments/${paymentId}/escrow`, { card: GOOD });
    expect(res).toMatchObject({
      status: 409,
      body: { code: 'CONTRACT_NOT_ACTIVE', message: 'This data set stopped being sold while you paid. Your card was not charged: the charge was voided.' },
    });
    expect(kinds(paymentId)).toEqual(['confirm:charged', 'void:voided']);
    expect(await db().payment.findUniqueOrThrow({ where: { id: paymentId } })).toMatchObject({ status: 'failed', failureReason: 'This data set stopped being sold while you paid: the charge was voided, nothing was taken' });
    expect((await history(paymentId)).at(-1)).toEqual(['processing', 'failed', 'This data set stopped being sold while you paid: the charge was voided, nothing was taken']);
    expect(await db().job.count({ where: { key: reconcileJobKey(paymentId) } })).toBe(0);
    expect((await db().contract.findUniqueOrThrow({ where: { id: contractId } })).salesCount).toBe(0);
  });

  it('any database error after the charge: the charge is voided and recorded, the answer says nothing was taken', async () => {
    const buyer = await logIn(app, 'rec_buyer');
    const { paymentId, contractId } = await pendingPayment(buyer);
    // The escrow's write of the purchase fails, as a full disk or a lost connection would.
    await db().$executeRawUnsafe(`CREATE OR REPLACE FUNCTION test_fail_escrow() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$ LANGUAGE plpgsql`);
    await db().$executeRawUnsafe(`CREATE TRIGGER test_fail_escrow BEFORE UPDATE ON "Purchase" FOR EACH ROW WHEN (NEW."contractId" = '${contractId}') EXECUTE FUNCTION test_fail_escrow()`);
    try {
      const res = await post(buyer, `/api/payments/${paymentId}/escrow`, { card: GOOD });
      expect(res).toMatchObject({ status: 409, body: { message: 'Your payment could not be recorded. Your card was not charged: the charge was voided.' } });
    } finally {
      await db().$executeRawUnsafe(`DROP TRIGGER test_fail_escrow ON "Purchase"`);
    }
    expect(kinds(paymentId)).toEqual(['confirm:charged', 'void:voided']);
    const payment = await db().payment.findUniqueOrThrow({ where: { id: paymentId }, include: { purchase: true } });
    expect(payment).toMatchObject({ status: 'failed', failureReason: 'Your payment could not be recorded: the charge was voided, nothing was taken', escrowStartedAt: null });
    expect(payment.purchase?.status).toBe('pending');
    expect(await db().apiKey.count({ where: { purchase: { paymentId } } })).toBe(0);
  });

  it('while a payment is processing, a second confirmation and a new payment for the same data set are refused', async () => {
    const buyer = await logIn(app, 'rec_buyer');
    const { paymentId, contractId } = await pendingPayment(buyer);
    script = 'silent-before-charging';
    const first = await post(buyer, `/api/payments/${paymentId}/escrow`, { card: GOOD });
    expect(first).toMatchObject({ status: 409, body: { code: 'PAYMENT_IN_PROGRESS' } });
    expect((await db().payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe('processing');
    const again = await post(buyer, `/api/payments/${paymentId}/escrow`, { card: GOOD });
    expect(again).toMatchObject({ status: 409, body: { code: 'PAYMENT_IN_PROGRESS', message: 'This payment is already being confirmed' } });
    const another = await post(buyer, '/api/payments', { contractId, paymentMethod: 'card' });
    expect(another).toMatchObject({ status: 409, body: { code: 'PAYMENT_IN_PROGRESS' } });
    expect(kinds(paymentId)).toEqual([]);
    // The page follows it: the payment reads as processing, and GraphQL still shows where it leads.
    const read = await buyer.gql(`query($id: ID!) { myPaymentForContract(contractId: $id) { status nextStatuses } }`, { id: contractId });
    expect(read.data.myPaymentForContract).toEqual({ status: 'processing', nextStatuses: ['escrowed', 'failed'] });
  });

  it('interrupted before the charge: the reconcile job cancels it at the provider and fails it "not charged"', async () => {
    const buyer = await logIn(app, 'rec_buyer');
    const { paymentId } = await pendingPayment(buyer);
    script = 'silent-before-charging';
    const res = await post(buyer, `/api/payments/${paymentId}/escrow`, { card: GOOD });
    expect(res).toMatchObject({ status: 409, body: { code: 'PAYMENT_IN_PROGRESS' } });
    const job = await db().job.findUniqueOrThrow({ where: { key: reconcileJobKey(paymentId) } });
    expect(job).toMatchObject({ kind: 'payment.reconcile', status: 'pending' });
    // Not before its time: a confirmation may still be finishing.
    await app.jobs.runDue(new Date(Date.now() + 60_000));
    expect((await db().payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe('processing');
    await app.jobs.runDue(afterReconcileDelay());
    expect(await db().payment.findUniqueOrThrow({ where: { id: paymentId } })).toMatchObject({ status: 'failed', failureReason: 'Interrupted, not charged' });
    expect(kinds(paymentId)).toEqual(['lookup:none', 'void:none']);
    // A confirmation reaching the provider late is refused: the payment was cancelled there.
    expect(await provider.confirm({ paymentId, amountCents: 2050n, method: 'card', card: { ...GOOD, number: '4242424242424242' } })).toMatchObject({ ok: false });
    expect((await provider.lookup({ paymentId }))?.status).toBe('voided');
  });

  it('charged but the answer was lost: the reconcile job finds the charge and completes the escrow', async () => {
    const buyer = await logIn(app, 'rec_buyer');
    const { paymentId, contractId } = await pendingPayment(buyer);
    const tradesBefore = (await db().user.findUniqueOrThrow({ where: { id: providerId } })).tradeCount;
    script = 'silent-after-charging';
    expect(await post(buyer, `/api/payments/${paymentId}/escrow`, { card: GOOD })).toMatchObject({ status: 409, body: { code: 'PAYMENT_IN_PROGRESS' } });
    expect((await db().payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe('processing');
    await app.jobs.runDue(afterReconcileDelay());
    const payment = await db().payment.findUniqueOrThrow({ where: { id: paymentId }, include: { purchase: true } });
    expect(payment.status).toBe('escrowed');
    expect(payment.stripePaymentIntentId).toBe((await provider.lookup({ paymentId }))?.reference);
    expect(payment.purchase?.status).toBe('active');
    expect(await db().apiKey.count({ where: { purchaseId: payment.purchase!.id, revokedAt: null } })).toBe(1);
    expect(await db().job.count({ where: { key: `release:${paymentId}`, status: 'pending' } })).toBe(1);
    expect((await history(paymentId)).at(-1)).toEqual(['processing', 'escrowed', 'Confirmed by the reconcile job after an interrupted confirmation']);
    expect(kinds(paymentId).filter((k) => k.startsWith('confirm:'))).toEqual(['confirm:charged']);
    expect((await db().contract.findUniqueOrThrow({ where: { id: contractId } })).salesCount).toBe(1);
    expect((await db().user.findUniqueOrThrow({ where: { id: providerId } })).tradeCount).toBe(tradesBefore + 1);
  });

  it('charged, the answer lost, and the listing withdrawn meanwhile: the reconcile job voids the charge', async () => {
    const buyer = await logIn(app, 'rec_buyer');
    const { paymentId, contractId } = await pendingPayment(buyer);
    script = 'silent-after-charging';
    expect((await post(buyer, `/api/payments/${paymentId}/escrow`, { card: GOOD })).status).toBe(409);
    await db().contract.update({ where: { id: contractId }, data: { status: 'inactive' } });
    await app.jobs.runDue(afterReconcileDelay());
    expect(await db().payment.findUniqueOrThrow({ where: { id: paymentId } })).toMatchObject({
      status: 'failed',
      failureReason: 'This data set stopped being sold while you paid: the charge was voided, nothing was taken',
    });
    expect(kinds(paymentId)).toEqual(['confirm:charged', 'lookup:found', 'void:voided']);
  });
});
