import { describe, expect, it } from 'vitest';
import { paymentStanding, standingAllowsPaying } from './paymentStanding.ts';

describe('paymentStanding', () => {
  it('keeps the form open without a payment or after one that did not go through', () => {
    for (const status of [null, 'pending', 'failed', 'refunded']) {
      expect(standingAllowsPaying(paymentStanding(status, 'one_time'))).toBe(true);
    }
  });

  it('a paid one_time data set is owned; a subscription may be renewed', () => {
    expect(paymentStanding('escrowed', 'one_time')).toBe('owned');
    expect(paymentStanding('released', 'one_time')).toBe('owned');
    expect(standingAllowsPaying('owned')).toBe(false);
    expect(paymentStanding('escrowed', 'monthly_subscription')).toBe('renewable');
    expect(paymentStanding('released', 'annual_subscription')).toBe('renewable');
    expect(standingAllowsPaying('renewable')).toBe(true);
  });

  it('a disputed payment blocks paying again', () => {
    expect(paymentStanding('disputed', 'monthly_subscription')).toBe('disputed');
    expect(standingAllowsPaying('disputed')).toBe(false);
  });

  it('a payment being confirmed closes the form until it ends (a second one would charge twice)', () => {
    expect(paymentStanding('processing', 'one_time')).toBe('processing');
    expect(paymentStanding('processing', 'monthly_subscription')).toBe('processing');
    expect(standingAllowsPaying('processing')).toBe(false);
  });
});
