import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { readSession, signSession } from './session.ts';

const secret = new TextEncoder().encode('session-test-secret-session-test-secret');
const other = new TextEncoder().encode('another-secret-another-secret-another-1');

describe('readSession', () => {
  it('reads a signed session, and the same token again from what it verified', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000);
    const token = await signSession(secret, { id: 'session-1', userId: 'user-1', expiresAt });
    const first = await readSession(secret, token);
    expect(first).toMatchObject({ sessionId: 'session-1', userId: 'user-1' });
    expect(await readSession(secret, token)).toEqual(first);
  });

  it('refuses a remembered token once it has expired, and any token under another secret', async () => {
    const now = Date.now() / 1000;
    const token = await signSession(secret, { id: 'session-2', userId: 'user-2', expiresAt: new Date((now + 60) * 1000) });
    expect(await readSession(secret, token, now)).not.toBeNull();
    expect(await readSession(secret, token, now + 61)).toBeNull();
    expect(await readSession(other, token, now)).toBeNull();
  });

  it('refuses forged, altered and incomplete tokens', async () => {
    const token = await signSession(secret, { id: 'session-3', userId: 'user-3', expiresAt: new Date(Date.now() + 3_600_000) });
    const [header, payload, signature] = token.split('.');
    const altered = `${header}.${Buffer.from(JSON.stringify({ sid: 'session-3', sub: 'admin', iat: 1, exp: 9_999_999_999 })).toString('base64url')}.${signature}`;
    expect(await readSession(secret, altered)).toBeNull();
    expect(await readSession(secret, `${header}.${payload}.${'A'.repeat(signature!.length)}`)).toBeNull();
    const noSid = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('u').setIssuedAt().setExpirationTime('1h').sign(secret);
    expect(await readSession(secret, noSid)).toBeNull();
    expect(await readSession(secret, 'not.a.token')).toBeNull();
    expect(await readSession(secret, undefined)).toBeNull();
  });
});
