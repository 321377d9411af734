import { describe, expect, it } from 'vitest';
import { clientAddress, parseTrustProxy } from './client-address.ts';

describe('clientAddress', () => {
  it('is the socket address when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress('10.0.0.5', '203.0.113.1', 0)).toBe('10.0.0.5');
    expect(clientAddress('::ffff:10.0.0.5', null, 0)).toBe('10.0.0.5');
    expect(clientAddress(undefined, undefined, 0)).toBe('unknown');
  });

  it('with one trusted proxy, is the right-most X-Forwarded-For entry (the one the proxy appended)', () => {
    expect(clientAddress('10.0.0.1', '203.0.113.1', 1)).toBe('203.0.113.1');
    expect(clientAddress('10.0.0.1', 'forged, 198.51.100.2 ,203.0.113.1', 1)).toBe('203.0.113.1');
    expect(clientAddress('10.0.0.1', '2001:db8::1', 1)).toBe('2001:db8::1');
  });

  it('with two trusted proxies, skips the entry the inner proxy appended', () => {
    expect(clientAddress('10.0.0.1', '198.51.100.9, 203.0.113.1, 10.0.0.2', 2)).toBe('203.0.113.1');
  });

  it('falls back to the socket address when the header is missing or the entry is not an address', () => {
    expect(clientAddress('10.0.0.1', null, 1)).toBe('10.0.0.1');
    expect(clientAddress('10.0.0.1', 'unknown', 1)).toBe('10.0.0.1');
    // Fewer entries than trusted hops: the left-most is the farthest we know.
    expect(clientAddress('10.0.0.1', '203.0.113.1', 3)).toBe('203.0.113.1');
  });
});

describe('parseTrustProxy', () => {
  it('reads a hop count; unset, 0 and false mean none; true means one', () => {
    expect(parseTrustProxy(undefined)).toBe(0);
    expect(parseTrustProxy('')).toBe(0);
    expect(parseTrustProxy('0')).toBe(0);
    expect(parseTrustProxy('false')).toBe(0);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(() => parseTrustProxy('yes please')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('-1')).toThrow(/TRUST_PROXY/);
  });
});
