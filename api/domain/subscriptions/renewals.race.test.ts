import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner, type JobRunner } from '../../jobs/job-runner.ts';
import { logIn, startTestApp, type Client, type TestApp } from '../../test/harness.ts';
import { makeContract, makeUser } from '../../test/market-fixtures.ts';
import type { PaymentProvider, SimulatedPaymentProvider } from '../payments/payment-provider.ts';
import { registerPaymentJobs } from '../payments/payments.jobs.ts';
import { SUCCESS_CARD } from '../payments/payments.testbed.ts';
import { RENEW_JOB, type RenewPayload } from './renewals.schedule.ts';

// A renewal runs exactly once across two instances (docs/decisions.md, "Issue 26: subscriptions
// that renew"): two job runners on one PostgreSQL, each holding a renewal job of the same period
// (the scheduled one and a twin with another key, as a retry or a second scheduler could leave),
// run at once. The purchase's row lock and the period check let one of them charge and extend; the
// other finds the period moved and charges nothing. PostgreSQL only: PGlite runs one transaction at a time.

const DAY = 24 * 3_600_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function slow(simulated: SimulatedPaymentProvider): PaymentProvider {
  return { ...simulated, chargeSaved: async (request) => (await sleep(150), simulated.chargeSaved(request)) };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('renewals racing on two instances (PostgreSQL)', () => {
  let app: TestApp;
  let second: JobRunner;
  let providerId = '';
  const db = () => app.database.prisma;
  const post = (client: Client, path: string, body: unknown) =>
    client.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (res) => ({ status: res.status, body: await res.json() }));

  beforeAll(async () => {
    app = await startTestApp('postgres', {}, { wrapPaymentProvider: slow });
    providerId = (await makeUser(db(), 'renew_prov', { dueDiligenceStatus: 'approved' })).id;
    await makeUser(db(), 'renew_buyer');
    second = createJobRunner({ db: db(), workerId: 'second-instance' });
    registerPaymentJobs(second, { db: db(), events: app.events, jobs: second, mailer: app.mailer, provider: app.paymentProvider! });
  }, 120_000);
  afterAll(async () => app?.close());

  it('of two runners holding renewals of the same period, one charges and extends, once', async () => {
    const buyer = await logIn(app, 'renew_buyer');
    for (let round = 0; round < 3; round++) {
      const contract = await makeContract(db(), providerId, { title: `Renew race ${round}`, category: 'financial', price: '25.00' });
      await db().contract.update({ where: { id: contract.id }, data: { pricingModel: 'monthly_subscription' } });
      const created = await post(buyer, '/api/payments', { contractId: contract.id, paymentMethod: 'card', autoRenew: true });
      const paid = await post(buyer, `/api/payments/${created.body.id}/escrow`, { card: SUCCESS_CARD });
      expect(paid.status).toBe(200);
      const purchaseId: string = paid.body.purchase.id;
      const end = new Date(paid.body.purchase.accessExpiresAt);
      const at = new Date(end.getTime() - 3 * DAY + 60_000);
      // The twin: another attempt of the same period, due at the same time.
      const twin: RenewPayload = { purchaseId, periodEnd: end.toISOString(), attempt: 2 };
      await app.jobs.schedule(db(), { kind: RENEW_JOB, key: `renew:${purchaseId}:twin`, runAt: new Date(at.getTime() - 1000), payload: twin });
      const only = { keyPrefixes: [`renew:${purchaseId}`] };
      const [a, b] = await Promise.all([app.jobs.runDue(at, only), second.runDue(at, only)]);
      expect(a.done + b.done).toBe(2);
      expect(a.done).toBeGreaterThan(0);
      expect(b.done).toBeGreaterThan(0);
      const purchase = await db().purchase.findUniqueOrThrow({ where: { id: purchaseId }, include: { renewals: { include: { payment: true } } } });
      expect(purchase.accessExpiresAt!.getTime()).toBe(end.getTime() + 30 * DAY);
      expect(purchase.renewals.map((r) => [r.outcome, r.payment.status])).toEqual([['renewed', 'escrowed']]);
      const charges = app.paymentProvider!.operations(purchase.renewals[0]!.paymentId).filter((op) => op.kind === 'charge_saved');
      expect(charges.map((op) => op.outcome)).toEqual(['charged']);
      expect(await db().domainEvent.count({ where: { type: 'subscription.renewed', data: { path: ['purchaseId'], equals: purchaseId } } })).toBe(1);
    }
  });
});
