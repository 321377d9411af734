import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';

// Sessions are rows in the database (model Session); the cookie carries an HS256 JWT naming the
// row (`sid`) and its user (`sub`). The signature keeps the cookie from being forged, the row lets
// the server end a session: logout revokes its row, a password reset revokes every row of the
// user. A token without `sid` (issued before sessions were stored) is no session.
export const SESSION_COOKIE = 'pit_session';
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
/** A session older than this is re-issued on use (same row, later expiry), so active users stay logged in. */
export const SESSION_RENEW_AFTER_SECONDS = 24 * 60 * 60;

export interface SessionClaims {
  sessionId: string;
  userId: string;
  issuedAt: number;
}

export async function signSession(secret: Uint8Array, session: { id: string; userId: string; expiresAt: Date }): Promise<string> {
  return new SignJWT({ sid: session.id })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(session.userId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(session.expiresAt.getTime() / 1000))
    .sign(secret);
}

// A cookie arrives with every request of a session, and verifying its HMAC through WebCrypto cost
// a tenth of the CPU of a logged-in read (docs/performance.md "Per-request overhead"). A token
// string that verified once verifies again with the same secret, so the check is remembered per
// token (bounded); its expiry is still checked on every use, and whether the session is live is
// the database's answer each time (api/context.ts), so logout and password resets act at once.
interface Verified extends SessionClaims {
  expiresAt: number;
}
const verifiedTokens = new WeakMap<Uint8Array, LRUCache<string, Verified>>();
const VERIFIED_TOKENS_KEPT = 10_000;

export async function readSession(secret: Uint8Array, token: string | undefined, nowSeconds = Date.now() / 1000): Promise<SessionClaims | null> {
  if (!token) return null;
  let verified = verifiedTokens.get(secret);
  if (!verified) verifiedTokens.set(secret, (verified = new LRUCache({ max: VERIFIED_TOKENS_KEPT })));
  const known = verified.get(token);
  if (known) {
    if (known.expiresAt > nowSeconds) return { sessionId: known.sessionId, userId: known.userId, issuedAt: known.issuedAt };
    verified.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: new Date(nowSeconds * 1000) });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.iat !== 'number' || typeof payload.exp !== 'number') return null;
    const claims = { sessionId: payload.sid, userId: payload.sub, issuedAt: payload.iat };
    verified.set(token, { ...claims, expiresAt: payload.exp });
    return claims;
  } catch {
    return null;
  }
}

export function sessionCookie(token: string, secure: boolean): string {
  return [
    `${SESSION_COOKIE}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${SESSION_TTL_SECONDS}`,
    secure ? 'Secure' : '',
  ]
    .filter(Boolean)
    .join('; ');
}

export function clearedSessionCookie(secure: boolean): string {
  return [`${SESSION_COOKIE}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0', secure ? 'Secure' : '']
    .filter(Boolean)
    .join('; ');
}

export function parseCookies(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const name = part.slice(0, i).trim();
    if (name && !(name in out)) {
      try {
        out[name] = decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        out[name] = part.slice(i + 1).trim();
      }
    }
  }
  return out;
}
