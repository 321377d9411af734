import type { Db } from '../../db/database.ts';
import type { Session, User } from '../../db/generated/prisma/client.ts';
import { isSessionLive, SESSION_TTL_MS } from './accounts.rules.ts';

// Login sessions as rows, so the server can end them (logout, password reset). The cookie names a
// row; api/context.ts loads it with its user in one query per request.

export type SessionWithUser = Session & { user: User };

/** Starts a session for `user`. Rows of the user that expired go at the same time. */
export async function createSession(db: Db, userId: string, opts: { userAgent?: string | null; ip?: string | null; now?: Date } = {}) {
  const now = opts.now ?? new Date();
  await db.session.deleteMany({ where: { userId, expiresAt: { lt: now } } });
  return db.session.create({
    data: {
      userId,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      // Kept for the user's (and an administrator's) view of where they are logged in; bounded.
      userAgent: opts.userAgent ? opts.userAgent.slice(0, 512) : null,
      ip: opts.ip && opts.ip !== 'unknown' ? opts.ip.slice(0, 64) : null,
    },
  });
}

/** The session a cookie names, with its user, or null unless it is live and belongs to `userId`. */
export async function liveSession(db: Db, claims: { sessionId: string; userId: string }, now = new Date()): Promise<SessionWithUser | null> {
  const session = await db.session.findUnique({ where: { id: claims.sessionId }, include: { user: true } });
  return session && session.userId === claims.userId && isSessionLive(session, now) ? session : null;
}

/** Extends a live session (same row); answers the new expiry, or null when it was ended meanwhile. */
export async function renewSession(db: Db, sessionId: string, now = new Date()): Promise<Date | null> {
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  // Guarded: a logout that happened between reading and renewing stays a logout.
  const { count } = await db.session.updateMany({ where: { id: sessionId, revokedAt: null, expiresAt: { gt: now } }, data: { expiresAt } });
  return count === 1 ? expiresAt : null;
}

/** Ends one session (logout). */
export async function revokeSession(db: Db, sessionId: string, now = new Date()) {
  await db.session.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: now } });
}

/**
 * Ends every session of a user, except `exceptSessionId` (the one that changed the password keeps
 * going). Called whenever the password changes.
 */
export async function revokeAllSessions(db: Db, userId: string, opts: { exceptSessionId?: string; now?: Date } = {}) {
  await db.session.updateMany({
    where: { userId, revokedAt: null, ...(opts.exceptSessionId ? { id: { not: opts.exceptSessionId } } : {}) },
    data: { revokedAt: opts.now ?? new Date() },
  });
}
