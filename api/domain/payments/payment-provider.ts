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
  /**
   * Keeps a card for later charges (a subscription that renews): answers the provider's token and
   * what the buyer recognises the card by. The card number stays with the provider.
   */
  saveMethod(request: { card: CardDetails }): Promise<{ ok: true; method: SavedMethod } | { ok: false; reason: string }>;
  /**
   * Charges a kept card for a payment (a renewal). `idempotencyKey` names the attempt: repeating it
   * (a retried job whose first run's commit was lost) answers the first outcome and charges nothing
   * more, even under another payment id.
   */
  chargeSaved(request: { paymentId: string; amountCents: bigint; token: string; idempotencyKey: string }): Promise<ProviderResult>;
}

/** A kept card as the provider describes it: never its number. */
export interface SavedMethod {
  token: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export const TEST_CARD_SUCCESS = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';
/** Pays at checkout, but once kept its later charges (renewals) are declined. */
export const TEST_CARD_RENEWAL_DECLINES = '4000000000000341';

/** The brand a card number shows (its first digits), as a receipt names it. */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'Mastercard';
  if (/^3[47]/.test(number)) return 'American Express';
  return 'Card';
}

/** Whether the card's expiry month is over at `now` (a card is valid through the end of its month). */
export function cardExpired(card: Pick<CardDetails, 'expMonth' | 'expYear'>, now: Date): boolean {
  const endOfMonth = Date.UTC(card.expYear, card.expMonth, 1); // first instant of the next month
  return now.getTime() >= endOfMonth;
}

/** One call the simulated provider answered, as a processor's dashboard lists them. */
export interface ProviderOperation {
  kind: 'confirm' | 'refund' | 'void' | 'lookup' | 'save' | 'charge_saved';
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
 *
 * Kept cards: 4242 and 4000 0000 0000 0341 can be kept; charges of a kept 0341 are declined. The
 * token itself says which (`pm_sim_…` or `pm_simdecline_…`), so another process or a restarted one
 * answers a renewal the same: the simulation holds no card, only what the token carries.
 */
export function simulatedPaymentProvider(clock: () => Date = () => new Date()): SimulatedPaymentProvider {
  const charges = new Map<string, ChargeRecord>();
  // Outcomes of kept-card charges by idempotency key, so a repeated attempt answers the first.
  const attempts = new Map<string, ProviderResult>();
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
        if (card.number !== TEST_CARD_SUCCESS && card.number !== TEST_CARD_RENEWAL_DECLINES) return declined(paymentId, 'Your card was declined: use the test card 4242 4242 4242 4242');
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
    async saveMethod({ card }) {
      const keepable = card.number === TEST_CARD_SUCCESS || card.number === TEST_CARD_RENEWAL_DECLINES;
      if (!keepable || cardExpired(card, clock())) {
        note('save', '', 'refused');
        return { ok: false, reason: 'This card cannot be kept for renewals' };
      }
      const kind = card.number === TEST_CARD_RENEWAL_DECLINES ? 'pm_simdecline' : 'pm_sim';
      note('save', '', 'found');
      return { ok: true, method: { token: `${kind}_${crypto.randomBytes(12).toString('hex')}`, brand: cardBrand(card.number), last4: card.number.slice(-4), expMonth: card.expMonth, expYear: card.expYear } };
    },
    async chargeSaved({ paymentId, amountCents, token, idempotencyKey }) {
      const first = attempts.get(idempotencyKey);
      if (first) {
        note('charge_saved', paymentId, 'replayed');
        if (first.ok) keep(paymentId, { reference: first.reference, amountCents, status: 'charged' });
        return first;
      }
      let outcome: ProviderResult;
      if (token.startsWith('pm_simdecline_')) outcome = { ok: false, reason: 'Your card was declined' };
      else if (!token.startsWith('pm_sim_')) outcome = { ok: false, reason: 'This saved card is unknown to the payment provider' };
      else outcome = { ok: true, reference: keep(paymentId, { reference: newReference('pi'), amountCents, status: 'charged' }).reference };
      attempts.set(idempotencyKey, outcome);
      if (attempts.size > MAX_SIMULATED_RECORDS) attempts.delete(attempts.keys().next().value!);
      note('charge_saved', paymentId, outcome.ok ? 'charged' : 'declined');
      return outcome;
    },
    operations(paymentId) {
      return paymentId === undefined ? [...log] : log.filter((op) => op.paymentId === paymentId);
    },
  };
}
