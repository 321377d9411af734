import { describe, expect, it } from 'vitest';
import { fallbackFileName, fileNameFromDisposition } from './downloadData.ts';
import { accessBadge, accessFact, canRenew, escrowText, isRefunded, keyForExamples, libraryNote } from './libraryRules.ts';
import { dataExample, downloadFileName, EXAMPLE_LANGUAGES } from './dataExamples.ts';

describe('accessBadge', () => {
  it('is REFUNDED first, then EXPIRED, then ACTIVE with access, else INACTIVE', () => {
    expect(accessBadge({ accessExpired: true, hasAccess: false, refunded: true })).toBe('REFUNDED');
    expect(accessBadge({ accessExpired: true, hasAccess: true, refunded: false })).toBe('EXPIRED');
    expect(accessBadge({ accessExpired: false, hasAccess: true, refunded: false })).toBe('ACTIVE');
    expect(accessBadge({ accessExpired: false, hasAccess: false, refunded: false })).toBe('INACTIVE');
  });
  it('calls a revoked purchase or a refunded payment refunded', () => {
    expect(isRefunded({ purchaseStatus: 'revoked', paymentStatus: 'refunded' })).toBe(true);
    expect(isRefunded({ purchaseStatus: 'revoked', paymentStatus: null })).toBe(true);
    expect(isRefunded({ purchaseStatus: 'active', paymentStatus: 'released' })).toBe(false);
  });
});

describe('canRenew', () => {
  const base = { pricingModel: 'one_time', accessExpired: false, purchaseStatus: 'active', paymentStatus: 'escrowed' };
  it('renews subscriptions and anything expired', () => {
    expect(canRenew({ ...base, pricingModel: 'monthly_subscription' })).toBe(true);
    expect(canRenew({ ...base, accessExpired: true })).toBe(true);
  });
  it('has nothing to renew for a live one-time purchase, a pending one or a refunded one', () => {
    expect(canRenew(base)).toBe(false);
    expect(canRenew({ ...base, purchaseStatus: 'pending', paymentStatus: 'pending', pricingModel: 'annual_subscription' })).toBe(false);
    expect(canRenew({ ...base, purchaseStatus: 'revoked', paymentStatus: 'refunded' })).toBe(false);
    expect(canRenew({ ...base, purchaseStatus: 'revoked', paymentStatus: 'refunded', pricingModel: 'monthly_subscription', accessExpired: true })).toBe(false);
  });
  it('offers no manual renewal while a subscription renews by itself, and does again once it stops', () => {
    const monthly = { ...base, pricingModel: 'monthly_subscription' };
    expect(canRenew({ ...monthly, renewalStatus: 'scheduled' })).toBe(false);
    expect(canRenew({ ...monthly, renewalStatus: 'retrying' })).toBe(false);
    expect(canRenew({ ...monthly, renewalStatus: 'cancelled' })).toBe(true);
    expect(canRenew({ ...monthly, renewalStatus: 'failed' })).toBe(true);
    expect(canRenew({ ...monthly, renewalStatus: 'scheduled', accessExpired: true })).toBe(true);
  });
});

describe('accessFact', () => {
  const base = { refunded: false, accessExpired: false, accessExpiresAt: null, hasAccess: true };
  it('gives the end of the access period, under a label that says whether it is over', () => {
    expect(accessFact({ ...base, accessExpiresAt: '2027-01-01T00:00:00Z' })).toEqual({ label: 'Access until', until: '2027-01-01T00:00:00Z', text: '' });
    expect(accessFact({ ...base, accessExpired: true, hasAccess: false, accessExpiresAt: '2026-01-01T00:00:00Z' }).label).toBe('Access ended');
  });
  it('says No expiry for a live purchase without an end, a dash for one without access', () => {
    expect(accessFact(base)).toEqual({ label: 'Access until', until: null, text: 'No expiry' });
    expect(accessFact({ ...base, hasAccess: false }).text).toBe('—');
  });
  it('says a refunded purchase ended, whatever its dates', () => {
    expect(accessFact({ ...base, refunded: true, hasAccess: false, accessExpiresAt: '2027-01-01T00:00:00Z' })).toEqual({ label: 'Access', until: null, text: 'Ended (refunded)' });
  });
});

