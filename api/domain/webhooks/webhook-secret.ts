import crypto from 'node:crypto';

// Signing secrets are needed in clear to sign, so they are stored encrypted (AES-256-GCM) under a
// key derived from the session secret (HKDF, its own label): a copy of the database alone does not
// let anyone forge our signatures. Changing SESSION_SECRET makes stored secrets unreadable: their
// endpoints then fail and the owner registers them again (docs/decisions.md "Issue 27: webhooks").

const keyOf = (sessionSecret: Uint8Array) => Buffer.from(crypto.hkdfSync('sha256', sessionSecret, Buffer.alloc(0), 'datapit webhook signing secrets', 32));

export function sealSecret(sessionSecret: Uint8Array, secret: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(sessionSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

export function openSecret(sessionSecret: Uint8Array, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('Unreadable webhook secret');
  const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(sessionSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
