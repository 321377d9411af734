import { describe, expect, it } from 'vitest';
import { Prisma } from '../../db/generated/prisma/client.ts';
import { change24h, marketPriceAfterListPriceChange, marketPriceAfterSale } from './price.rules.ts';

describe('change24h', () => {
  it('absolute change with two places and percent with one', () => {
    expect(change24h('1873.00', '2000.00')).toEqual({ change: '-127.00', percent: -6.4 }); // -6.35 -> -6.4
    expect(change24h(new Prisma.Decimal('110.10'), new Prisma.Decimal('100.00'))).toEqual({ change: '10.10', percent: 10.1 });
    expect(change24h('100.00', '100.00')).toEqual({ change: '0.00', percent: 0 });
  });

  it('rounds the percent half-up exactly where floats land below the half', () => {
    // 4.00 -> 6.01 is +50.25%: the float (201 / 400) * 1000 is 502.49999..., which rounded to 50.2.
    expect(change24h('6.01', '4.00')).toEqual({ change: '2.01', percent: 50.3 });
    expect(change24h('6.03', '4.00')).toEqual({ change: '2.03', percent: 50.8 });
  });

  it('no change without a price a day ago, or from zero', () => {
    expect(change24h('10.00', null)).toBeNull();
    expect(change24h('10.00', '0.00')).toBeNull();
  });

  it('large prices stay exact', () => {
    expect(change24h('9999999999.99', '9999999999.98')).toEqual({ change: '0.01', percent: 0 });
  });
});

describe('market price', () => {
  it('a sale sets it to the sale price, with two places', () => {
    expect(marketPriceAfterSale('150')).toBe('150.00');
    expect(marketPriceAfterSale('19.9')).toBe('19.90');
  });

  it('a list price change moves it while nothing sold since', () => {
    expect(marketPriceAfterListPriceChange({ newListPrice: '250', currentMarketPrice: '199.00', soldSinceLastListing: false })).toBe('250.00');
    expect(marketPriceAfterListPriceChange({ newListPrice: '250', currentMarketPrice: '199.00', soldSinceLastListing: true })).toBe('199.00');
  });
});
