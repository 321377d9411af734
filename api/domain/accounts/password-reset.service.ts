import { RateLimitedError, ValidationError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { isTokenUsable, mailboxOf, PASSWORD_RESET_TOKEN_TTL_MS } from './accounts.rules.ts';
import { requestPasswordResetInput, resetPasswordInput } from './accounts.schemas.ts';
import { passwordResetMail } from './accounts.mails.ts';
import type { AccountsDeps } from './accounts.service.ts';
import { issueEmailToken, sha256 } from './email-tokens.ts';
import { hashPassword } from './password.ts';
import { revokeAllSessions } from './sessions.service.ts';
import { PASSWORD_CHANGED } from './security.service.ts';
import { tellSecurityChange } from '../notifications/security-notice.ts';

// Forgot password (issue 25): a mailed, single-use, short-lived link to /auth/reset-password, made
// and checked like the verification link (email-tokens.ts), limited like a verification resend
// (docs/decisions.md "Forgot password").

const REQUEST_MESSAGE = 'If an account exists for this email, a link to reset its password has been sent.';
const RESET_MESSAGE = 'Your password has been reset. You can now log in with it.';
const INVALID_RESET_TOKEN = 'This reset link is invalid or has expired. Please ask for a new one.';

/**
 * Mails a reset link. The answer is the same whether or not the account exists, so the form cannot
 * tell who is registered; the resend limits (per client address, per mailbox) apply, on counters of
 * their own so that resetting does not use up verification resends.
 */
export async function requestPasswordReset(deps: AccountsDeps, rawInput: unknown, appUrl: string, clientIp: string) {
  const { email } = parseInput(requestPasswordResetInput, rawInput);
  const { perIp, perEmail, windowMs } = deps.limits.resend;
  const byIp = await deps.limiter.hit(`reset:ip:${clientIp}`, perIp, windowMs);
  if (!byIp.allowed) throw new RateLimitedError(byIp.retryAfterSeconds);
  const byMailbox = await deps.limiter.hit(`reset:mailbox:${mailboxOf(email)}`, perEmail, windowMs);
  if (!byMailbox.allowed) throw new RateLimitedError(byMailbox.retryAfterSeconds);
  const user = await deps.db.user.findUnique({ where: { email } });
  if (user) {
    const token = await issueEmailToken(deps.db, user.id, 'reset_password', PASSWORD_RESET_TOKEN_TTL_MS, deps.now?.() ?? new Date());
    const link = new URL('/auth/reset-password', appUrl);
    link.searchParams.set('token', token);
    await deps.mailer.send(passwordResetMail({ to: user.email, name: user.name, link: link.toString() }));
  }
  return { message: REQUEST_MESSAGE };
}

/**
 * Sets a new password with a mailed token. The token and every other reset token of the account
 * stop working; every session of the account ends (whoever held one may be why the owner resets).
 * Opening the link proves the mailbox, so an unverified account becomes verified.
 */
export async function resetPassword(deps: AccountsDeps, rawInput: unknown) {
  const input = parseInput(resetPasswordInput, rawInput);
  const now = deps.now?.() ?? new Date();
  const passwordHash = await hashPassword(input.password);
  const user = await deps.db.$transaction(async (tx) => {
    const token = await tx.emailToken.findUnique({ where: { tokenHash: sha256(input.token) }, include: { user: true } });
    if (!token || token.purpose !== 'reset_password' || !isTokenUsable(token, now)) {
      throw new ValidationError(INVALID_RESET_TOKEN, [], 'INVALID_TOKEN');
    }
    // Guarded, as in verifyEmail: of two racing uses of one token only one finds it unused.
    const used = await tx.emailToken.updateMany({ where: { id: token.id, usedAt: null }, data: { usedAt: now } });
    if (used.count !== 1) throw new ValidationError(INVALID_RESET_TOKEN, [], 'INVALID_TOKEN');
    await tx.emailToken.updateMany({ where: { userId: token.userId, purpose: 'reset_password', usedAt: null }, data: { usedAt: now } });
    return tx.user.update({
      where: { id: token.userId },
      data: { passwordHash, emailVerifiedAt: token.user.emailVerifiedAt ?? now },
    });
  });
  await revokeAllSessions(deps, user.id, { now });
  await tellSecurityChange(deps, PASSWORD_CHANGED(user.id), now);
  return { message: RESET_MESSAGE, user };
}
