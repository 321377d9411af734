// The rules of webhooks and the event feed (docs/decisions.md "Issue 27: webhooks and the event
// feed"), pure: signatures, the retry schedule, when an endpoint is disabled, which addresses may
// be called, which event types exist.
import crypto from 'node:crypto';
import net from 'node:net';
import { NOTIFICATION_KINDS } from '../notifications/notification-kinds.ts';

/** A person may register this many endpoints. */
export const MAX_ENDPOINTS_PER_USER = 10;
/** How long one POST may take, connection and answer together. */
export const DELIVERY_TIMEOUT_MS = 5_000;
/** At most this much of an endpoint's answer is read and kept. */
export const RESPONSE_EXCERPT_BYTES = 1024;
/** A delivery is retried for this long after it was created, then failed for good. */
export const RETRY_WINDOW_MS = 3 * 24 * 60 * 60_000;
/** An endpoint whose attempts all failed for this long is disabled (and its owner told). */
export const DISABLE_AFTER_MS = 3 * 24 * 60 * 60_000;
export const USER_AGENT = 'DataPit-Webhooks/1';
/** The event a test from the settings (POST /api/webhooks/{id}/test) sends. */
export const TEST_EVENT = 'webhook.test';
/** Told to an endpoint's owner when it is disabled. */
export const DISABLED_EVENT = 'webhook.disabled';

/**
 * The types an endpoint may subscribe to: the recorded events of the product's one vocabulary
 * (every notification kind but `account.security`, told directly and never recorded as an event).
 */
export const WEBHOOK_EVENT_TYPES: readonly string[] = NOTIFICATION_KINDS.filter((k) => k.type !== 'account.security').map((k) => k.type);

/** Whether an endpoint subscribed to `eventTypes` (empty: all) receives an event of `type`. */
export function endpointWants(eventTypes: readonly string[], type: string): boolean {
  return type === TEST_EVENT || eventTypes.length === 0 || eventTypes.includes(type);
}

/** `DataPit-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>` (Stripe's scheme). */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = crypto.createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** What a receiver does (and the tests do): recompute and compare, refusing an old timestamp. */
export function verifySignature(secret: string, body: string, header: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureHeader(secret, body, t).split('v1=')[1]!, 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** A new signing secret, shown once: `whsec_` and 32 random bytes in hex. */
export function newSigningSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('hex')}`;
}

/** Delay after failed attempt `n` (1-based): 1 min × 4^(n−1), at most 12 h. */
export function retryDelayMs(attempt: number): number {
  return Math.min(60_000 * 4 ** (attempt - 1), 12 * 60 * 60_000);
}

/** When the next attempt of a delivery created at `createdAt` runs after failed attempt `n`, or null: given up. */
export function nextAttemptAt(createdAt: Date, attempt: number, now: Date): Date | null {
  const at = new Date(now.getTime() + retryDelayMs(attempt));
  return at.getTime() - createdAt.getTime() <= RETRY_WINDOW_MS ? at : null;
}

/** An endpoint failing since `failingSince` is disabled at `now`. */
export function shouldDisable(failingSince: Date | null, now: Date): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS;
}

export const isSuccessStatus = (status: number): boolean => status >= 200 && status < 300;

// Every range that is not the public internet: IANA special-purpose registries (RFC 6890 and
// successors). IPv4-mapped IPv6 addresses (::ffff:10.0.0.1) are matched by net.BlockList against
// the IPv4 ranges; NAT64, 6to4 and Teredo wrap IPv4 addresses too and are refused whole.
const NOT_PUBLIC = new net.BlockList();
for (const [net4, bits] of [
  ['0.0.0.0', 8], // this network, unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) NOT_PUBLIC.addSubnet(net4, bits, 'ipv4');
for (const [net6, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) NOT_PUBLIC.addSubnet(net6, bits, 'ipv6');

/** Whether an IP address is on the public internet (false for anything that is not an address). */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Why an endpoint URL is refused, or null: http(s) only (https in production, where a secret and
 * the data travel), no credentials in it, a host, and when private networks are not allowed no
 * literal address that is not public (names are checked after resolution, at each delivery).
 */
export function urlProblem(raw: string, opts: { allowPrivateNetworks: boolean; requireHttps: boolean }): string | null {
  if (raw.length > 2048) return 'url must be at most 2048 characters';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url must be an absolute http or https URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'url must be an http or https URL';
  if (opts.requireHttps && url.protocol !== 'https:') return 'url must be an https URL';
  if (url.username || url.password) return 'url must not carry a user name or password';
  if (!url.hostname) return 'url must name a host';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!opts.allowPrivateNetworks) {
    if (net.isIP(host) && !isPublicAddress(host)) return 'url must point at a public address';
    if (host === 'localhost' || host.endsWith('.localhost')) return 'url must point at a public address';
  }
  return null;
}
