import { describe, expect, it } from 'vitest';
import { PaymentStatus, PurchaseStatus } from '../../db/generated/prisma/enums.ts';
import {
  ACCESS_DAYS,
  ESCROW_WINDOW_MS,
  PAID_PAYMENT_STATUSES,
  accessExpiresAt,
  escrowReleaseAt,
  isDueForRelease,
  isPaidPayment,
  isPaidPurchase,
  mayOpenDispute,
} from './payments.rules.ts';

const t0 = new Date('2026-03-01T12:00:00.000Z');
const plus = (ms: number) => new Date(t0.getTime() + ms);

describe('paid statuses', () => {
  it('payments: escrowed, disputed and released count; pending, failed and refunded do not', () => {
    expect(Object.values(PaymentStatus).filter(isPaidPayment)).toEqual(['escrowed', 'disputed', 'released']);
    expect([...PAID_PAYMENT_STATUSES]).toEqual(['escrowed', 'disputed', 'released']);
  });
  it('purchases: active and expired were paid; pending and revoked were not', () => {
    expect(Object.values(PurchaseStatus).filter(isPaidPurchase)).toEqual(['active', 'expired']);
  });
});

describe('access periods', () => {
  it('one_time never expires; monthly 30 days; annual 365 days', () => {
    expect(ACCESS_DAYS).toEqual({ one_time: null, monthly_subscription: 30, annual_subscription: 365 });
    expect(accessExpiresAt('one_time', t0)).toBeNull();
    expect(accessExpiresAt('monthly_subscription', t0)?.toISOString()).toBe('2026-03-31T12:00:00.000Z');
    expect(accessExpiresAt('annual_subscription', t0)?.toISOString()).toBe('2027-03-01T12:00:00.000Z');
  });
});

describe('escrow window', () => {
  const escrowed = { status: 'escrowed' as const, escrowStartedAt: t0 };
  it('is 24 hours', () => {
    expect(ESCROW_WINDOW_MS).toBe(86_400_000);
    expect(escrowReleaseAt(t0).toISOString()).toBe('2026-03-02T12:00:00.000Z');
  });
  it('a dispute is allowed while escrowed and inside the window, release after it', () => {
    expect(mayOpenDispute(escrowed, plus(ESCROW_WINDOW_MS - 1))).toBe(true);
    expect(mayOpenDispute(escrowed, plus(ESCROW_WINDOW_MS))).toBe(false);
    expect(isDueForRelease(escrowed, plus(ESCROW_WINDOW_MS - 1))).toBe(false);
    expect(isDueForRelease(escrowed, plus(ESCROW_WINDOW_MS))).toBe(true);
    for (const status of ['pending', 'disputed', 'released', 'refunded', 'failed'] as const) {
      expect(mayOpenDispute({ status, escrowStartedAt: t0 }, t0)).toBe(false);
      expect(isDueForRelease({ status, escrowStartedAt: t0 }, plus(2 * ESCROW_WINDOW_MS))).toBe(false);
    }
    expect(mayOpenDispute({ status: 'escrowed', escrowStartedAt: null }, t0)).toBe(false);
  });
});
