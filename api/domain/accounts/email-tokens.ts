import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { EmailTokenPurpose } from '../../db/generated/prisma/client.ts';

// The single-use mailed tokens of accounts (email verification, password reset, email change): one way to make
// them. Only the sha256 of a token is stored; the mail carries the token itself.

export const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** Stores a fresh token of `purpose` for the user, valid for `ttlMs`; answers the token to mail. */
export async function issueEmailToken(db: Db, userId: string, purpose: EmailTokenPurpose, ttlMs: number, now: Date, extra: { newEmail?: string } = {}): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.emailToken.create({
    data: { userId, purpose, tokenHash: sha256(token), expiresAt: new Date(now.getTime() + ttlMs), newEmail: extra.newEmail ?? null },
  });
  return token;
}
