// The payment provider: who actually takes the money. The built-in one is a simulation with the
// test cards of docs/decisions.md, "Commerce (server side): payments, escrow and disputes"; a real card processor plugs in behind the same interface.
// Card data passes through to the provider and is never stored or logged here.
import crypto from 'node:crypto';
import type { PaymentMethod } from '../../db/generated/prisma/enums.ts';

export interface CardDetails {
  /** Digits only (spaces removed). */
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
}

export type ProviderResult = { ok: true; reference: string } | { ok: false; reason: string };

export interface PaymentProvider {
  /**
   * Charges `amountCents` for the payment. `paymentId` is the provider's idempotency key: confirming
   * the same payment twice (a double click, a retry after a lost answer) charges once.
   */
  confirm(request: { paymentId: string; amountCents: bigint; method: PaymentMethod; card?: CardDetails | null }): Promise<ProviderResult>;
  /** Gives the money of a confirmed payment back (an administrator refunded a dispute). */
  refund(request: { paymentId: string; reference: string | null; amountCents: bigint }): Promise<ProviderResult>;
}

export const TEST_CARD_SUCCESS = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';

/** Whether the card's expiry month is over at `now` (a card is valid through the end of its month). */
export function cardExpired(card: Pick<CardDetails, 'expMonth' | 'expYear'>, now: Date): boolean {
  const endOfMonth = Date.UTC(card.expYear, card.expMonth, 1); // first instant of the next month
  return now.getTime() >= endOfMonth;
}

/**
 * The simulated provider: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, any
 * other card number is declined as unknown; bank transfers and crypto always succeed.
 */
export function simulatedPaymentProvider(clock: () => Date = () => new Date()): PaymentProvider {
  const references = new Map<string, string>();
  const referenceFor = (paymentId: string) => {
    let ref = references.get(paymentId);
    if (!ref) {
      ref = `pi_sim_${crypto.randomBytes(12).toString('hex')}`;
      references.set(paymentId, ref);
      // Bounded: the map only makes a repeated confirm of a recent payment answer the same reference.
      if (references.size > 10_000) references.delete(references.keys().next().value!);
    }
    return ref;
  };
  return {
    async confirm({ paymentId, method, card }) {
      if (method !== 'card') return { ok: true, reference: referenceFor(paymentId) };
      if (!card) return { ok: false, reason: 'Card details are required for a card payment' };
      if (cardExpired(card, clock())) return { ok: false, reason: 'Your card has expired' };
      if (card.number === TEST_CARD_DECLINED) return { ok: false, reason: 'Your card was declined' };
      if (card.number !== TEST_CARD_SUCCESS) return { ok: false, reason: 'Your card was declined: use the test card 4242 4242 4242 4242' };
      return { ok: true, reference: referenceFor(paymentId) };
    },
    async refund({ reference }) {
      return { ok: true, reference: reference ?? `re_sim_${crypto.randomBytes(12).toString('hex')}` };
    },
  };
}
