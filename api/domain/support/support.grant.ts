import { SignJWT, jwtVerify } from 'jose';

// The grant cookie (docs/decisions.md "Support tickets"): a visitor without an account reads and
// answers the tickets this browser opened. It is an HS256 JWT signed with the session secret,
// holding the ticket ids (`tix`); httpOnly, so page scripts never see it.
export const SUPPORT_GRANT_COOKIE = 'pit_support';
export const SUPPORT_GRANT_TTL_SECONDS = 90 * 24 * 60 * 60;
/** The most tickets one browser keeps access to (the oldest drop out first). */
export const SUPPORT_GRANT_MAX_TICKETS = 20;

export async function readSupportGrant(secret: Uint8Array, token: string | undefined): Promise<string[]> {
  if (!token) return [];
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    const tix = payload.tix;
    return Array.isArray(tix) ? tix.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** The Set-Cookie header granting `ticketIds` (the previous grant plus the new ticket). */
export async function supportGrantCookie(secret: Uint8Array, ticketIds: readonly string[], secure: boolean): Promise<string> {
  const tix = [...new Set(ticketIds)].slice(-SUPPORT_GRANT_MAX_TICKETS);
  const token = await new SignJWT({ tix })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + SUPPORT_GRANT_TTL_SECONDS)
    .sign(secret);
  return [`${SUPPORT_GRANT_COOKIE}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${SUPPORT_GRANT_TTL_SECONDS}`, secure ? 'Secure' : '']
    .filter(Boolean)
    .join('; ');
}
