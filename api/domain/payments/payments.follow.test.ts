import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import type { Client } from '../../test/harness.ts';
import { pushesOf, subscribeOver } from '../../test/sse.ts';
import type { DomainEventName } from '../../events/events.ts';
import { DECLINED_CARD, paymentsTestbed } from './payments.testbed.ts';

// Following a payment live (docs/decisions.md, "Payments: the rooms"): the services raise
// paymentUpdated, disputeOpened and disputeSettled after their change committed, and the
// paymentUpdated subscription answers the payment now and after each move, to its buyer, its seller
// and administrators only.

const FOLLOW = `subscription($id: ID!) { paymentUpdated(paymentId: $id) { paymentId status dispute { status } purchase { status } } }`;

describe.each(testDatabases())('following payments on %s', (kind) => {
  const { app, users, login, anonymous, post, contract, pay } = paymentsTestbed(kind);

  function follow(client: Client, paymentId: string) {
    const abort = new AbortController();
    const stream = subscribeOver(client, FOLLOW, { id: paymentId }, abort.signal).then(pushesOf);
    return {
      next: async () => (await (await stream).next()).value,
      stop: () => abort.abort(),
    };
  }

  /** Collects what the bus delivers on a topic from now on. */
  function listen(...args: [DomainEventName] | [DomainEventName, string]) {
    const received: unknown[] = [];
    const iterator = (app().events.subscribe as unknown as (...a: unknown[]) => AsyncIterable<unknown>)(...args)[Symbol.asyncIterator]();
    void (async () => {
      for (;;) {
        const { value, done } = await iterator.next();
        if (done) return;
        received.push(value);
      }
    })();
    return { received, stop: () => iterator.return?.() };
  }

  it('the buyer, the seller and an administrator see it escrowed, then disputed, then refunded', async () => {
    const ann = await login('ann');
    const paid = await pay(ann, await contract('42.00'));
    const followers = [follow(ann, paid.id), follow(await login('prov'), paid.id), follow(await login('boss'), paid.id)];
    try {
      for (const f of followers) {
        expect((await f.next()).data.paymentUpdated).toEqual({ paymentId: paid.id, status: 'escrowed', dispute: null, purchase: { status: 'active' } });
      }
      expect((await post(ann, `/api/payments/${paid.id}/dispute`, { reason: 'data_quality', description: 'Rows missing' })).status).toBe(201);
      for (const f of followers) {
        expect((await f.next()).data.paymentUpdated).toEqual({ paymentId: paid.id, status: 'disputed', dispute: { status: 'open' }, purchase: { status: 'active' } });
      }
      expect((await post(await login('boss'), `/api/payments/${paid.id}/settle`, { decision: 'refund' })).status).toBe(200);
      for (const f of followers) {
        expect((await f.next()).data.paymentUpdated).toEqual({ paymentId: paid.id, status: 'refunded', dispute: { status: 'refunded' }, purchase: { status: 'revoked' } });
      }
    } finally {
      for (const f of followers) f.stop();
    }
  }, 20_000);

  it('another user is told there is no such payment; an anonymous caller must log in', async () => {
    const paid = await pay(await login('ann'), await contract('43.00'));
    const other = follow(await login('bob'), paid.id);
    const stranger = follow(anonymous(), paid.id);
    const unknown = follow(await login('bob'), 'not-a-payment');
    try {
      const refused = await other.next();
      expect(refused.data?.paymentUpdated ?? null).toBeNull();
      expect(refused.errors?.[0]).toMatchObject({ message: 'Payment not found', extensions: { code: 'NOT_FOUND' } });
      expect((await stranger.next()).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect((await unknown.next()).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    } finally {
      for (const f of [other, stranger, unknown]) f.stop();
    }
  });

  it('the services raise each move once it committed: failed, escrowed, released; a dispute opened and settled', async () => {
    const bob = await login('bob');
    const c = await contract('44.00');
    const declined = await post(bob, '/api/payments', { contractId: c, paymentMethod: 'card' });
    const failed = listen('paymentUpdated', declined.body.id);
    expect((await post(bob, `/api/payments/${declined.body.id}/escrow`, { card: DECLINED_CARD })).status).toBe(402);
    const parties = { contractId: c, buyerId: users.bob!.id, sellerId: users.prov!.id };
    expect(failed.received).toEqual([{ paymentId: declined.body.id, ...parties, from: 'processing', status: 'failed' }]);

    const retry = await post(bob, '/api/payments', { contractId: c, paymentMethod: 'card' });
    const moves = listen('paymentUpdated', retry.body.id);
    const opened = listen('disputeOpened');
    const settled = listen('disputeSettled');
    expect((await post(bob, `/api/payments/${retry.body.id}/escrow`, { card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' } })).status).toBe(200);
    const dispute = await post(bob, `/api/payments/${retry.body.id}/dispute`, { reason: 'wrong_format', description: 'Not CSV' });
    expect(dispute.status).toBe(201);
    expect((await post(await login('boss'), `/api/payments/${retry.body.id}/settle`, { decision: 'release' })).status).toBe(200);
    const of = { paymentId: retry.body.id, ...parties };
    expect(moves.received).toEqual([
      { ...of, from: 'processing', status: 'escrowed' },
      { ...of, from: 'escrowed', status: 'disputed' },
      { ...of, from: 'disputed', status: 'released' },
    ]);
    const disputeId = dispute.body.id;
    expect(opened.received).toEqual([{ disputeId, ...of, status: 'open', reason: 'wrong_format' }]);
    expect(settled.received).toEqual([{ disputeId, ...of, status: 'released', reason: 'wrong_format' }]);
    for (const l of [failed, moves, opened, settled]) await l.stop();
  });

  it('the release job raises released after its transaction', async () => {
    const paid = await pay(await login('ann'), await contract('45.00'));
    const moves = listen('paymentUpdated', paid.id);
    await app().jobs.runDue(new Date(paid.escrowEndsAt));
    expect(moves.received).toEqual([{ paymentId: paid.id, contractId: paid.contractId, buyerId: users.ann!.id, sellerId: users.prov!.id, from: 'escrowed', status: 'released' }]);
    await moves.stop();
  });
});
