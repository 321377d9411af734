// The news of payments (api/events/events.ts), raised after the change committed: each status a
// payment reaches (escrowed, failed, disputed, released, refunded), and each dispute opened or
// settled. Screens follow a payment through these (the paymentUpdated subscription); notifications
// and webhooks hear them too.
import type { DisputeStatus, PaymentStatus } from '../../db/generated/prisma/enums.ts';
import type { EventPublisher, PaymentUpdatedEvent } from '../../events/events.ts';

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
