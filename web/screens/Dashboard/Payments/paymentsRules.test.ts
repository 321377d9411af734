import { describe, expect, it } from 'vitest';
import { payout } from './paymentsRules.ts';

describe('payout', () => {
  it('is paid out on release, with its time', () => {
    expect(payout({ status: 'released', releasedAt: '2026-11-20T10:00:00Z' })).toEqual({ label: 'Paid out', tone: 'green', when: '2026-11-20T10:00:00Z', whenLabel: 'Released' });
  });
  it('is pending until the escrow window closes, and on hold while disputed', () => {
    expect(payout({ status: 'escrowed', escrowEndsAt: '2026-11-21T10:00:00Z' })).toEqual({ label: 'Pending', tone: 'amber', when: '2026-11-21T10:00:00Z', whenLabel: 'Releases' });
    expect(payout({ status: 'disputed', escrowEndsAt: '2026-11-21T10:00:00Z' })).toEqual({ label: 'On hold', tone: 'amber', when: null, whenLabel: 'Awaiting an administrator' });
  });
  it('is gone on a refund, and not paid before the payment completes', () => {
    expect(payout({ status: 'refunded', refundedAt: '2026-11-22T10:00:00Z' })).toMatchObject({ label: 'Refunded', tone: 'red', when: '2026-11-22T10:00:00Z' });
    expect(payout({ status: 'pending' })).toEqual({ label: 'Not paid', tone: 'neutral', when: null, whenLabel: '—' });
    expect(payout({ status: 'failed' }).label).toBe('Not paid');
  });
});
