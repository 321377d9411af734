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

/** What the provider holds of a payment's charge: taken, voided before it settled, or refunded. */
export interface ChargeRecord {
  reference: string;
  amountCents: bigint;
  status: 'charged' | 'voided' | 'refunded';
}

/**
 * What a card processor offers the marketplace. Every call is keyed by our payment id, which is the
 * provider's idempotency key: repeating a call (a retry after a lost answer or a crash) answers the
 * first call's outcome and moves no money again.
 */
export interface PaymentProvider {
  /** Charges `amountCents` for the payment; a second confirm of a charged payment charges nothing more. */
  confirm(request: { paymentId: string; amountCents: bigint; method: PaymentMethod; card?: CardDetails | null }): Promise<ProviderResult>;
  /** Gives the money of a charged payment back (an administrator refunded a dispute). Once per payment. */
  refund(request: { paymentId: string; reference: string | null; amountCents: bigint }): Promise<ProviderResult>;
  /**
   * Cancels a charge that the marketplace could not use (the escrow could not be recorded): the
   * buyer keeps the money. Voiding a voided charge, or a payment never charged, is a no-op success.
   */
  void(request: { paymentId: string; reference: string | null }): Promise<ProviderResult>;
  /** The payment's charge as the provider holds it, or null when it was never charged. */
  lookup(request: { paymentId: string }): Promise<ChargeRecord | null>;
}

export const TEST_CARD_SUCCESS = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';

/** Whether the card's expiry month is over at `now` (a card is valid through the end of its month). */
export function cardExpired(card: Pick<CardDetails, 'expMonth' | 'expYear'>, now: Date): boolean {
  const endOfMonth = Date.UTC(card.expYear, card.expMonth, 1); // first instant of the next month
  return now.getTime() >= endOfMonth;
}

/** One call the simulated provider answered, as a processor's dashboard lists them. */
export interface ProviderOperation {
  kind: 'confirm' | 'refund' | 'void' | 'lookup';
  paymentId: string;
  /** What it did: charged / declined / replayed (an idempotent repeat), refunded, voided, found, none. */
  outcome: 'charged' | 'declined' | 'replayed' | 'refunded' | 'voided' | 'found' | 'none' | 'refused';
  at: Date;
}

export interface SimulatedPaymentProvider extends PaymentProvider {
  /** The calls answered, oldest first (the latest MAX_SIMULATED_RECORDS), optionally for one payment. */
  operations(paymentId?: string): readonly ProviderOperation[];
}

/** How many charges and operations the simulation keeps: enough for any retry, bounded for a long-running demo. */
export const MAX_SIMULATED_RECORDS = 10_000;

/**
 * The simulated provider: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, any
 * other card number is declined as unknown; bank transfers and crypto always succeed. It keeps
 * the charges it made (in this process's memory, the latest MAX_SIMULATED_RECORDS), so a retry
 * answers the same reference, a lookup finds the charge, and a void or refund happens once.
 */
export function simulatedPaymentProvider(clock: () => Date = () => new Date()): SimulatedPaymentProvider {
  const charges = new Map<string, ChargeRecord>();
  const log: ProviderOperation[] = [];
  const note = (kind: ProviderOperation['kind'], paymentId: string, outcome: ProviderOperation['outcome']) => {
    log.push({ kind, paymentId, outcome, at: clock() });
    if (log.length > MAX_SIMULATED_RECORDS) log.splice(0, log.length - MAX_SIMULATED_RECORDS);
  };
  const keep = (paymentId: string, record: ChargeRecord) => {
    charges.delete(paymentId);
    charges.set(paymentId, record);
    if (charges.size > MAX_SIMULATED_RECORDS) charges.delete(charges.keys().next().value!);
    return record;
  };
  const newReference = (prefix: string) => `${prefix}_sim_${crypto.randomBytes(12).toString('hex')}`;
  const declined = (paymentId: string, reason: string): ProviderResult => {
    note('confirm', paymentId, 'declined');
    return { ok: false, reason };
  };

  return {
    async confirm({ paymentId, amountCents, method, card }) {
      const known = charges.get(paymentId);
      if (known) {
        note('confirm', paymentId, 'replayed');
        return known.status === 'charged' ? { ok: true, reference: known.reference } : { ok: false, reason: `This payment's charge was ${known.status}` };
      }
      if (method === 'card') {
        if (!card) return declined(paymentId, 'Card details are required for a card payment');
        if (cardExpired(card, clock())) return declined(paymentId, 'Your card has expired');
        if (card.number === TEST_CARD_DECLINED) return declined(paymentId, 'Your card was declined');
        if (card.number !== TEST_CARD_SUCCESS) return declined(paymentId, 'Your card was declined: use the test card 4242 4242 4242 4242');
      }
      const charge = keep(paymentId, { reference: newReference('pi'), amountCents, status: 'charged' });
      note('confirm', paymentId, 'charged');
      return { ok: true, reference: charge.reference };
    },
    async refund({ paymentId, reference, amountCents }) {
      const known = charges.get(paymentId);
      if (known?.status === 'refunded') {
        note('refund', paymentId, 'replayed');
        return { ok: true, reference: known.reference };
      }
      if (known?.status === 'voided') {
        note('refund', paymentId, 'refused');
        return { ok: false, reason: 'This charge was voided: there is nothing to refund' };
      }
      // A charge this process does not hold (the demo data, or one older than the records kept) is
      // refunded by the reference the marketplace stored.
      const record = keep(paymentId, { reference: known?.reference ?? reference ?? newReference('pi'), amountCents: known?.amountCents ?? amountCents, status: 'refunded' });
      note('refund', paymentId, 'refunded');
      return { ok: true, reference: record.reference };
    },
    async void({ paymentId }) {
      const known = charges.get(paymentId);
      if (!known) {
        // Cancelling a payment never charged: a confirmation arriving late is refused from now on.
        keep(paymentId, { reference: '', amountCents: 0n, status: 'voided' });
        note('void', paymentId, 'none');
        return { ok: true, reference: '' };
      }
      if (known.status !== 'charged') {
        note('void', paymentId, 'replayed');
        if (known.status === 'refunded') return { ok: false, reason: 'This charge was refunded: it can no longer be voided' };
        return { ok: true, reference: known.reference };
      }
      keep(paymentId, { ...known, status: 'voided' });
      note('void', paymentId, 'voided');
      return { ok: true, reference: known.reference };
    },
    async lookup({ paymentId }) {
      const known = charges.get(paymentId) ?? null;
      note('lookup', paymentId, known ? 'found' : 'none');
      return known ? { ...known } : null;
    },
    operations(paymentId) {
      return paymentId === undefined ? [...log] : log.filter((op) => op.paymentId === paymentId);
    },
  };
}
