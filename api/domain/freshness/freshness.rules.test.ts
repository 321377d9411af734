import { describe, expect, it } from 'vitest';
import { overdueAt, promiseOf, sumRecords } from './freshness.rules.ts';
import { onTimeRecord } from './freshness.record.ts';

// The freshness promise's arithmetic (docs/decisions.md "Issue 26: the freshness promise").

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = new Date('2026-11-01T09:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe('the promise of each frequency', () => {
  it('daily: overdue one day and six hours after the last release or the start of sale, whichever is later', () => {
    const daily = promiseOf('daily')!;
    expect(daily).toEqual({ intervalMs: DAY, graceMs: 6 * HOUR });
    expect(overdueAt(daily, at(2 * HOUR), T0)).toEqual(at(32 * HOUR));
    // a release before the listing went on sale (at creation, during review) does not start the clock
    expect(overdueAt(daily, at(-3 * DAY), T0)).toEqual(at(30 * HOUR));
    expect(overdueAt(daily, null, T0)).toEqual(at(30 * HOUR));
  });

  it('realtime is checked as hourly; weekly and monthly have a day and three of grace; static promises nothing', () => {
    expect(promiseOf('realtime')).toEqual(promiseOf('hourly'));
    expect(promiseOf('hourly')).toEqual({ intervalMs: HOUR, graceMs: HOUR / 2 });
    expect(promiseOf('weekly')).toEqual({ intervalMs: 7 * DAY, graceMs: DAY });
    expect(promiseOf('monthly')).toEqual({ intervalMs: 31 * DAY, graceMs: 3 * DAY });
    expect(promiseOf('static')).toBeNull();
  });
});

describe('the on-time record', () => {
  const daily = promiseOf('daily')!;
  const everyDay = (days: number, lateBy = 0) => Array.from({ length: days }, (_, i) => at(i * DAY + lateBy));

  it('a release every day, some hours late within the grace, keeps every period', () => {
    const releases = everyDay(20).map((d, i) => (i % 3 === 0 ? new Date(d.getTime() + 5 * HOUR) : d));
    expect(onTimeRecord(daily, T0, releases, at(20 * DAY))).toEqual({ onTime: 12, periods: 12 });
  });

  it('counts only the periods since the listing went on sale', () => {
    expect(onTimeRecord(daily, T0, everyDay(4), at(4 * DAY + HOUR))).toEqual({ onTime: 4, periods: 4 });
    expect(onTimeRecord(daily, T0, [], at(HOUR))).toEqual({ onTime: 0, periods: 0 });
  });

  it('a missed day makes the periods it was overdue in late, and only those', () => {
    // releases every day but days 10 to 12 (three missed): overdue from day 9 + 30 h to day 13
    const releases = everyDay(20).filter((_, i) => i < 10 || i > 12);
    const record = onTimeRecord(daily, T0, releases, at(20 * DAY));
    // the periods ending at now reach back to day 8; the overdue stretch (day 10 06:00 to day 13) touches days 10, 11, 12
    expect(record).toEqual({ onTime: 9, periods: 12 });
  });

  it('nothing since long before the oldest period: every period late', () => {
    expect(onTimeRecord(daily, T0, [T0], at(100 * DAY))).toEqual({ onTime: 0, periods: 12 });
  });

  it('a provider sums their listings; no promise at all is no record', () => {
    expect(sumRecords([{ onTime: 12, periods: 12 }, null, { onTime: 1, periods: 4 }])).toEqual({ onTime: 13, periods: 16 });
    expect(sumRecords([null, { onTime: 0, periods: 0 }])).toBeNull();
  });
});
