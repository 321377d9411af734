import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/databases.ts';
import { paymentsTestbed } from '../../payments/payments.testbed.ts';
import { eventsAbout, toldAbout, whoWasTold } from './told.fixtures.ts';

// The end of paid access told ahead by the job runner (docs/decisions.md "Issue 25: notification
// events"): 7 days and 1 day before, and at the end, each once; nothing for access refunded or
// extended meanwhile. The clock moves by running the due jobs at a future time.

describe.each(testDatabases())('access expiry notices on %s', (kind) => {
  const { app, users, db, login, post, contract, pay } = paymentsTestbed(kind);
  const DAY = 24 * 3_600_000;
  const MINUTE = 60_000;

  const monthly = async (title: string) => {
    const id = await contract('30.00', title);
    await db().contract.update({ where: { id }, data: { pricingModel: 'monthly_subscription' } });
    return id;
  };
  const runAt = (end: Date, offsetMs: number) => app().jobs.runDue(new Date(end.getTime() + offsetMs));
  const expiring = async (purchaseId: string) => (await eventsAbout(db(), 'access.expiring', 'purchaseId', purchaseId)).map((e) => (e.data as { days: number }).days);

  it('tells the buyer 7 days and 1 day ahead and at the end, once each, and nobody else', async () => {
    const ann = await login('ann');
    const paid = await pay(ann, await monthly('Weekly Rates'));
    const purchaseId: string = paid.purchase.id;
    const end = new Date(paid.purchase.accessExpiresAt);
    await runAt(end, -8 * DAY);
    expect(await expiring(purchaseId)).toEqual([]);
    await runAt(end, -7 * DAY + MINUTE);
    await runAt(end, -7 * DAY + 2 * MINUTE);
    expect(await expiring(purchaseId)).toEqual([7]);
    await runAt(end, -DAY + MINUTE);
    expect(await expiring(purchaseId)).toEqual([7, 1]);
    expect(await eventsAbout(db(), 'access.expired', 'purchaseId', purchaseId)).toEqual([]);
    await runAt(end, MINUTE);
    await runAt(end, DAY);
    expect(await expiring(purchaseId)).toEqual([7, 1]);
    expect(await eventsAbout(db(), 'access.expired', 'purchaseId', purchaseId)).toHaveLength(1);
    const told = await toldAbout(db(), 'access.expiring', 'purchaseId', purchaseId);
    expect(told.map((t) => [t.userId, t.title, t.link])).toEqual([
      [users.ann!.id, 'Your access ends in 7 days', `/contract/${paid.contractId}`],
      [users.ann!.id, 'Your access ends tomorrow', `/contract/${paid.contractId}`],
    ]);
    expect(await toldAbout(db(), 'access.expired', 'purchaseId', purchaseId)).toEqual([
      { userId: users.ann!.id, title: 'Your access has ended', link: `/contract/${paid.contractId}`, body: expect.stringContaining('"Weekly Rates"') },
    ]);
  });

  it('tells nothing of access refunded meanwhile', async () => {
    const ann = await login('ann');
    const paid = await pay(ann, await monthly('Refunded Rates'));
    expect((await post(ann, `/api/payments/${paid.id}/dispute`, { reason: 'other', description: 'x' })).status).toBe(201);
    expect((await post(await login('boss'), `/api/payments/${paid.id}/settle`, { decision: 'refund' })).status).toBe(200);
    const end = new Date(paid.purchase.accessExpiresAt);
    await runAt(end, -7 * DAY + MINUTE);
    await runAt(end, -DAY + MINUTE);
    await runAt(end, MINUTE);
    expect(await expiring(paid.purchase.id)).toEqual([]);
    expect(await eventsAbout(db(), 'access.expired', 'purchaseId', paid.purchase.id)).toEqual([]);
  });

  it('tells nothing of access extended by a renewal; the renewal’s own end is told', async () => {
    const ann = await login('ann');
    const contractId = await monthly('Renewed Rates');
    const first = await pay(ann, contractId);
    const renewal = await pay(ann, contractId);
    const firstEnd = new Date(first.purchase.accessExpiresAt);
    const renewedEnd = new Date(renewal.purchase.accessExpiresAt);
    expect(renewedEnd.getTime()).toBeGreaterThan(firstEnd.getTime());
    await runAt(firstEnd, MINUTE);
    expect(await expiring(first.purchase.id)).toEqual([]);
    expect(await eventsAbout(db(), 'access.expired', 'purchaseId', first.purchase.id)).toEqual([]);
    await runAt(renewedEnd, MINUTE);
    expect(await expiring(renewal.purchase.id)).toEqual([7, 1]);
    expect(await whoWasTold(db(), 'access.expired', 'purchaseId', renewal.purchase.id)).toEqual([users.ann!.id]);
  });

  it('a one-time purchase never ends: no reminder is scheduled', async () => {
    const ann = await login('ann');
    const paid = await pay(ann, await contract('12.00', 'Forever Data'));
    expect(paid.purchase.accessExpiresAt).toBeNull();
    expect(await db().job.count({ where: { key: { startsWith: `access-` }, payload: { path: ['purchaseId'], equals: paid.purchase.id } } })).toBe(0);
  });
});
