import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatCompact,
  formatCount,
  formatDate,
  formatDateTime,
  formatDay,
  formatDuration,
  formatListTime,
  formatMessageTime,
  formatMoney,
  formatPriceMove,
  formatTimestamp,
  formatTotal,
  noun,
  plural,
  prettyJson,
  timeAgo,
} from './format.ts';
import {
  accessOutcomeTone,
  applicationStatusLabel,
  dataFormatLabel,
  humanize,
  pricingModelLabel,
  purchaseStatusWord,
  statusLabel,
  statusTone,
  ticketStatusTone,
  words,
} from './labels.ts';

// Noon UTC is the same calendar day in every time zone from UTC-11 to UTC+11.
const NOON = '2026-03-04T12:00:00.000Z';

describe('counts and their nouns', () => {
  it('says one thing in the singular and every other count in the plural', () => {
    expect(plural(1, 'listing')).toBe('1 listing');
    expect(plural(0, 'listing')).toBe('0 listings');
    expect(plural(2, 'contract')).toBe('2 contracts');
    expect(plural(1200, 'bid')).toBe('1,200 bids');
    expect(plural(1, 'review')).toBe('1 review');
    expect(plural(3, 'query', 'queries')).toBe('3 queries');
    expect(plural(1, 'open bid')).toBe('1 open bid');
    expect(noun(1, 'trade')).toBe('trade');
    expect(noun(5, 'trade')).toBe('trades');
  });
});

describe('numbers', () => {
  it('prints money, counts and compact figures, and a dash for what is missing', () => {
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatMoney(65050.4, { whole: true })).toBe('$65,050');
    expect(formatMoney('not a number')).toBe('—');
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(null)).toBe('—');
    expect(formatTotal(10000, false)).toBe('10,000+');
    expect(formatTotal(37, true)).toBe('37');
    expect(formatCompact(12_400_000)).toBe('12.4M');
    expect(formatCompact(undefined)).toBe('—');
  });

  it('prints sizes in binary units, as the 500 MB upload limit is counted', () => {
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(500 * 1024 * 1024)).toBe('500 MB');
    expect(formatBytes(-1)).toBe('—');
  });

  it('prints durations and price moves', () => {
    expect(formatDuration(12)).toBe('12s');
    expect(formatDuration(185)).toBe('3m 05s');
    expect(formatDuration(3720)).toBe('1h 02m');
    expect(formatPriceMove({ change: '-127', percent: -2.1 })).toEqual({ direction: 'down', text: '-$127.00 (-2.1%)' });
    expect(formatPriceMove({ change: 12.34, percent: 0.41 })).toEqual({ direction: 'up', text: '+$12.34 (+0.4%)' });
    expect(formatPriceMove(null)).toBeNull();
  });
});

describe('dates', () => {
  it('has one date format, a short date-time for lists and a full timestamp for records', () => {
    expect(formatDate(NOON)).toBe('Mar 04, 2026');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('garbage')).toBe('—');
    expect(formatDateTime(NOON)).toMatch(/^Mar 0[345], \d\d:\d\d$/);
    expect(formatTimestamp(NOON)).toMatch(/^Mar 0[345], 2026, \d\d:\d\d \S+/);
    expect(formatDay('2026-03-04')).toBe('Mar 04');
  });

  it('says how long ago, then the date', () => {
    const now = Date.parse(NOON);
    expect(timeAgo(new Date(now - 10_000).toISOString(), now)).toBe('just now');
    expect(timeAgo(new Date(now - 5 * 60_000).toISOString(), now)).toBe('5m ago');
    expect(timeAgo(new Date(now - 3 * 3600_000).toISOString(), now)).toBe('3h ago');
    expect(timeAgo(new Date(now - 2 * 86400_000).toISOString(), now)).toBe('2d ago');
    expect(timeAgo('2025-01-15T12:00:00Z', now)).toBe('Jan 15, 2025');
  });

  it('gives a message its time today, its day before and its year in another year (conversations and support alike)', () => {
    // local times: the formatters speak the viewer's zone
    const now = new Date(2026, 2, 4, 15, 0);
    expect(formatMessageTime(new Date(2026, 2, 4, 13, 5).toISOString(), now)).toBe('13:05');
    expect(formatMessageTime(new Date(2026, 2, 3, 9, 0).toISOString(), now)).toBe('Mar 03, 09:00');
    expect(formatMessageTime(new Date(2025, 11, 31, 23, 59).toISOString(), now)).toBe('Dec 31, 2025, 23:59');
    expect(formatMessageTime(null, now)).toBe('—');
    expect(formatMessageTime('garbage', now)).toBe('—');
    expect(formatListTime(new Date(2026, 2, 4, 13, 5).toISOString(), now)).toBe('13:05');
    expect(formatListTime(new Date(2026, 1, 14, 13, 5).toISOString(), now)).toBe('Feb 14');
    expect(formatListTime(new Date(2025, 1, 14, 13, 5).toISOString(), now)).toBe('Feb 14, 2025');
    expect(formatListTime(undefined, now)).toBe('');
  });

  it('pretty-prints JSON and a dash for nothing', () => {
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(prettyJson(null)).toBe('—');
  });
});

