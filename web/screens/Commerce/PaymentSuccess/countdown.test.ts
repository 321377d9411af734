import { describe, expect, it } from 'vitest';
import { formatCountdown, settledLabel } from './countdown.ts';

describe('formatCountdown', () => {
  it('prints hh:mm:ss, rounding the seconds down', () => {
    expect(formatCountdown(24 * 3600 * 1000)).toBe('24:00:00');
    expect(formatCountdown((23 * 3600 + 59 * 60 + 59) * 1000 + 999)).toBe('23:59:59');
    expect(formatCountdown(61_000)).toBe('00:01:01');
  });

  it('stops at zero', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(-5000)).toBe('00:00:00');
  });

  it('names the end of escrow', () => {
    expect(settledLabel('released')).toBe('Released');
    expect(settledLabel('refunded')).toBe('Refunded');
    expect(settledLabel('disputed')).toBe('Disputed');
    expect(settledLabel('escrowed')).toBeNull();
  });
});
