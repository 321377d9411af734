import type { PaymentStatus } from '../../db/generated/prisma/enums.ts';
import { defineMachine, nextStatuses } from '../transitions/transition.ts';

// A payment's life (the product decision "Payments and escrow"): created pending; claimed by one
// confirmation (processing) while the payment provider charges, then escrowed (escrowStartedAt set)
// or failed; escrowed money is released 24 hours later without a dispute, or disputed within the
// window; an administrator then refunds or releases it (docs/decisions.md, "Payments: one
// confirmation charges").
export const PAYMENT_MACHINE = defineMachine({
  subject: 'payment',
  noun: 'payment',
  initial: ['pending'],
  transitions: {
    pending: ['processing'],
    processing: ['escrowed', 'failed'],
    escrowed: ['disputed', 'released'],
    disputed: ['refunded', 'released'],
    released: [],
    refunded: [],
    failed: [],
  },
});

/**
 * The statuses a client may see a payment take next. `processing` is the server's own claim for
 * the seconds the provider takes to answer, not an outcome, so a pending payment shows where
 * paying leads: escrowed or failed.
 */
export function paymentNextStatuses(status: PaymentStatus): PaymentStatus[] {
  return nextStatuses(PAYMENT_MACHINE, status).flatMap((next) => (next === 'processing' ? [...nextStatuses(PAYMENT_MACHINE, next)] : [next]));
}

// A purchase is the access one payment buys: pending while its payment is being paid, active from
// escrow (with an API key), revoked when a dispute refunds the payment. Paying again by hand is a new
// purchase, not a move of the current one; an automatic renewal extends the current one's access
// (api/domain/subscriptions), its status unchanged. Expired names an access period that ran out; nothing
// moves a purchase there today (access ends at accessExpiresAt, api/domain/delivery/delivery.rules.ts),
// and a refund revokes whatever access the payment bought, run out or not.
export const PURCHASE_MACHINE = defineMachine({
  subject: 'purchase',
  noun: 'purchase',
  initial: ['pending'],
  transitions: {
    pending: ['active'],
    active: ['revoked', 'expired'],
    expired: ['revoked'],
    revoked: [],
  },
});

// A dispute is open until an administrator decides it: refund the buyer or release to the provider.
export const DISPUTE_MACHINE = defineMachine({
  subject: 'dispute',
  noun: 'dispute',
  initial: ['open'],
  transitions: {
    open: ['refunded', 'released'],
    refunded: [],
    released: [],
  },
});
