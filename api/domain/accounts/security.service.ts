import type { User } from '../../db/generated/prisma/client.ts';
import { AuthenticationError, NotFoundError, RateLimitedError, ValidationError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { canManageSession } from '../policies.ts';
import type { AccountsDeps } from './accounts.service.ts';
import { changePasswordInput } from './accounts.schemas.ts';
import { deviceName } from './device.rules.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { revokeAllSessions, revokeSession } from './sessions.service.ts';
import { tellSecurityChange } from '../notifications/security-notice.ts';

// The profile's Security section: the viewer's own login sessions (list, end one, end all the
// others) and changing the password. Sessions are the rows of sessions.service.ts; ending one
// there closes its sockets on every instance, so this file only decides who may end what.

/** One login session as its user sees it. */
export interface SessionView {
  id: string;
  device: string;
  ip: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  /** The session of the request asking (this browser). */
  current: boolean;
}

type Viewer = Pick<User, 'id'> | null;

function requireViewer<V extends Viewer>(viewer: V): NonNullable<V> {
  if (!viewer) throw new AuthenticationError();
  return viewer as NonNullable<V>;
}

/** The viewer's live sessions, the most recently used first. */
export async function listOwnSessions(deps: Pick<AccountsDeps, 'db' | 'now'>, viewer: Viewer, currentSessionId: string | null): Promise<SessionView[]> {
  const user = requireViewer(viewer);
  const now = deps.now?.() ?? new Date();
  const rows = await deps.db.session.findMany({
    where: { userId: user.id, revokedAt: null, expiresAt: { gt: now } },
    orderBy: [{ lastSeenAt: 'desc' }, { id: 'desc' }],
    take: 100,
  });
  return rows.map((s) => ({ id: s.id, device: deviceName(s.userAgent), ip: s.ip, createdAt: s.createdAt, lastSeenAt: s.lastSeenAt, current: s.id === currentSessionId }));
}

const SESSION_NOT_FOUND = 'No such session';

/**
 * Ends one of the viewer's sessions ("Sign out" on its row). Someone else's session answers as one
 * that does not exist. Ending the current one is a logout; the caller clears its cookie.
 */
export async function endOwnSession(deps: Pick<AccountsDeps, 'db' | 'events'>, viewer: Viewer, sessionId: string) {
  const user = requireViewer(viewer);
  const session = await deps.db.session.findFirst({ where: { id: sessionId, revokedAt: null }, select: { id: true, userId: true } });
  if (!session || !canManageSession(user, session)) throw new NotFoundError(SESSION_NOT_FOUND, 'SESSION_NOT_FOUND');
  await revokeSession(deps, session.id);
  return { message: 'Session signed out' };
}

/** "Sign out everywhere else": every session of the viewer but the one asking. */
export async function endOtherSessions(deps: Pick<AccountsDeps, 'db' | 'events'>, viewer: Viewer, currentSessionId: string | null) {
  const user = requireViewer(viewer);
  await revokeAllSessions(deps, user.id, currentSessionId ? { exceptSessionId: currentSessionId } : {});
  return { message: 'Signed out everywhere else' };
}

/** What the account's owner is told when its password changed, by them or by a reset link. */
export const PASSWORD_CHANGED = (userId: string) => ({
  userId,
  title: 'Your password was changed',
  body: 'The password of your DATA PIT account was changed and every other session was signed out. If this was not you, reset your password now and contact support.',
  link: '/auth/forgot-password',
});

/**
 * Changes the viewer's password: the current one is required (a borrowed, unlocked browser is not
 * enough to take the account), the new one follows the registration rules. Every other session
 * ends; the one that changed it keeps going. Wrong guesses count against the same per-account limit
 * as failed logins.
 */
export async function changePassword(deps: AccountsDeps, viewer: User | null, currentSessionId: string | null, rawInput: unknown) {
  const user = requireViewer(viewer);
  const input = parseInput(changePasswordInput, rawInput);
  const { perAccount, windowMs } = deps.limits.login;
  const key = `change-password:account:${user.id}`;
  const limit = await deps.limiter.hit(key, perAccount, windowMs);
  if (!limit.allowed) throw new RateLimitedError(limit.retryAfterSeconds, 'Too many attempts. Please try again later.');
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new ValidationError('Current password is incorrect', [{ field: 'currentPassword', message: 'Current password is incorrect' }], 'WRONG_CURRENT_PASSWORD');
  }
  await deps.limiter.reset(key);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.user.update({ where: { id: user.id }, data: { passwordHash } });
  await revokeAllSessions(deps, user.id, currentSessionId ? { exceptSessionId: currentSessionId } : {});
  await tellSecurityChange(deps, PASSWORD_CHANGED(user.id));
  return { message: 'Password changed. Every other session has been signed out.' };
}
