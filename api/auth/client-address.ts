import { isIP } from 'node:net';

// The client's address, which the login and registration limits count by. Without TRUST_PROXY it
// is the address of the socket: X-Forwarded-For is whatever the client chose to send. With
// TRUST_PROXY=N (N reverse proxies in front, each appending the address it received the request
// from), it is the N-th X-Forwarded-For entry from the right: the right-most entry was written by
// our outermost proxy, everything left of it may be forged (docs/decisions.md, "Hardening: sessions, limits and production defaults").

/** Values TRUST_PROXY accepts: a hop count, or true (one) / false (none). */
export const TRUST_PROXY_VALUE = /^(\d{1,2}|true|false)$/;

export function parseTrustProxy(value: string | undefined): number {
  if (value === undefined || value === '' || value === 'false') return 0;
  if (value === 'true') return 1;
  if (!TRUST_PROXY_VALUE.test(value)) throw new Error(`TRUST_PROXY must be a number of proxies or true/false (got "${value}")`);
  return Number(value);
}

/**
 * The address a request came from.
 * @param socketAddress the TCP peer (the proxy, when there is one)
 * @param forwardedFor the X-Forwarded-For header (all its lines joined with commas)
 * @param trustedHops how many proxies in front append to X-Forwarded-For (TRUST_PROXY)
 */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | null | undefined, trustedHops: number): string {
  const socket = normalize(socketAddress) ?? 'unknown';
  if (trustedHops <= 0 || !forwardedFor) return socket;
  const entries = forwardedFor.split(',').map((e) => e.trim()).filter(Boolean);
  if (!entries.length) return socket;
  // Fewer entries than trusted proxies: the left-most one is the farthest address anyone reported.
  const entry = entries[Math.max(0, entries.length - trustedHops)];
  return normalize(entry) ?? socket;
}

/** An IP address without the IPv4-mapped IPv6 prefix, or undefined when `value` is none. */
function normalize(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const address = value.startsWith('::ffff:') && isIP(value.slice(7)) === 4 ? value.slice(7) : value;
  return isIP(address) ? address : undefined;
}
