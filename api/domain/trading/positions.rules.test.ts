import { describe, expect, it } from 'vitest';
import { decimalString, parseMoney } from '../money/money.ts';
import { crossedLevel, levelRefusal, margin, notional, profitAndLoss, profitAndLossPercent } from './positions.rules.ts';

// The formulas of docs/decisions.md "Trading", with exact decimals: every figure is checked as the
// two-place text the database, GraphQL and REST carry.

const $ = (v: string) => parseMoney(v);
const q = (v: string) => parseMoney(v); // quantities are two-place decimals too: hundredths
const text = (c: bigint) => decimalString(c);

describe('margin = entry x quantity / multiplier', () => {
  it.each([
    ['100.00', '1.00', 1, '100.00'],
    ['100.00', '1.00', 2, '50.00'],
    ['100.00', '1.00', 3, '33.33'],
    ['100.00', '2.00', 3, '66.67'],
    ['100.00', '1.00', 4, '25.00'],
    ['100.00', '1.00', 5, '20.00'],
    ['199.99', '0.01', 1, '2.00'],
    ['0.10', '0.05', 5, '0.00'],
    ['1234.56', '7.89', 5, '1948.14'],
  ])('%s x %s / %i = %s', (entry, quantity, multiplier, expected) => {
    expect(text(margin($(entry), q(quantity), multiplier))).toBe(expected);
  });

  it('notional is price x quantity to the cent', () => {
    expect(text(notional($('0.10'), q('0.10')))).toBe('0.01');
    expect(text(notional($('19.99'), q('3.33')))).toBe('66.57');
  });
});

describe('P/L', () => {
  it.each([1, 2, 3, 4, 5])('long and short at %ix are each other\u2019s negative and scale with the multiplier', (m) => {
    const long = profitAndLoss('long', $('100.00'), $('110.00'), q('2.00'), m);
    const short = profitAndLoss('short', $('100.00'), $('110.00'), q('2.00'), m);
    expect(text(long)).toBe(decimalString(2000n * BigInt(m)));
    expect(short).toBe(-long);
    expect(profitAndLossPercent('long', $('100.00'), $('110.00'), m)).toBe(`${10 * m}.00`);
    expect(profitAndLossPercent('short', $('100.00'), $('110.00'), m)).toBe(`-${10 * m}.00`);
  });

  it('a falling price: the long loses, the short gains', () => {
    expect(text(profitAndLoss('long', $('250.00'), $('200.00'), q('1.50'), 3))).toBe('-225.00');
    expect(text(profitAndLoss('short', $('250.00'), $('200.00'), q('1.50'), 3))).toBe('225.00');
    expect(profitAndLossPercent('long', $('250.00'), $('200.00'), 3)).toBe('-60.00');
  });

  it('rounds once, half away from zero, to the cent', () => {
    // (10.01 - 10.00) x 0.50 x 1 = 0.005 -> 0.01; the short side -0.01
    expect(text(profitAndLoss('long', $('10.00'), $('10.01'), q('0.50'), 1))).toBe('0.01');
    expect(text(profitAndLoss('short', $('10.00'), $('10.01'), q('0.50'), 1))).toBe('-0.01');
    // 0.1 + 0.2 never appears: (0.30 - 0.10) x 0.10 x 5 = 0.10 exactly
    expect(text(profitAndLoss('long', $('0.10'), $('0.30'), q('0.10'), 5))).toBe('0.10');
    // percentage: 1/3 of a move at 1x -> 33.33%
    expect(profitAndLossPercent('long', $('3.00'), $('4.00'), 1)).toBe('33.33');
    expect(profitAndLossPercent('long', $('3.00'), $('2.00'), 1)).toBe('-33.33');
  });

  it('an unchanged price is 0.00 both ways; a free contract has no percentage', () => {
    expect(text(profitAndLoss('long', $('42.00'), $('42.00'), q('3.00'), 5))).toBe('0.00');
    expect(profitAndLossPercent('short', $('0.00'), $('5.00'), 2)).toBe('0.00');
  });
});

describe('stop-loss and take-profit', () => {
  const levels = { stopLoss: $('90.00'), takeProfit: $('120.00') };
  it('a long stops at or below its stop and takes profit at or above its target', () => {
    expect(crossedLevel('long', $('90.01'), levels)).toBeNull();
    expect(crossedLevel('long', $('90.00'), levels)).toBe('stop_loss');
    expect(crossedLevel('long', $('50.00'), levels)).toBe('stop_loss');
    expect(crossedLevel('long', $('119.99'), levels)).toBeNull();
    expect(crossedLevel('long', $('120.00'), levels)).toBe('take_profit');
  });
  it('a short the other way round', () => {
    const short = { stopLoss: $('120.00'), takeProfit: $('90.00') };
    expect(crossedLevel('short', $('120.00'), short)).toBe('stop_loss');
    expect(crossedLevel('short', $('90.00'), short)).toBe('take_profit');
    expect(crossedLevel('short', $('100.00'), short)).toBeNull();
  });
  it('no levels, nothing crosses', () => {
    expect(crossedLevel('long', $('0.01'), { stopLoss: null, takeProfit: null })).toBeNull();
  });
  it('refuses levels on the wrong side of the entry price', () => {
    expect(levelRefusal('long', $('100.00'), { stopLoss: $('100.00'), takeProfit: null })?.field).toBe('stopLoss');
    expect(levelRefusal('long', $('100.00'), { stopLoss: null, takeProfit: $('99.99') })?.message).toBe('Take-profit must be above the entry price (100.00) for a long position');
    expect(levelRefusal('short', $('100.00'), { stopLoss: $('99.00'), takeProfit: null })?.message).toBe('Stop-loss must be above the entry price (100.00) for a short position');
    expect(levelRefusal('short', $('100.00'), { stopLoss: $('101.00'), takeProfit: $('80.00') })).toBeNull();
    expect(levelRefusal('long', $('100.00'), { stopLoss: $('95.00'), takeProfit: $('130.00') })).toBeNull();
  });
});
