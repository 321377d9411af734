import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  cumulativePnl,
  formatSignedMoney,
  formatSignedPercent,
  marginCents,
  parseHundredths,
  pnlCents,
  previewMargin,
  workedExample,
} from './tradingFigures.ts';

describe('trading figures', () => {
  it('reads two-place decimals only', () => {
    expect(parseHundredths('12.5')).toBe(1250n);
    expect(parseHundredths('2')).toBe(200n);
    expect(parseHundredths('0.01')).toBe(1n);
    expect(parseHundredths('1.234')).toBeNull();
    expect(parseHundredths('-1')).toBeNull();
    expect(parseHundredths('')).toBeNull();
  });

  it('computes margin = price x quantity / multiplier, rounded half away from zero', () => {
    expect(centsToDecimal(marginCents(10000n, 200n, 3))).toBe('66.67');
    expect(previewMargin('100.00', '2', 3)).toBe('66.67');
    expect(previewMargin('100.00', '', 3)).toBeNull();
    expect(previewMargin('100.00', '0', 3)).toBeNull();
    expect(previewMargin(null, '2', 3)).toBeNull();
    expect(previewMargin('0.01', '0.5', 1)).toBe('0.01');
  });

  it('computes P/L long and short', () => {
    expect(pnlCents('long', 10000n, 11000n, 200n, 3)).toBe(6000n);
    expect(pnlCents('short', 10000n, 11000n, 200n, 3)).toBe(-6000n);
    expect(centsToDecimal(pnlCents('long', 10000n, 9000n, 200n, 3))).toBe('-60.00');
  });

  it('builds the worked example from the chosen contract', () => {
    expect(workedExample('100.00', '2', 3)).toEqual({ multiplier: 3, quantity: '2.00', price: '100.00', margin: '66.67', move: '10.00', swing: '60.00' });
    // no quantity typed yet: two units
    expect(workedExample('100.00', '', 5)?.swing).toBe('100.00');
    expect(workedExample('0.05', '1', 1)?.move).toBe('0.01');
    expect(workedExample('abc', '1', 1)).toBeNull();
  });

  it('prints signed figures', () => {
    expect(formatSignedMoney('60')).toBe('+$60.00');
    expect(formatSignedMoney('-1234.5')).toBe('-$1,234.50');
    expect(formatSignedMoney('0.00')).toBe('$0.00');
    expect(formatSignedPercent('12.5')).toBe('+12.50%');
    expect(formatSignedPercent('-3')).toBe('-3.00%');
    expect(formatSignedPercent('0')).toBe('0.00%');
  });

  it('sums realised P/L over time, oldest first', () => {
    const points = cumulativePnl([
      { closedAt: '2026-01-02T00:00:00Z', realizedPnl: '-20.00' },
      { closedAt: '2026-01-01T00:00:00Z', realizedPnl: '60.00' },
      { closedAt: '2026-01-02T00:00:00Z', realizedPnl: '5.50' },
      { closedAt: null, realizedPnl: '1.00' },
    ]);
    expect(points).toEqual([
      { time: Date.UTC(2026, 0, 1) / 1000, value: 60, pnl: 60 },
      { time: Date.UTC(2026, 0, 2) / 1000, value: 45.5, pnl: -14.5 },
    ]);
  });
});