describe('labels and status colours', () => {
  it('turns enumerations into words: a label on its own, or inside a phrase', () => {
    expect(humanize('bank_transfer')).toBe('Bank transfer');
    expect(humanize(null)).toBe('—');
    expect(words('monthly_subscription')).toBe('monthly subscription');
    expect(pricingModelLabel('one_time')).toBe('One-time purchase');
    expect(dataFormatLabel(null)).toBe('JSON');
  });

  it('gives each status one label and one colour wherever it shows', () => {
    expect(statusLabel('pending_review')).toBe('Pending Review');
    expect(statusLabel('active')).toBe('Active');
    expect(applicationStatusLabel('submitted')).toBe('Pending Review');
    expect(applicationStatusLabel('requires_clarification')).toBe('Requires Clarification');
    // a rejected listing is red on the floor, in the dashboard and in the back office alike
    expect(statusTone('rejected')).toBe('red');
    expect(statusTone('active')).toBe('green');
    expect(statusTone('pending_review')).toBe('amber');
    expect(statusTone('open')).toBe('blue');
    expect(statusTone('escrowed')).toBe('blue');
    // a payment being confirmed is in progress, and says so in words
    expect(statusTone('processing')).toBe('blue');
    expect(statusLabel('processing')).toBe('Confirming');
    expect(statusTone('withdrawn')).toBe('neutral');
    expect(statusTone('something_new')).toBe('neutral');
  });

  it('calls a refunded purchase refunded, in the colour of a refunded payment', () => {
    expect(purchaseStatusWord('revoked')).toBe('refunded');
    expect(purchaseStatusWord('active')).toBe('active');
    expect(statusTone(purchaseStatusWord('revoked'))).toBe(statusTone('refunded'));
    expect(statusTone('revoked')).toBe(statusTone('refunded'));
  });

  it('colours a support ticket one way in the widget and on the desk: open amber, in progress blue, the rest green', () => {
    expect(['open', 'in_progress', 'resolved', 'closed'].map(ticketStatusTone)).toEqual(['amber', 'blue', 'green', 'green']);
    expect(ticketStatusTone('something_new')).toBe('green');
    // a ticket's 'open' waits on support; a bid's 'open' is live on the market
    expect(ticketStatusTone('open')).not.toBe(statusTone('open'));
  });

  it('colours an access-log outcome one way for the buyer and in the dispute evidence', () => {
    // an issued key is a use that worked (it counts as the first access, as ok does)
    expect(accessOutcomeTone('ok')).toBe('green');
    expect(accessOutcomeTone('issued')).toBe('green');
    expect(accessOutcomeTone('denied')).toBe('red');
    expect(accessOutcomeTone('error')).toBe('red');
    expect(accessOutcomeTone('aborted')).toBe('amber');
    expect(accessOutcomeTone('something_new')).toBe('neutral');
    expect(accessOutcomeTone(null)).toBe('neutral');
  });
});
