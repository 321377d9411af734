// What the library shows of a purchase, decided from the fields the server sends (the access rules
// themselves live on the server: hasAccess, accessExpired, canReview).

export type AccessBadge = 'EXPIRED' | 'ACTIVE' | 'INACTIVE' | 'REFUNDED';

/**
 * A refund ends a purchase for good: the server marks the purchase `revoked` and its payment
 * `refunded`, and the screens call it one thing, Refunded (docs/decisions.md, "A refunded purchase
 * reads Refunded").
 */
export function isRefunded(p: { purchaseStatus: string; paymentStatus: string | null | undefined }): boolean {
  return p.purchaseStatus === 'revoked' || p.paymentStatus === 'refunded';
}

/** REFUNDED when the money went back (an INACTIVE that says why), else EXPIRED when the period is over, ACTIVE with access, else INACTIVE. */
export function accessBadge(p: { accessExpired: boolean; hasAccess: boolean; refunded: boolean }): AccessBadge {
  if (p.refunded) return 'REFUNDED';
  if (p.accessExpired) return 'EXPIRED';
  return p.hasAccess ? 'ACTIVE' : 'INACTIVE';
}

/**
 * Renew pays again at /payment/{contractId}: subscriptions (it extends the period) and anything whose
 * period ended. A one-time purchase with live access has nothing to renew; a pending one is
 * completed instead; a refunded one is not renewed (the buyer may buy it again from the listing); a
 * subscription that renews by itself (scheduled, or retrying a declined card) needs no second payment.
 */
export function canRenew(p: { pricingModel: string; accessExpired: boolean; purchaseStatus: string; paymentStatus: string | null | undefined; renewalStatus?: string | null }): boolean {
  if (p.purchaseStatus === 'pending' || isRefunded(p)) return false;
  if (!p.accessExpired && (p.renewalStatus === 'scheduled' || p.renewalStatus === 'retrying')) return false;
  return p.pricingModel !== 'one_time' || p.accessExpired;
}

export type EscrowText = { text: string; tone: 'blue' | 'green' | 'amber' | 'neutral' | 'red' };

/** The payment's escrow as one line: a countdown to release, released, disputed, refunded or pending. */
export function escrowText(payment: { status: string; escrowEndsAt: string | null | undefined } | null | undefined, now: number): EscrowText {
  if (!payment) return { text: 'No payment', tone: 'neutral' };
  switch (payment.status) {
    case 'escrowed': {
      const ends = payment.escrowEndsAt ? new Date(payment.escrowEndsAt).getTime() : NaN;
      if (!Number.isFinite(ends)) return { text: 'In escrow', tone: 'blue' };
      const left = Math.max(0, Math.floor((ends - now) / 1000));
      if (left === 0) return { text: 'In escrow · releasing now', tone: 'blue' };
      const h = Math.floor(left / 3600);
      const m = Math.floor((left % 3600) / 60);
      const s = left % 60;
      return { text: `In escrow · releases in ${h}h ${String(m).padStart(2, '0')}m ${String(s).padStart(2, '0')}s`, tone: 'blue' };
    }
    case 'released':
      return { text: 'Released to the provider', tone: 'green' };
    case 'disputed':
      return { text: 'Disputed · under review', tone: 'amber' };
    case 'refunded':
      return { text: 'Refunded', tone: 'neutral' };
    case 'failed':
      return { text: 'Payment failed', tone: 'red' };
    default:
      return { text: 'Payment pending', tone: 'neutral' };
  }
}

/** The key as the examples show it: the full key when it was just shown, else a placeholder naming its prefix. */
export function keyForExamples(fullKey: string | null, prefix: string | null): string {
  if (fullKey) return fullKey;
  return prefix ? `${prefix}…YOUR_KEY` : 'YOUR_API_KEY';
}


/** The access fact of a purchase: how it is labelled, and its date (`until`) or words. */
export function accessFact(p: { refunded: boolean; accessExpired: boolean; accessExpiresAt: string | null | undefined; hasAccess: boolean }): {
  label: string;
  until: string | null;
  text: string;
} {
  const label = p.refunded ? 'Access' : p.accessExpired ? 'Access ended' : 'Access until';
  if (p.refunded) return { label, until: null, text: 'Ended (refunded)' };
  if (p.accessExpiresAt) return { label, until: p.accessExpiresAt, text: '' };
  return { label, until: null, text: p.hasAccess ? 'No expiry' : '—' };
}

/**
 * Why a purchase offers no download: the provider delivers it from their own site, it was refunded,
 * its payment is not complete, its period ended, or there is simply no access.
 */
export type LibraryNote = 'provider-delivers' | 'refunded' | 'payment-pending' | 'access-ended' | 'no-access';

export function libraryNote(p: { hasAccess: boolean; refunded: boolean; purchaseStatus: string; accessExpired: boolean }): LibraryNote {
  if (p.hasAccess) return 'provider-delivers';
  if (p.refunded) return 'refunded';
  if (p.purchaseStatus === 'pending') return 'payment-pending';
  return p.accessExpired ? 'access-ended' : 'no-access';
}
