// The news of payments (api/events/events.ts), raised after the change committed: each status a
// payment reaches (escrowed, failed, disputed, released, refunded), and each dispute opened or
// settled. Screens follow a payment through these (the paymentUpdated subscription); notifications
// and webhooks hear them too.
import { Repeater } from 'graphql-yoga';
import type { Db } from '../../db/database.ts';
import type { DisputeStatus, PaymentStatus } from '../../db/generated/prisma/enums.ts';
import { isRecordId } from '../../db/ids.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { EventPublisher, PaymentUpdatedEvent } from '../../events/events.ts';
import { AuthenticationError, NotFoundError } from '../errors.ts';
import { canSeePayment, type Viewer } from '../policies.ts';

type PaymentParties = { id: string; contractId: string; buyerId: string; sellerId: string };

/** A news item to raise once the transaction that made it has committed. */
export type AfterCommit = () => void;

export function paymentMoved(events: EventPublisher, payment: PaymentParties, from: PaymentStatus, status: PaymentUpdatedEvent['status']): AfterCommit {
  return () =>
    events.publish('paymentUpdated', payment.id, { paymentId: payment.id, contractId: payment.contractId, buyerId: payment.buyerId, sellerId: payment.sellerId, from, status });
}

export function disputeMoved(
  events: EventPublisher,
  payment: PaymentParties,
  dispute: { id: string; status: DisputeStatus; reason: string },
): AfterCommit {
  const event = {
    disputeId: dispute.id,
    paymentId: payment.id,
    contractId: payment.contractId,
    buyerId: payment.buyerId,
    sellerId: payment.sellerId,
    status: dispute.status,
    reason: dispute.reason,
  };
  return () => (dispute.status === 'open' ? events.publish('disputeOpened', event) : events.publish('disputeSettled', event));
}

/**
 * Following a payment (the paymentUpdated subscription): its buyer, its seller and administrators
 * hear the payment as it is now, then again after each move. The first answer closes the gap
 * between a page's load and its subscription: a payment that moved meanwhile is seen at once.
 * Anybody else is told there is no such payment, as the payment query does.
 */
export async function followPayment(
  deps: { db: Db; events: Pick<EventBus, 'subscribe'> },
  viewer: Viewer | null,
  paymentId: string,
): Promise<AsyncIterable<{ paymentId: string }>> {
  if (!viewer) throw new AuthenticationError('Log in to follow a payment');
  const payment = isRecordId(paymentId) ? await deps.db.payment.findUnique({ where: { id: paymentId }, select: { id: true, buyerId: true, sellerId: true } }) : null;
  if (!payment || !canSeePayment(viewer, payment)) throw new NotFoundError('Payment not found');
  return new Repeater<{ paymentId: string }>(async (push, stop) => {
    const moves = deps.events.subscribe('paymentUpdated', payment.id)[Symbol.asyncIterator]();
    // Listening starts before the first answer is read, so no move falls between the two.
    let next = moves.next();
    await push({ paymentId: payment.id });
    for (;;) {
      const moved = await Promise.race([next, stop.then(() => null)]);
      if (!moved || moved.done) break;
      await push(moved.value);
      next = moves.next();
    }
    await moves.return?.();
    stop();
  });
}
