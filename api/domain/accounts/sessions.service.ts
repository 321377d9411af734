import type { Db, SqlReader } from '../../db/database.ts';
import { Prisma, type User } from '../../db/generated/prisma/client.ts';
import type { EventPublisher } from '../../events/events.ts';
import { SESSION_TTL_MS } from './accounts.rules.ts';

// Login sessions as rows, so the server can end them (logout, password reset). The cookie names a
// row; api/context.ts loads it with its user in one query per request.

/** Starts a session for `user`. Rows of the user that expired go at the same time. */
export async function createSession(db: Db, userId: string, opts: { userAgent?: string | null; ip?: string | null; now?: Date } = {}) {
  const now = opts.now ?? new Date();
  await db.session.deleteMany({ where: { userId, expiresAt: { lt: now } } });
  const session = await db.session.create({
    data: {
      userId,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      // Kept for the user's (and an administrator's) view of where they are logged in; bounded.
      userAgent: opts.userAgent ? opts.userAgent.slice(0, 512) : null,
      ip: opts.ip && opts.ip !== 'unknown' ? opts.ip.slice(0, 64) : null,
      lastSeenAt: now,
    },
  });
  // Just seen: its first requests need not write it again.
  lastSeenWritten.set(session.id, now.getTime());
  return session;
}

/**
 * The user of the session a cookie names, or null unless that session is live and theirs. One SQL
 * statement (the session is a filter on the user), as cheap as reading the user alone.
 */
export async function userOfLiveSession(sql: SqlReader, claims: { sessionId: string; userId: string }, now = new Date()): Promise<User | null> {
  // Every logged-in request runs this: plain SQL through the driver (Database.sql), the same row as
  // Prisma's findFirst (every column of the model, Decimal and Date values; sessions.service.test.ts
  // compares them), without Prisma's per-statement work, most of the CPU of a logged-in read
  // (docs/performance.md "Per-request overhead"). Instants are read as UTC (`AT TIME ZONE`): the
  // driver would read a bare timestamp in the process's own zone.
  const rows = await sql.query<Omit<User, 'rating'> & { rating: string | null }>(Prisma.sql`
    SELECT u.id, u.name, u.email, u.username, u."passwordHash", u."emailVerifiedAt" AT TIME ZONE 'UTC' AS "emailVerifiedAt", u."isAdmin",
      u."dueDiligenceStatus"::text AS "dueDiligenceStatus", u."profileImage", u."sessionVersion", u.rating::text AS rating,
      u."reviewCount", u."tradeCount", u."completedSales", u."lastActiveAt" AT TIME ZONE 'UTC' AS "lastActiveAt",
      u."deletedAt" AT TIME ZONE 'UTC' AS "deletedAt",
      u."createdAt" AT TIME ZONE 'UTC' AS "createdAt", u."updatedAt" AT TIME ZONE 'UTC' AS "updatedAt"
    FROM "User" u JOIN "Session" s ON s."userId" = u.id
    WHERE u.id = ${claims.userId} AND s.id = ${claims.sessionId} AND s."revokedAt" IS NULL AND s."expiresAt" > ${now}
    LIMIT 1`);
  const row = rows[0];
  return row ? { ...row, rating: row.rating === null ? null : new Prisma.Decimal(row.rating) } : null;
}

/** Extends a live session (same row); answers the new expiry, or null when it was ended meanwhile. */
export async function renewSession(db: Db, sessionId: string, now = new Date()): Promise<Date | null> {
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  // Guarded: a logout that happened between reading and renewing stays a logout.
  const { count } = await db.session.updateMany({ where: { id: sessionId, revokedAt: null, expiresAt: { gt: now } }, data: { expiresAt } });
  return count === 1 ? expiresAt : null;
}

/** What ending a session needs: the row, and the event that closes its live connections. */
export interface SessionDeps {
  db: Db;
  events: EventPublisher;
}

/**
 * Ends one session (logout). Its WebSocket connections close on every instance
 * (api/events/live-sessions.ts hears `sessionEnded`), so its subscriptions stop delivering what
 * only the user may see.
 *
 * `replaced`: a login over the session ends it, and only the browser logging in holds its cookie;
 * that browser restarts its socket after the login itself. Closing the socket from here would make
 * the web app fetch its viewer with the old cookie while the login's answer is on its way, and
 * that fetch's answer (which clears a dead cookie) could land after the new cookie and log the user
 * out again. Its deliveries are still refused (each is checked against the session).
 */
export async function revokeSession(deps: SessionDeps, sessionId: string, opts: { replaced?: boolean; now?: Date } = {}) {
  await deps.db.session.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: opts.now ?? new Date() } });
  if (!opts.replaced) deps.events.publish('sessionEnded', { sessionId });
}

/**
 * Ends every session of a user, except `exceptSessionId` (the one that changed the password keeps
 * going). Called whenever the password changes. Their connections close as in revokeSession.
 */
export async function revokeAllSessions(deps: SessionDeps, userId: string, opts: { exceptSessionId?: string; now?: Date } = {}) {
  await deps.db.session.updateMany({
    where: { userId, revokedAt: null, ...(opts.exceptSessionId ? { id: { not: opts.exceptSessionId } } : {}) },
    data: { revokedAt: opts.now ?? new Date() },
  });
  deps.events.publish('sessionEnded', { userId, exceptSessionId: opts.exceptSessionId ?? null });
}

/**
 * Which of `sessionIds` are live (not revoked, not expired): one statement for any number, so the
 * check of every open connection's session (api/websocket.ts) costs one query, not one per socket.
 */
export async function liveSessionIds(sql: SqlReader, sessionIds: readonly string[], now = new Date()): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await sql.query<{ id: string }>(Prisma.sql`
    SELECT s.id FROM "Session" s WHERE s.id IN (${Prisma.join(sessionIds)}) AND s."revokedAt" IS NULL AND s."expiresAt" > ${now}`);
  return new Set(rows.map((r) => r.id));
}

/** How stale a session's lastSeenAt may get: its user's list shows "last seen" to the minute or so. */
export const LAST_SEEN_RESOLUTION_MS = 60_000;
// Sessions this process wrote lastSeenAt for, and when: a busy session costs one write a minute,
// not one per request. Each instance keeps its own (at worst one write a minute per instance);
// cleared whole when large, which costs one extra write per session.
const lastSeenWritten = new Map<string, number>();

/** Notes that `sessionId` was used now, unless it was noted within the last minute. Never throws. */
export function noteSessionSeen(db: Db, sessionId: string, onError: (err: unknown) => void, now = new Date()): void {
  const t = now.getTime();
  const last = lastSeenWritten.get(sessionId);
  if (last !== undefined && t - last < LAST_SEEN_RESOLUTION_MS) return;
  if (lastSeenWritten.size > 50_000) lastSeenWritten.clear();
  lastSeenWritten.set(sessionId, t);
  // Guarded: another instance that wrote it within the minute makes this a no-op.
  db.session
    .updateMany({ where: { id: sessionId, lastSeenAt: { lt: new Date(t - LAST_SEEN_RESOLUTION_MS) } }, data: { lastSeenAt: now } })
    .catch(onError);
}
