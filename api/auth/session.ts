import { SignJWT, jwtVerify } from 'jose';

// Sessions are HS256 JWTs in an httpOnly, SameSite=Lax cookie. The token names the user and the
// user's sessionVersion, so bumping the version ends every session of that user.
export const SESSION_COOKIE = 'pit_session';
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
/** A session older than this is re-issued on use, so active users stay logged in. */
export const SESSION_RENEW_AFTER_SECONDS = 24 * 60 * 60;

export interface SessionClaims {
  userId: string;
  sessionVersion: number;
  issuedAt: number;
}

export async function signSession(secret: Uint8Array, userId: string, sessionVersion: number): Promise<string> {
  return new SignJWT({ sv: sessionVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(`${SESSION_TTL_SECONDS}s`)
    .sign(secret);
}

export async function readSession(secret: Uint8Array, token: string | undefined): Promise<SessionClaims | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.sv !== 'number' || typeof payload.iat !== 'number') return null;
    return { userId: payload.sub, sessionVersion: payload.sv, issuedAt: payload.iat };
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
