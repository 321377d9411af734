import { describe, expect, it } from 'vitest';
import { MAX_SERIES_DAYS, averageCents, seriesDays, showsSellerFigures } from './earnings.rules.ts';

describe('averageCents', () => {
  it('rounds half-up to the cent and is 0 without transactions', () => {
    expect(averageCents(1000n, 3)).toBe(333n);
    expect(averageCents(1001n, 2)).toBe(501n); // 500.5 -> 501
    expect(averageCents(0n, 0)).toBe(0n);
    expect(averageCents(5n, 0n)).toBe(0n);
  });
});

describe('seriesDays', () => {
  it('lists every UTC day between two instants, both included', () => {
    expect(seriesDays(new Date('2026-03-01T23:59:00Z'), new Date('2026-03-03T00:00:00Z'))).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(seriesDays(new Date('2026-03-01T10:00:00Z'), new Date('2026-03-01T11:00:00Z'))).toEqual(['2026-03-01']);
    expect(seriesDays(new Date('2026-03-02T00:00:00Z'), new Date('2026-03-01T00:00:00Z'))).toEqual([]);
  });
  it('keeps the last 366 days of a longer range', () => {
    const days = seriesDays(new Date('2020-01-01T00:00:00Z'), new Date('2026-03-01T12:00:00Z'));
    expect(days).toHaveLength(MAX_SERIES_DAYS);
    expect(days.at(-1)).toBe('2026-03-01');
    expect(days[0]).toBe('2025-03-01');
  });
});

describe('showsSellerFigures', () => {
  it('is for users approved to sell, or with a sale', () => {
    expect(showsSellerFigures({ dueDiligenceStatus: 'approved' }, 0)).toBe(true);
    expect(showsSellerFigures({ dueDiligenceStatus: 'not_started' }, 0)).toBe(false);
    expect(showsSellerFigures({ dueDiligenceStatus: 'submitted' }, 0)).toBe(false);
    expect(showsSellerFigures({ dueDiligenceStatus: 'not_applicable' }, 0)).toBe(false); // an administrator who never sold
    expect(showsSellerFigures({ dueDiligenceStatus: 'not_applicable' }, 2)).toBe(true);
    expect(showsSellerFigures({ dueDiligenceStatus: 'rejected' }, 1)).toBe(true);
  });
});
