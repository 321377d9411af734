import type { User } from '../../db/generated/prisma/client.ts';
import { AuthenticationError, ConflictError, RateLimitedError, ValidationError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { EMAIL_CHANGE_TOKEN_TTL_MS, isTokenUsable, mailboxOf } from './accounts.rules.ts';
import { changeEmailInput, confirmEmailChangeInput } from './accounts.schemas.ts';
import { emailChangeConfirmMail, emailChangedMail, emailChangeRequestedMail } from './accounts.mails.ts';
import type { AccountsDeps } from './accounts.service.ts';
import { issueEmailToken, sha256 } from './email-tokens.ts';
import { reauthenticate } from './reauthenticate.ts';

// Changing the email (issue 25): the password again, then a single-use link mailed to the NEW
// address; the change is made only when it is opened, and the OLD address is told both times
// (docs/decisions.md "Issue 25: account settings").

const EMAIL_TAKEN = 'An account with this email already exists';
const INVALID_LINK = 'This confirmation link is invalid or has expired. Please ask for the change again from your profile.';

/** A change waiting for its link: where to, and until when. */
export interface PendingEmailChange {
  newEmail: string;
  expiresAt: Date;
}

function requireViewer(viewer: User | null): User {
  if (!viewer) throw new AuthenticationError();
  return viewer;
}

/**
 * Asks to move the viewer's account to `newEmail`. Limited like a verification resend (per account
 * and per target mailbox), so the form cannot mail a stranger's inbox repeatedly. A newer request
 * replaces an older one (its link stops working).
 */
export async function requestEmailChange(deps: AccountsDeps, viewer: User | null, rawInput: unknown, appUrl: string) {
  const user = requireViewer(viewer);
  const input = parseInput(changeEmailInput, rawInput);
  const { perIp, perEmail, windowMs } = deps.limits.resend;
  const byAccount = await deps.limiter.hit(`change-email:requests:${user.id}`, perIp, windowMs);
  if (!byAccount.allowed) throw new RateLimitedError(byAccount.retryAfterSeconds);
  const byMailbox = await deps.limiter.hit(`change-email:mailbox:${mailboxOf(input.newEmail)}`, perEmail, windowMs);
  if (!byMailbox.allowed) throw new RateLimitedError(byMailbox.retryAfterSeconds);
  await reauthenticate(deps, user, input.password, 'change-email');
  if (input.newEmail === user.email) {
    throw new ValidationError('This is already your email', [{ field: 'newEmail', message: 'This is already your email' }], 'SAME_EMAIL');
  }
  if (await deps.db.user.findUnique({ where: { email: input.newEmail }, select: { id: true } })) throw new ConflictError(EMAIL_TAKEN, 'EMAIL_TAKEN');
  const now = deps.now?.() ?? new Date();
  await cancelPending(deps, user.id, now);
  const token = await issueEmailToken(deps.db, user.id, 'change_email', EMAIL_CHANGE_TOKEN_TTL_MS, now, { newEmail: input.newEmail });
  const link = new URL('/auth/confirm-email-change', appUrl);
  link.searchParams.set('token', token);
  await deps.mailer.send(emailChangeConfirmMail({ to: input.newEmail, name: user.name, link: link.toString() }));
  await deps.mailer.send(emailChangeRequestedMail({ to: user.email, name: user.name, newEmail: input.newEmail, appUrl }));
  return { message: `We sent a confirmation link to ${input.newEmail}. Your email changes when you open it.`, pending: { newEmail: input.newEmail, expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TOKEN_TTL_MS) } };
}

/**
 * Makes the change with the mailed token. No login needed: the link may be opened on another
 * device; holding it proves the new mailbox. The address is checked again, and the unique index
 * decides between two accounts racing for it.
 */
export async function confirmEmailChange(deps: AccountsDeps, rawInput: unknown, appUrl: string) {
  const input = parseInput(confirmEmailChangeInput, rawInput);
  const now = deps.now?.() ?? new Date();
  const { previous, user } = await deps.db.$transaction(async (tx) => {
    const token = await tx.emailToken.findUnique({ where: { tokenHash: sha256(input.token) }, include: { user: true } });
    if (!token || token.purpose !== 'change_email' || !token.newEmail || token.user.deletedAt || !isTokenUsable(token, now)) {
      throw new ValidationError(INVALID_LINK, [], 'INVALID_TOKEN');
    }
    // Guarded: of two racing uses of one token only one finds it unused.
    const used = await tx.emailToken.updateMany({ where: { id: token.id, usedAt: null }, data: { usedAt: now } });
    if (used.count !== 1) throw new ValidationError(INVALID_LINK, [], 'INVALID_TOKEN');
    if (await tx.user.findUnique({ where: { email: token.newEmail }, select: { id: true } })) throw new ConflictError(EMAIL_TAKEN, 'EMAIL_TAKEN');
    const updated = await tx.user.update({ where: { id: token.userId }, data: { email: token.newEmail, emailVerifiedAt: token.user.emailVerifiedAt ?? now } });
    return { previous: token.user.email, user: updated };
  }).catch((error: unknown) => {
    // Another account took the address between the check and the write: the unique index said no.
    if ((error as { code?: string })?.code === 'P2002') throw new ConflictError(EMAIL_TAKEN, 'EMAIL_TAKEN');
    throw error;
  });
  await deps.mailer.send(emailChangedMail({ to: previous, name: user.name, newEmail: user.email, appUrl }));
  return { message: `Your email is now ${user.email}.`, email: user.email };
}

/** Withdraws the viewer's change waiting for its link (the link stops working). Safe when there is none. */
export async function cancelEmailChange(deps: Pick<AccountsDeps, 'db' | 'now'>, viewer: User | null) {
  const user = requireViewer(viewer);
  await cancelPending(deps, user.id, deps.now?.() ?? new Date());
  return { message: 'The email change was cancelled.' };
}

/** The viewer's change waiting for its link, or null. */
export async function pendingEmailChange(deps: Pick<AccountsDeps, 'db' | 'now'>, viewer: User | null): Promise<PendingEmailChange | null> {
  const user = requireViewer(viewer);
  const now = deps.now?.() ?? new Date();
  const token = await deps.db.emailToken.findFirst({
    where: { userId: user.id, purpose: 'change_email', usedAt: null, expiresAt: { gt: now } },
    orderBy: { createdAt: 'desc' },
  });
  return token?.newEmail ? { newEmail: token.newEmail, expiresAt: token.expiresAt } : null;
}

async function cancelPending(deps: Pick<AccountsDeps, 'db'>, userId: string, now: Date) {
  await deps.db.emailToken.updateMany({ where: { userId, purpose: 'change_email', usedAt: null }, data: { usedAt: now } });
}
