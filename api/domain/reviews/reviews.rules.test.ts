import { describe, expect, it } from 'vitest';
import { averageRating, canReview, reviewRefusal } from './reviews.rules.ts';

describe('averageRating', () => {
  it('is the exact average to two places, half-up', () => {
    expect(averageRating(5 + 4 + 4, 3)).toBe('4.33');
    expect(averageRating(5 + 5 + 4, 3)).toBe('4.67');
    expect(averageRating(5, 1)).toBe('5.00');
    expect(averageRating(1 + 2, 2)).toBe('1.50');
    // 1/8 = 0.125 rounds up to .13; 23/8 = 2.875 to 2.88
    expect(averageRating(4 * 7 + 1 + 3 * 0, 8)).toBe('3.63'); // 29/8 = 3.625
    expect(averageRating(23, 8)).toBe('2.88');
  });
  it('is null without reviews: no stars rather than a made-up figure', () => {
    expect(averageRating(0, 0)).toBeNull();
  });
});

describe('who may review a purchase', () => {
  const released = { buyerId: 'b', payment: { status: 'released' as const }, review: null };
  it('the buyer, once the payment is released, once', () => {
    expect(canReview(released, 'b')).toBe(true);
    expect(reviewRefusal({ ...released, review: { id: 'r' } }, 'b')).toBe('ALREADY_REVIEWED');
    for (const status of ['pending', 'escrowed', 'disputed', 'refunded', 'failed'] as const) {
      expect(reviewRefusal({ ...released, payment: { status } }, 'b')).toBe('NOT_RELEASED');
    }
    expect(reviewRefusal({ ...released, payment: null }, 'b')).toBe('NOT_RELEASED');
  });
  it('nobody else', () => {
    expect(reviewRefusal(released, 'someone')).toBe('NOT_BUYER');
    expect(reviewRefusal(released, null)).toBe('NOT_BUYER');
    expect(canReview(released, undefined)).toBe(false);
  });
});
