import crypto from 'node:crypto';

// The unsubscribe link of an optional notification mail: `<userId>.<type>.<mac>`, an HMAC of the
// two with the server's secret, so the link works without logging in and cannot be forged for
// another person or kind. It never expires: an old mail's link keeps working, as people expect.

const mac = (secret: Uint8Array, userId: string, type: string) =>
  crypto.createHmac('sha256', secret).update(`unsubscribe:${userId}:${type}`).digest('base64url');

export function unsubscribeToken(secret: Uint8Array, userId: string, type: string): string {
  return `${userId}.${type}.${mac(secret, userId, type)}`;
}

/** The person and kind a token names, or null for a token that is not ours. */
export function readUnsubscribeToken(secret: Uint8Array, token: string): { userId: string; type: string } | null {
  // The type has dots of its own (`bid.received`); the id and the MAC have none.
  const first = token.indexOf('.');
  const last = token.lastIndexOf('.');
  if (first <= 0 || last <= first + 1) return null;
  const [userId, type, given] = [token.slice(0, first), token.slice(first + 1, last), token.slice(last + 1)];
  const expected = Buffer.from(mac(secret, userId, type));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) return null;
  return { userId, type };
}
