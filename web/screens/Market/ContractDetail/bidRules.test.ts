import { describe, expect, it } from 'vitest';
import { FAR_ABOVE_LIST_MULTIPLE, farAboveList } from './bidRules.ts';

describe('farAboveList', () => {
  it('asks above 1.5x the list price, not at it', () => {
    expect(FAR_ABOVE_LIST_MULTIPLE).toBe(1.5);
    expect(farAboveList('1035.00', '690.00')).toBeNull();
    expect(farAboveList('1035.01', '690.00')).toBe(1.5);
    expect(farAboveList('690.00', '690.00')).toBeNull();
    expect(farAboveList('10.00', '690.00')).toBeNull();
  });

  it('names the multiple, rounded down to one decimal', () => {
    expect(farAboveList('5000.00', '690.00')).toBe(7.2); // 7.246...
    expect(farAboveList('2000', '1000.00')).toBe(2);
    expect(farAboveList('9999999999.99', '0.01')).toBe(999999999999);
  });

  it('is exact in cents where floats are not', () => {
    // 0.1 + 0.2 style: 0.45 x 1.5 = 0.675 in cents is 67.5, so 0.68 asks and 0.67 does not.
    expect(farAboveList('0.67', '0.45')).toBeNull();
    expect(farAboveList('0.68', '0.45')).toBe(1.5);
  });

  it('says nothing about figures that are not amounts', () => {
    expect(farAboveList('', '690.00')).toBeNull();
    expect(farAboveList('abc', '690.00')).toBeNull();
    expect(farAboveList('5000.00', '0.00')).toBeNull();
  });
});
