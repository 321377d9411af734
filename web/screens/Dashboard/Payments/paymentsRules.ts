// What the payments tab says about a sale, from the fields the server sends.

export type Sale = { status: string; escrowEndsAt?: string | null; releasedAt?: string | null; refundedAt?: string | null };

export type Payout = { label: string; tone: 'green' | 'amber' | 'neutral' | 'red'; when: string | null; whenLabel: string };

/**
 * What happens to the seller's 90% of a sale: paid out on release, held until the escrow window
 * closes (or an administrator settles a dispute), gone on a refund.
 */
export function payout(p: Sale): Payout {
  switch (p.status) {
    case 'released':
      return { label: 'Paid out', tone: 'green', when: p.releasedAt ?? null, whenLabel: 'Released' };
    case 'escrowed':
      return { label: 'Pending', tone: 'amber', when: p.escrowEndsAt ?? null, whenLabel: 'Releases' };
    case 'disputed':
      return { label: 'On hold', tone: 'amber', when: null, whenLabel: 'Awaiting an administrator' };
    case 'refunded':
      return { label: 'Refunded', tone: 'red', when: p.refundedAt ?? null, whenLabel: 'Refunded' };
    default:
      return { label: 'Not paid', tone: 'neutral', when: null, whenLabel: '—' };
  }
}
