import { describe, expect, it } from 'vitest';
import { Prisma } from '../../db/generated/prisma/client.ts';
import {
  commission,
  decimalString,
  formatUsd,
  isMoney,
  isPayablePrice,
  MAX_PAYABLE_PRICE,
  MAX_STORED_CENTS,
  mulDiv,
  parseMoney,
  paymentAmountStrings,
  paymentAmounts,
  paymentFee,
  providerShare,
  roundMoney,
  sumMoney,
  toMoneyString,
  unpayableMessage,
} from './money.ts';

describe('parseMoney', () => {
  it('reads text with up to two places, exactly', () => {
    expect(parseMoney('12')).toBe(1200n);
    expect(parseMoney('12.3')).toBe(1230n);
    expect(parseMoney(' 12.34 ')).toBe(1234n);
    expect(parseMoney('-0.50')).toBe(-50n);
    expect(parseMoney('-0')).toBe(0n);
    expect(parseMoney('0.01')).toBe(1n);
  });

  it('refuses what is not an amount with at most two places', () => {
    for (const bad of ['', ' ', '1.', '.5', '1.234', '1e3', '1,000.00', '+1', 'abc', '0x10', '1 000', 'NaN', '--1'])
      expect(() => parseMoney(bad), bad).toThrow();
    expect(() => parseMoney(Number.NaN)).toThrow();
    expect(() => parseMoney(Number.POSITIVE_INFINITY)).toThrow();
    expect(isMoney('1.234')).toBe(false);
    expect(isMoney('1.23')).toBe(true);
  });

  it('reads numbers only when they are what they look like', () => {
    expect(parseMoney(19.99)).toBe(1999n);
    expect(parseMoney(150)).toBe(15000n);
    // The float sum is 0.30000000000000004: refused, never rounded behind anyone's back.
    expect(() => parseMoney(0.1 + 0.2)).toThrow();
    expect(() => parseMoney(1e21)).toThrow();
  });

  it('reads Prisma decimals, whatever their notation', () => {
    expect(parseMoney(new Prisma.Decimal('199.00'))).toBe(19900n);
    expect(parseMoney(new Prisma.Decimal('9999999999.99'))).toBe(999999999999n);
    expect(parseMoney(new Prisma.Decimal('1e-2'))).toBe(1n);
    expect(() => parseMoney(new Prisma.Decimal('0.001'))).toThrow();
  });
});

describe('sums are exact', () => {
  it('0.1 + 0.2 is 0.30', () => {
    expect(decimalString(sumMoney([parseMoney('0.1'), parseMoney('0.2')]))).toBe('0.30');
    expect(0.1 + 0.2).not.toBe(0.3); // what the float way gets
  });

  it('many small amounts and large ones', () => {
    const tenThousandDimes = Array.from({ length: 10_000 }, () => parseMoney('0.10'));
    expect(decimalString(sumMoney(tenThousandDimes))).toBe('1000.00');
    // Beyond 2^53 cents a float loses the last cent; bigint does not.
    const big = parseMoney('90071992547409.93');
    expect(decimalString(sumMoney([big, parseMoney('0.01')]))).toBe('90071992547409.94');
    expect(decimalString(sumMoney([]))).toBe('0.00');
  });
});

describe('format', () => {
  it('two places, sign in front', () => {
    expect(decimalString(0n)).toBe('0.00');
    expect(decimalString(5n)).toBe('0.05');
    expect(decimalString(-5n)).toBe('-0.05');
    expect(decimalString(123456n)).toBe('1234.56');
    expect(formatUsd(123456789n)).toBe('$1,234,567.89');
    expect(formatUsd(-5n)).toBe('-$0.05');
    expect(formatUsd(100n)).toBe('$1.00');
  });

  it('roundMoney rounds extra places half-up, away from zero', () => {
    expect(roundMoney('4.675')).toBe(468n);
    expect(roundMoney('4.6749999')).toBe(467n);
    expect(roundMoney('-4.675')).toBe(-468n);
    expect(roundMoney('-0.004')).toBe(0n);
    expect(toMoneyString(new Prisma.Decimal('4.666666666666666667'))).toBe('4.67');
    expect(toMoneyString('199')).toBe('199.00');
    expect(() => roundMoney('1e3')).toThrow();
  });
});

