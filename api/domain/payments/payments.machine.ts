import { defineMachine } from '../transitions/transition.ts';

// A payment's life (the product decision "Payments and escrow"): created pending; confirmed into escrow
// (escrowStartedAt set) or failed; escrowed money is released 24 hours later without a dispute, or
// disputed within the window; an administrator then refunds or releases it.
export const PAYMENT_MACHINE = defineMachine({
  subject: 'payment',
  noun: 'payment',
  initial: ['pending'],
  transitions: {
    pending: ['escrowed', 'failed'],
    escrowed: ['disputed', 'released'],
    disputed: ['refunded', 'released'],
    released: [],
    refunded: [],
    failed: [],
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
