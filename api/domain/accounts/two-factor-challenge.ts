import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

// The first login step's answer when two-factor sign-in is on: no session yet, a short-lived signed
// challenge naming the user, which the second step trades with a code for a session. Signed like
// session cookies (HS256, jose) but under a key of its own, so a session cookie is never a
// challenge and a challenge never a session.

export const CHALLENGE_TTL_SECONDS = 5 * 60;
const AUDIENCE = 'datapit:two-factor-login';

export interface ChallengeClaims {
  userId: string;
  /** Came through the administrator login: the account must still be an administrator. */
  admin: boolean;
  /** A fingerprint of the password hash: a password change or reset voids challenges already given. */
  passwordTag: string;
}

function challengeKey(serverSecret: Uint8Array): Uint8Array {
  return new Uint8Array(crypto.hkdfSync('sha256', serverSecret, 'datapit', 'two-factor challenge v1', 32));
}

export function passwordTagOf(passwordHash: string): string {
  return crypto.createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);
}

export async function signChallenge(serverSecret: Uint8Array, claims: ChallengeClaims, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ adm: claims.admin, pwt: claims.passwordTag })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + CHALLENGE_TTL_SECONDS)
    .sign(challengeKey(serverSecret));
}

/** The claims of a live challenge, or null (forged, altered, expired, not a challenge). */
export async function readChallenge(serverSecret: Uint8Array, token: string, now: Date): Promise<ChallengeClaims | null> {
  try {
    const { payload } = await jwtVerify(token, challengeKey(serverSecret), { algorithms: ['HS256'], audience: AUDIENCE, currentDate: now });
    if (typeof payload.sub !== 'string' || typeof payload.adm !== 'boolean' || typeof payload.pwt !== 'string') return null;
    return { userId: payload.sub, admin: payload.adm, passwordTag: payload.pwt };
  } catch {
    return null;
  }
}
