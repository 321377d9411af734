import { describe, expect, it } from 'vitest';
import { cardDetails, checkCard, formatCardNumber, formatExpiry, luhnValid } from './cardInput.ts';

const now = new Date(2026, 10, 22); // November 2026
const good = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

describe('card form checks', () => {
  it('accepts the test cards with spaces', () => {
    expect(checkCard(good, now)).toEqual({});
    expect(checkCard({ ...good, number: '4000 0000 0000 0002' }, now)).toEqual({});
    expect(cardDetails(good, now)).toEqual({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });
  });

  it('wants 16 digits that pass Luhn', () => {
    expect(checkCard({ ...good, number: '' }, now).number).toBe('Enter the card number');
    expect(checkCard({ ...good, number: '4242 4242' }, now).number).toBe('A card number has 16 digits');
    expect(checkCard({ ...good, number: '4242 4242 4242 4241' }, now).number).toBe('This card number is not valid: check the digits');
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it('wants MM/YY in the current month or later', () => {
    expect(checkCard({ ...good, expiry: '' }, now).expiry).toBe('Enter the expiry date');
    expect(checkCard({ ...good, expiry: '13/30' }, now).expiry).toBe('Use the format MM/YY');
    expect(checkCard({ ...good, expiry: '1230' }, now).expiry).toBe('Use the format MM/YY');
    expect(checkCard({ ...good, expiry: '10/26' }, now).expiry).toBe('This card has expired');
    expect(checkCard({ ...good, expiry: '11/26' }, now).expiry).toBeUndefined();
  });

  it('wants a CVC of 3 or 4 digits', () => {
    expect(checkCard({ ...good, cvc: '' }, now).cvc).toBe('Enter the CVC');
    expect(checkCard({ ...good, cvc: '12' }, now).cvc).toBe('The CVC has 3 or 4 digits');
    expect(checkCard({ ...good, cvc: '1234' }, now).cvc).toBeUndefined();
    expect(cardDetails({ ...good, cvc: '1a3' }, now)).toBeNull();
  });

  it('formats what is typed', () => {
    expect(formatCardNumber('42424242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 42')).toBe('4242 42');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12/');
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('12', '12/')).toBe('12');
  });
});
