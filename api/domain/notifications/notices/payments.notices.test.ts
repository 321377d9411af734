import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/databases.ts';
import { DECLINED_CARD, paymentsTestbed } from '../../payments/payments.testbed.ts';
import { eventsAbout, toldAbout, whoWasTold } from './told.fixtures.ts';

// Payments and disputes told to the people concerned (docs/decisions.md "Issue 25: notification
// events"), driven through the app, fanned out by the job runner; nobody else is told.

describe.each(testDatabases())('payment and dispute notices on %s', (kind) => {
  const { app, users, db, login, post, contract, pay } = paymentsTestbed(kind);
  const HOUR = 3_600_000;

  it('payment.escrowed tells the provider of the money held; a declined card records nothing', async () => {
    const ann = await login('ann');
    const paid = await pay(ann, await contract('40.00', 'Port Calls'));
    await app().jobs.runDue();
    expect(await toldAbout(db(), 'payment.escrowed', 'paymentId', paid.id)).toEqual([
      { userId: users.prov!.id, title: 'Payment of $40.00 held in escrow', link: '/dashboard/payments', body: expect.stringContaining('"Port Calls"') },
    ]);
    const other = await contract('41.00');
    const created = await post(ann, '/api/payments', { contractId: other, paymentMethod: 'card' });
    expect((await post(ann, `/api/payments/${created.body.id}/escrow`, { card: DECLINED_CARD })).status).toBe(402);
    await app().jobs.runDue();
    expect(await eventsAbout(db(), 'payment.escrowed', 'paymentId', created.body.id)).toEqual([]);
  });

  it('payment.released (the timed release) tells the provider and the buyer, once', async () => {
    const ann = await login('ann');
    const paid = await pay(ann, await contract('50.00', 'Tanker Routes'));
    const after = new Date(new Date(paid.escrowEndsAt).getTime() + HOUR);
    await app().jobs.runDue(after);
    await app().jobs.runDue(after);
    const told = await toldAbout(db(), 'payment.released', 'paymentId', paid.id);
    expect(told.map((t) => t.userId).sort()).toEqual([users.ann!.id, users.prov!.id].sort());
    expect(told.find((t) => t.userId === users.prov!.id)).toMatchObject({ title: 'Escrow released: $45.00', link: '/dashboard/payments' });
    expect(told.find((t) => t.userId === users.ann!.id)).toMatchObject({ title: 'Escrow released to the provider', link: `/payment-success/${paid.contractId}` });
  });

  it('dispute.opened tells both parties and the administrators; a refused dispute records nothing more', async () => {
    const ann = await login('ann');
    const paid = await pay(ann, await contract('60.00', 'Grain Prices'));
    expect((await post(ann, `/api/payments/${paid.id}/dispute`, { reason: 'incomplete_data', description: 'Rows missing' })).status).toBe(201);
    expect((await post(ann, `/api/payments/${paid.id}/dispute`, { reason: 'other', description: 'again' })).status).toBe(409);
    expect((await post(await login('bob'), `/api/payments/${paid.id}/dispute`, { reason: 'other', description: 'not mine' })).status).toBe(404);
    await app().jobs.runDue();
    expect(await eventsAbout(db(), 'dispute.opened', 'paymentId', paid.id)).toHaveLength(1);
    const told = await toldAbout(db(), 'dispute.opened', 'paymentId', paid.id);
    expect(told.map((t) => t.userId).sort()).toEqual([users.ann!.id, users.prov!.id, users.boss!.id].sort());
    expect(told.find((t) => t.userId === users.prov!.id)).toMatchObject({ title: 'A payment was disputed', body: expect.stringContaining('incomplete data') });
    expect(told.find((t) => t.userId === users.boss!.id)).toMatchObject({ title: 'A dispute to decide', link: '/compliance-dashboard' });
  });

  it('dispute.answered tells the buyer of the provider’s first message after the dispute, once; message.received each time', async () => {
    const ann = await login('ann');
    const prov = await login('prov');
    const paid = await pay(ann, await contract('65.00', 'Freight Index'));
    // Written before the dispute: not an answer to it.
    expect((await post(prov, '/api/messages', { recipientId: users.ann!.id, content: 'Thanks for buying' })).status).toBe(201);
    expect((await post(ann, `/api/payments/${paid.id}/dispute`, { reason: 'wrong_format', description: 'XML' })).status).toBe(201);
    const dispute = (await db().dispute.findUniqueOrThrow({ where: { paymentId: paid.id } })).id;
    const first = await post(prov, '/api/messages', { recipientId: users.ann!.id, content: 'Sorry, a CSV is on its way' });
    expect((await post(prov, '/api/messages', { recipientId: users.ann!.id, content: 'Sent it' })).status).toBe(201);
    // The buyer writing to the provider answers nothing.
    expect((await post(ann, '/api/messages', { recipientId: users.prov!.id, content: 'Got it' })).status).toBe(201);
    await app().jobs.runDue();
    const told = await toldAbout(db(), 'dispute.answered', 'disputeId', dispute);
    expect(told).toEqual([
      { userId: users.ann!.id, title: 'The provider answered your dispute', link: `/messaging?conversation=${first.body.conversationId}`, body: expect.stringContaining('"Freight Index"') },
    ]);
    expect(await whoWasTold(db(), 'message.received', 'conversationId', first.body.conversationId)).toEqual(
      [users.ann!.id, users.ann!.id, users.ann!.id, users.prov!.id].sort(),
    );
  });

  it('dispute.settled tells both parties the outcome; the payment’s own refund or release is not told twice', async () => {
    const ann = await login('ann');
    const refundMe = await pay(ann, await contract('70.00', 'Refund Me'));
    const releaseMe = await pay(ann, await contract('80.00', 'Release Me'));
    for (const p of [refundMe, releaseMe]) expect((await post(ann, `/api/payments/${p.id}/dispute`, { reason: 'other', description: 'x' })).status).toBe(201);
    const boss = await login('boss');
    // Refused (not an administrator): records nothing.
    expect((await post(ann, `/api/payments/${refundMe.id}/settle`, { decision: 'refund' })).status).toBe(403);
    expect(await eventsAbout(db(), 'dispute.settled', 'paymentId', refundMe.id)).toEqual([]);
    expect((await post(boss, `/api/payments/${refundMe.id}/settle`, { decision: 'refund', note: 'Files were empty' })).status).toBe(200);
    expect((await post(boss, `/api/payments/${releaseMe.id}/settle`, { decision: 'release' })).status).toBe(200);
    expect((await post(boss, `/api/payments/${releaseMe.id}/settle`, { decision: 'refund' })).status).toBe(409);
    await app().jobs.runDue();
    const refunded = await toldAbout(db(), 'dispute.settled', 'paymentId', refundMe.id);
    expect(refunded.map((t) => t.userId).sort()).toEqual([users.ann!.id, users.prov!.id].sort());
    expect(refunded.find((t) => t.userId === users.ann!.id)).toMatchObject({ title: 'Dispute settled: $71.75 refunded', body: expect.stringContaining('Files were empty') });
    const released = await toldAbout(db(), 'dispute.settled', 'paymentId', releaseMe.id);
    expect(released.find((t) => t.userId === users.prov!.id)).toMatchObject({ title: 'Dispute settled: released to you', body: expect.stringContaining('$72.00') });
    expect(released).toHaveLength(2);
    expect(await eventsAbout(db(), 'payment.refunded', 'paymentId', refundMe.id)).toHaveLength(1);
    expect(await eventsAbout(db(), 'payment.released', 'paymentId', releaseMe.id)).toHaveLength(1);
    expect(await whoWasTold(db(), 'payment.refunded', 'paymentId', refundMe.id)).toEqual([]);
    expect(await whoWasTold(db(), 'payment.released', 'paymentId', releaseMe.id)).toEqual([]);
  });

  it('a settlement rolled back after its events were written records nothing; settled again, it is told once', async () => {
    const ann = await login('ann');
    const paid = await pay(ann, await contract('75.00', 'Rolled Back'));
    expect((await post(ann, `/api/payments/${paid.id}/dispute`, { reason: 'other', description: 'x' })).status).toBe(201);
    const boss = await login('boss');
    // The last write of the settlement fails, as a lost connection would: dispute.settled was written before it.
    await db().$executeRawUnsafe(`CREATE OR REPLACE FUNCTION test_fail_event() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'connection lost'; END $$ LANGUAGE plpgsql`);
    await db().$executeRawUnsafe(`CREATE TRIGGER test_fail_event BEFORE INSERT ON "DomainEvent" FOR EACH ROW WHEN (NEW.type = 'payment.refunded') EXECUTE FUNCTION test_fail_event()`);
    try {
      expect((await post(boss, `/api/payments/${paid.id}/settle`, { decision: 'refund' })).status).toBeGreaterThanOrEqual(400);
    } finally {
      await db().$executeRawUnsafe(`DROP TRIGGER test_fail_event ON "DomainEvent"`);
    }
    await app().jobs.runDue();
    expect(await eventsAbout(db(), 'dispute.settled', 'paymentId', paid.id)).toEqual([]);
    expect((await db().payment.findUniqueOrThrow({ where: { id: paid.id } })).status).toBe('disputed');
    expect((await post(boss, `/api/payments/${paid.id}/settle`, { decision: 'refund' })).status).toBe(200);
    await app().jobs.runDue();
    expect(await whoWasTold(db(), 'dispute.settled', 'paymentId', paid.id)).toEqual([users.ann!.id, users.prov!.id].sort());
  });
});
