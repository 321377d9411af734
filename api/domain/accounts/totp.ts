import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

// The authenticator-app half of two-factor sign-in: RFC 6238 codes (SHA-1, 6 digits, 30 seconds,
// what every authenticator app reads from an otpauth:// URI) through the otpauth library, and the
// shared secret sealed for storage. Pure: no database, the time is passed in.

export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = 'DATA PIT';
/** Codes of the step before and after now are accepted too: phone clocks drift, people type slowly. */
const DRIFT_STEPS = 1;

/** A fresh shared secret (160 bits, RFC 4226's recommended size), as the base32 text apps take. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secretBase32: string, label = ''): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

/** The otpauth:// URI an authenticator app scans (the account shown in the app is `accountName`). */
export function otpauthUri(secretBase32: string, accountName: string): string {
  return totpOf(secretBase32, accountName).toString();
}

/** The 30-second step `when` falls in. */
export function stepAt(when: Date): number {
  return Math.floor(when.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of a step's time (what the app shows); tests compute codes with it. */
export function totpCodeAt(secretBase32: string, when: Date): string {
  return totpOf(secretBase32).generate({ timestamp: when.getTime() });
}

/** The step whose code `code` is, within the accepted drift around `now`; null when it is none of them. */
export function matchingStep(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now.getTime(), window: DRIFT_STEPS });
  return delta === null ? null : stepAt(now) + delta;
}

// The secret is stored encrypted (AES-256-GCM) under a key derived from the server's secret: a copy
// of the database alone does not give away anyone's second factor.
function sealingKey(serverSecret: Uint8Array): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', serverSecret, 'datapit', 'two-factor secret v1', 32));
}

/** base64url(iv | tag | ciphertext) of the secret. */
export function sealSecret(serverSecret: Uint8Array, secretBase32: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', sealingKey(serverSecret), iv);
  const body = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The secret back, or null when it was sealed under another server secret (or altered). */
export function openSecret(serverSecret: Uint8Array, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = crypto.createDecipheriv('aes-256-gcm', sealingKey(serverSecret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