describe('libraryNote', () => {
  const base = { hasAccess: false, refunded: false, purchaseStatus: 'active', accessExpired: false };
  it('explains a purchase with access and no file as delivered by the provider', () => {
    expect(libraryNote({ ...base, hasAccess: true })).toBe('provider-delivers');
  });
  it('names a refund before a pending payment, and a pending payment before an ended period', () => {
    expect(libraryNote({ ...base, refunded: true, purchaseStatus: 'pending', accessExpired: true })).toBe('refunded');
    expect(libraryNote({ ...base, purchaseStatus: 'pending', accessExpired: true })).toBe('payment-pending');
    expect(libraryNote({ ...base, accessExpired: true })).toBe('access-ended');
    expect(libraryNote(base)).toBe('no-access');
  });
});

describe('escrowText', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('counts down to the release', () => {
    expect(escrowText({ status: 'escrowed', escrowEndsAt: '2026-11-23T11:58:05Z' }, now).text).toBe('In escrow · releases in 23h 58m 05s');
    expect(escrowText({ status: 'escrowed', escrowEndsAt: '2026-11-22T11:00:00Z' }, now).text).toBe('In escrow · releasing now');
  });
  it('names the other states', () => {
    expect(escrowText({ status: 'released', escrowEndsAt: null }, now)).toEqual({ text: 'Released to the provider', tone: 'green' });
    expect(escrowText({ status: 'disputed', escrowEndsAt: null }, now).tone).toBe('amber');
    expect(escrowText({ status: 'refunded', escrowEndsAt: null }, now).text).toBe('Refunded');
    expect(escrowText({ status: 'pending', escrowEndsAt: null }, now).text).toBe('Payment pending');
  });
});

describe('examples', () => {
  it('use the full key when shown, else a placeholder with the prefix', () => {
    expect(keyForExamples('dpk_full', 'dpk_abcdefgh')).toBe('dpk_full');
    expect(keyForExamples(null, 'dpk_abcdefgh')).toBe('dpk_abcdefgh…YOUR_KEY');
    expect(keyForExamples(null, null)).toBe('YOUR_API_KEY');
  });
  it('call each endpoint with the X-API-Key header at the absolute URL, in every language', () => {
    const target = { origin: 'https://pit.example', downloadPath: '/api/data/download/c1', streamPath: '/api/data/stream/c1', apiKey: 'K', fileName: 'data.csv' };
    for (const language of EXAMPLE_LANGUAGES) {
      const download = dataExample(language, 'download', target);
      expect(download).toContain('"https://pit.example/api/data/download/c1"');
      expect(download).toContain('data.csv');
      expect(download).toMatch(/X-API-Key/);
      const stream = dataExample(language, 'stream', target);
      expect(stream).toContain('"https://pit.example/api/data/stream/c1"');
    }
    // resume only into the same version: If-Range with the ETag saved beside the file
    expect(dataExample('curl', 'download', target)).toContain('-C - -H "If-Range: $(cat "$OUT.etag")"');
    expect(dataExample('python', 'download', target)).toContain('headers["If-Range"] = tag');
    expect(dataExample('javascript', 'download', target)).toContain('"If-Range": tag');
    expect(dataExample('javascript', 'stream', target)).toContain('JSON.parse(line)');
  });
  it('ask a link listing for its link and save no file', () => {
    const target = { origin: 'https://pit.example', downloadPath: '/api/data/download/c1', streamPath: '/api/data/stream/c1', apiKey: 'K', fileName: 'data.csv' };
    for (const language of EXAMPLE_LANGUAGES) {
      const link = dataExample(language, 'link', target);
      expect(link).toContain('"https://pit.example/api/data/download/c1"');
      expect(link).not.toContain('data.csv');
      expect(link).toContain("not the provider's site");
    }
  });
  it('save the download as data.<format>', () => {
    expect(downloadFileName('CSV')).toBe('data.csv');
    expect(downloadFileName('json')).toBe('data.json');
    expect(downloadFileName(null)).toBe('data.bin');
  });
});

describe('file names', () => {
  it("prefer filename* (UTF-8) to filename, as the server's RFC 6266 header has both", () => {
    expect(fileNameFromDisposition(`attachment; filename="series 2026.csv"; filename*=UTF-8''s%C3%A9ries%202026.csv`)).toBe('séries 2026.csv');
    expect(fileNameFromDisposition('attachment; filename="trades.csv"')).toBe('trades.csv');
    expect(fileNameFromDisposition('attachment; filename=plain.json')).toBe('plain.json');
    expect(fileNameFromDisposition(null)).toBeNull();
  });
  it('fall back to the title', () => {
    expect(fallbackFileName('US Equities / Tick Data')).toBe('US_Equities_Tick_Data_data');
  });
});
