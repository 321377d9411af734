import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import type { Client } from '../../test/harness.ts';
import { eventsAbout, toldAbout, whoWasTold } from '../notifications/notices/told.fixtures.ts';
import { SUCCESS_CARD, paymentsTestbed } from '../payments/payments.testbed.ts';

// Subscriptions that renew (docs/decisions.md, "Issue 26: subscriptions that renew"): the card kept
// at checkout (never its number), the reminder, the renewal through the checkout's escrow (same
// purchase, same key, a new invoiced payment), declined attempts retried then given up, cancelling
// from the library, and who may do it. The clock moves by running the due jobs at a future time.

const RENEWAL_DECLINES = { ...SUCCESS_CARD, number: '4000 0000 0000 0341' };
const DAY = 24 * 3_600_000;
const MINUTE = 60_000;

describe.each(testDatabases())('subscriptions that renew on %s', (kind) => {
  const { app, users, db, login, anonymous, post, contract } = paymentsTestbed(kind);

  const monthly = async (price = '30.00') => {
    const id = await contract(price);
    await db().contract.update({ where: { id }, data: { pricingModel: 'monthly_subscription' } });
    return id;
  };
  /** Buys with automatic renewal (REST, as an integrator would) and answers the escrow's body. */
  const subscribe = async (client: Client, contractId: string, card = SUCCESS_CARD) => {
    const created = await post(client, '/api/payments', { contractId, paymentMethod: 'card', autoRenew: true });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const escrow = await post(client, `/api/payments/${created.body.id}/escrow`, { card });
    expect(escrow.status, JSON.stringify(escrow.body)).toBe(200);
    return escrow.body as { id: string; purchase: { id: string; accessExpiresAt: string } };
  };
  const purchaseOf = (id: string) => db().purchase.findUniqueOrThrow({ where: { id }, include: { savedPaymentMethod: true, renewals: { include: { payment: { include: { invoices: true } } }, orderBy: { createdAt: 'asc' } } } });
  const runAt = (end: Date, offsetMs: number, purchaseId?: string) =>
    app().jobs.runDue(new Date(end.getTime() + offsetMs), purchaseId ? { keyPrefixes: [`renew:${purchaseId}`, `renewal-reminder:${purchaseId}`, 'event.fanout', `receipt:`] } : undefined);

  it('keeps the card as a token with brand, last four and expiry, and reminds 7 days before renewing', async () => {
    const ann = await login('ann');
    const paid = await subscribe(ann, await monthly());
    const purchase = await purchaseOf(paid.purchase.id);
    expect(purchase).toMatchObject({ autoRenew: true, renewalStatus: 'scheduled' });
    expect(purchase.savedPaymentMethod).toMatchObject({ brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2099, userId: users.ann!.id });
    expect(JSON.stringify(purchase.savedPaymentMethod)).not.toContain('4242424242424242');
    const end = new Date(paid.purchase.accessExpiresAt);
    await runAt(end, -10 * DAY - MINUTE, purchase.id);
    expect(await eventsAbout(db(), 'subscription.renewal_upcoming', 'purchaseId', purchase.id)).toEqual([]);
    await runAt(end, -10 * DAY + MINUTE, purchase.id);
    await runAt(end, -10 * DAY + 2 * MINUTE, purchase.id);
    const told = await toldAbout(db(), 'subscription.renewal_upcoming', 'purchaseId', purchase.id);
    expect(told).toEqual([{ userId: users.ann!.id, title: `Your subscription renews on ${new Date(end.getTime() - 3 * DAY).toISOString().slice(0, 10)}`, link: '/my-data', body: expect.stringContaining('Visa ending 4242') }]);
    // GraphQL shows the buyer the card and when it renews.
    const read = await ann.json('POST', '/graphql', { query: `{ node(id: "${Buffer.from(`Purchase:${purchase.id}`).toString('base64')}") { ... on Purchase { autoRenew renewalStatus renewsAt savedPaymentMethod { brand last4 expMonth expYear } } } }` });
    expect(read.body.data?.node ?? read.body).toMatchObject({ autoRenew: true, renewalStatus: 'scheduled', savedPaymentMethod: { brand: 'Visa', last4: '4242' } });
    // The provider reads the purchase, never the buyer's card.
    const prov = await (await login('prov')).json('POST', '/graphql', { query: `{ node(id: "${Buffer.from(`Purchase:${purchase.id}`).toString('base64')}") { ... on Purchase { autoRenew savedPaymentMethod { last4 } } } }` });
    expect(prov.body.data.node).toEqual({ autoRenew: true, savedPaymentMethod: null });
  });

  it('renews once before the period ends: a new escrowed, invoiced payment extends the same purchase and keeps its key', async () => {
    const ann = await login('ann');
    const paid = await subscribe(ann, await monthly('40.00'));
    const end = new Date(paid.purchase.accessExpiresAt);
    const keysBefore = await db().apiKey.count({ where: { purchaseId: paid.purchase.id } });
    await runAt(end, -3 * DAY - MINUTE, paid.purchase.id);
    expect((await purchaseOf(paid.purchase.id)).renewals).toEqual([]);
    await runAt(end, -3 * DAY + MINUTE, paid.purchase.id);
    await runAt(end, -2 * DAY + MINUTE, paid.purchase.id);
    await runAt(end, -DAY + MINUTE, paid.purchase.id);
    const renewed = await purchaseOf(paid.purchase.id);
    expect(renewed.accessExpiresAt!.getTime()).toBe(end.getTime() + 30 * DAY);
    expect(renewed.renewalStatus).toBe('scheduled');
    expect(renewed.renewals).toHaveLength(1);
    const renewal = renewed.renewals[0]!;
    expect(renewal).toMatchObject({ outcome: 'renewed', attempt: 1, periodStart: end });
    expect(renewal.payment).toMatchObject({ status: 'escrowed', paymentMethod: 'card', buyerId: users.ann!.id });
    expect(renewal.payment.total.toFixed(2)).toBe('41.00');
    expect(renewal.payment.invoices.map((i) => i.kind)).toEqual(['invoice']);
    expect(await db().apiKey.count({ where: { purchaseId: paid.purchase.id } })).toBe(keysBefore);
    expect(await whoWasTold(db(), 'subscription.renewed', 'purchaseId', paid.purchase.id)).toEqual([users.ann!.id]);
    // The receipt of the renewal is mailed (the receipt job of its payment).
    expect(app().mailer.sent.some((m) => m.subject.includes(`(invoice ${renewal.payment.invoices[0]!.number})`))).toBe(true);
    // No "access ends in 7 days" while it renews; the next period is scheduled.
    expect(await eventsAbout(db(), 'access.expiring', 'purchaseId', paid.purchase.id)).toEqual([]);
    const next = await db().job.findMany({ where: { key: { startsWith: `renew:${paid.purchase.id}:${renewed.accessExpiresAt!.toISOString()}` }, status: 'pending' } });
    expect(next).toHaveLength(1);
    // The renewal's payment follows the escrow rules: disputable, and a refund gives the period back.
    expect((await post(ann, `/api/payments/${renewal.paymentId}/dispute`, { reason: 'other', description: 'I meant to stop it' })).status).toBe(201);
    expect((await post(await login('boss'), `/api/payments/${renewal.paymentId}/settle`, { decision: 'refund' })).status).toBe(200);
    const undone = await purchaseOf(paid.purchase.id);
    expect(undone.accessExpiresAt!.getTime()).toBe(end.getTime());
    expect(undone).toMatchObject({ status: 'active', autoRenew: false, renewalStatus: 'cancelled' });
  });

  it('a declined kept card is retried at 2 and 1 days before the end, the buyer told each time; then access ends with the period', async () => {
    const bob = await login('bob');
    const paid = await subscribe(bob, await monthly(), RENEWAL_DECLINES);
    const end = new Date(paid.purchase.accessExpiresAt);
    await runAt(end, -3 * DAY + MINUTE, paid.purchase.id);
    expect(await purchaseOf(paid.purchase.id)).toMatchObject({ renewalStatus: 'retrying', renewalFailureReason: 'Your card was declined' });
    await runAt(end, -2 * DAY + MINUTE, paid.purchase.id);
    await runAt(end, -DAY + MINUTE, paid.purchase.id);
    await runAt(end, MINUTE, paid.purchase.id);
    const failed = await purchaseOf(paid.purchase.id);
    expect(failed).toMatchObject({ renewalStatus: 'failed', accessExpiresAt: end });
    expect(failed.renewals.map((r) => [r.attempt, r.outcome, r.payment.status])).toEqual([
      [1, 'declined', 'failed'],
      [2, 'declined', 'failed'],
      [3, 'declined', 'failed'],
    ]);
    const told = await toldAbout(db(), 'subscription.renewal_failed', 'purchaseId', paid.purchase.id);
    expect(told.map((t) => [t.userId, t.title])).toEqual([...Array(3)].map(() => [users.bob!.id, 'Your subscription could not renew']));
    expect(told[2]!.body).toContain(`Your access ends on ${end.toISOString().slice(0, 10)}`);
    // Nothing was charged at the provider.
    const charged = failed.renewals.flatMap((r) => app().paymentProvider!.operations(r.paymentId)).filter((op) => op.outcome === 'charged');
    expect(charged).toEqual([]);
  });

  it('an expired kept card is declined without asking the provider', async () => {
    const ann = await login('ann');
    const paid = await subscribe(ann, await monthly());
    const purchase = await purchaseOf(paid.purchase.id);
    await db().savedPaymentMethod.update({ where: { id: purchase.savedPaymentMethodId! }, data: { expMonth: 1, expYear: 2020 } });
    await runAt(new Date(paid.purchase.accessExpiresAt), -3 * DAY + MINUTE, paid.purchase.id);
    const after = await purchaseOf(paid.purchase.id);
    expect(after.renewalStatus).toBe('retrying');
    expect(after.renewalFailureReason).toContain('expired in 01/2020');
    expect(app().paymentProvider!.operations(after.renewals[0]!.paymentId).filter((op) => op.kind === 'charge_saved')).toEqual([]);
  });

  it('a paused listing takes no renewal: the attempt is declined saying so, without asking the provider', async () => {
    const ann = await login('ann');
    const contractId = await monthly();
    const paid = await subscribe(ann, contractId);
    await db().contract.update({ where: { id: contractId }, data: { status: 'paused' } });
    await runAt(new Date(paid.purchase.accessExpiresAt), -3 * DAY + MINUTE, paid.purchase.id);
    const after = await purchaseOf(paid.purchase.id);
    expect(after.renewalStatus).toBe('retrying');
    expect(after.renewalFailureReason).toContain('paused by its provider');
    expect(app().paymentProvider!.operations(after.renewals[0]!.paymentId).filter((op) => op.kind === 'charge_saved')).toEqual([]);
  });

  it('the buyer cancels from the library: nothing more is charged, access lasts to the end of the period; only the buyer may', async () => {
    const ann = await login('ann');
    const paid = await subscribe(ann, await monthly());
    const path = `/api/purchases/${paid.purchase.id}/cancel-renewal`;
    expect((await post(anonymous(), path, {})).status).toBe(401);
    expect((await post(await login('bob'), path, {})).status).toBe(404);
    expect((await post(await login('prov'), path, {})).status).toBe(403);
    expect((await post(await login('boss'), path, {})).status).toBe(403);
    expect((await post(ann, '/api/purchases/not-an-id/cancel-renewal', {})).status).toBe(404);
    const cancelled = await post(ann, path, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: paid.purchase.id, autoRenew: false, renewalStatus: 'cancelled', renewsAt: null, hasAccess: true });
    expect((await post(ann, path, {})).status).toBe(200);
    const end = new Date(paid.purchase.accessExpiresAt);
    await runAt(end, -3 * DAY + MINUTE, paid.purchase.id);
    await runAt(end, -DAY + MINUTE, paid.purchase.id);
    const after = await purchaseOf(paid.purchase.id);
    expect(after.renewals).toEqual([]);
    expect(after.accessExpiresAt).toEqual(end);
    expect(await whoWasTold(db(), 'subscription.cancelled', 'purchaseId', paid.purchase.id)).toEqual([users.ann!.id]);
    // Turned on again (GraphQL): renewing is scheduled again with the kept card.
    const on = await ann.json('POST', '/graphql', {
      query: 'mutation ($input: SetPurchaseAutoRenewInput!) { setPurchaseAutoRenew(input: $input) { __typename ... on MutationSetPurchaseAutoRenewSuccess { data { autoRenew renewalStatus renewsAt } } ... on Error { message } } }',
      variables: { input: { purchaseId: paid.purchase.id, autoRenew: true } },
    });
    expect(on.body.data.setPurchaseAutoRenew.data).toMatchObject({ autoRenew: true, renewalStatus: 'scheduled', renewsAt: new Date(end.getTime() - 3 * DAY).toISOString() });
  });

  it('refuses automatic renewal for a one-time purchase or a payment that is not by card', async () => {
    const ann = await login('ann');
    const once = await contract('12.00');
    const refused = await post(ann, '/api/payments', { contractId: once, paymentMethod: 'card', autoRenew: true });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('Only subscriptions renew');
    const bank = await post(ann, '/api/payments', { contractId: await monthly(), paymentMethod: 'bank_transfer', autoRenew: true });
    expect(bank.status).toBe(400);
    expect(bank.body.message).toContain('needs a card');
    expect((await post(ann, '/api/payments', { contractId: once, paymentMethod: 'card', autoRenew: 'yes' })).status).toBe(400);
  });

  it('a subscription bought without automatic renewal does not renew', async () => {
    const ann = await login('ann');
    const created = await post(ann, '/api/payments', { contractId: await monthly(), paymentMethod: 'card' });
    const escrow = await post(ann, `/api/payments/${created.body.id}/escrow`, { card: SUCCESS_CARD });
    const purchase = await purchaseOf(escrow.body.purchase.id);
    expect(purchase).toMatchObject({ autoRenew: false, renewalStatus: 'off', savedPaymentMethodId: null });
    expect(await db().job.count({ where: { key: { startsWith: `renew:${purchase.id}` } } })).toBe(0);
  });
});