describe('fee, commission, provider share', () => {
  it('the fee is 2.5% rounded half-up: 19.99 pays 0.50 fee, 20.49 in all', () => {
    const price = parseMoney('19.99');
    // 19.99 x 2.5% = 0.49975 -> 0.50
    expect(decimalString(paymentFee(price))).toBe('0.50');
    expect(paymentAmountStrings(price)).toEqual({ amount: '19.99', fee: '0.50', total: '20.49', commission: '2.00', providerAmount: '17.99' });
  });

  it('half a cent rounds up, less than half rounds down', () => {
    expect(paymentFee(parseMoney('0.20'))).toBe(1n); // 0.005 -> 0.01
    expect(paymentFee(parseMoney('0.19'))).toBe(0n); // 0.00475 -> 0.00
    expect(commission(parseMoney('0.05'))).toBe(1n); // 0.005 -> 0.01
    expect(commission(parseMoney('0.04'))).toBe(0n);
    expect(paymentFee(parseMoney('199.00'))).toBe(498n); // 4.975 -> 4.98
  });

  it('commission and provider share always add up to the price', () => {
    for (const text of ['0.01', '0.05', '0.15', '19.99', '199.00', '1234.55', '9999999999.99']) {
      const price = parseMoney(text);
      expect(commission(price) + providerShare(price), text).toBe(price);
      const a = paymentAmounts(price);
      expect(a.total - a.fee).toBe(a.amount);
    }
    expect(decimalString(providerShare(parseMoney('199.00')))).toBe('179.10');
  });

  it('large amounts stay exact', () => {
    expect(paymentAmountStrings(parseMoney('9999999999.99'))).toEqual({
      amount: '9999999999.99',
      fee: '250000000.00', // 249,999,999.99975 -> 250,000,000.00
      total: '10249999999.99',
      commission: '1000000000.00', // 999,999,999.999 -> 1,000,000,000.00
      providerAmount: '8999999999.99',
    });
  });

  it('a price must be positive', () => {
    expect(() => paymentAmounts(0n)).toThrow();
    expect(() => paymentAmounts(-100n)).toThrow();
  });

  it('mulDiv rounds half away from zero', () => {
    expect(mulDiv(5n, 1n, 10n)).toBe(1n);
    expect(mulDiv(-5n, 1n, 10n)).toBe(-1n);
    expect(mulDiv(-4n, 1n, 10n)).toBe(0n);
    expect(() => mulDiv(1n, 1n, 0n)).toThrow();
  });
});

describe('what a payment can hold', () => {
  it('the largest price whose total with the fee fits Decimal(12,2) is 9,756,097,560.97', () => {
    expect(decimalString(MAX_PAYABLE_PRICE)).toBe('9756097560.97');
    expect(paymentAmounts(MAX_PAYABLE_PRICE).total).toBe(MAX_STORED_CENTS);
    expect(isPayablePrice(MAX_PAYABLE_PRICE)).toBe(true);
    // One cent more and the total no longer fits (its fee rounds to the same cent, the total does not).
    expect(paymentAmounts(MAX_PAYABLE_PRICE + 1n).total).toBe(MAX_STORED_CENTS + 1n);
    expect(isPayablePrice(MAX_PAYABLE_PRICE + 1n)).toBe(false);
    expect(isPayablePrice(parseMoney('9999999999.99'))).toBe(false);
    expect(isPayablePrice(parseMoney('0.01'))).toBe(true);
    expect(isPayablePrice(0n)).toBe(false);
  });

  it('says why, with both figures', () => {
    expect(unpayableMessage('A bid', parseMoney('9999999999.99'))).toBe(
      'A bid of $9,999,999,999.99 cannot be paid: with the 2.5% fee its total would be more than $9,999,999,999.99, the most a payment can hold',
    );
  });
});
