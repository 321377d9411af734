import DataLoader from 'dataloader';
import type { SqlReader } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { liveSessionIds } from '../domain/accounts/sessions.service.ts';
import type { EventBus } from './event-bus.ts';
import type { SessionEndedEvent } from './events.ts';

/** What a connection authenticated by a session must be able to do: be closed. */
export interface SessionConnection {
  close(code: number, reason: string): void;
}

/**
 * The close of a connection whose session ended (logout, a new password, an administrator's
 * reset). 4403 ("Forbidden" in graphql-ws) is not fatal to the graphql-ws client: it reconnects,
 * now without a live session, so public subscriptions go on and private ones are refused one by
 * one (web/relay/environment.ts tells the app the session ended).
 */
export const SESSION_ENDED = { code: 4403, reason: 'Session ended' } as const;

/** How often every open connection's session is checked, in case its end was never heard. */
export const SESSION_SWEEP_MS = 60_000;

/**
 * The open connections of this process by the session that authenticated them, so that ending a
 * session ends its subscriptions on every instance (docs/decisions.md "Subscriptions end with
 * their session"):
 * - `sessionEnded` (published by api/domain/accounts/sessions.service.ts, through Redis to every
 *   instance) closes them at once;
 * - `admits` re-checks the session before each delivery, one batched query for every delivery of
 *   the moment, for an end that was never published (an administrator reset by ADMIN_PASSWORD at
 *   the start of another instance) or lost (Redis away);
 * - a sweep every SESSION_SWEEP_MS closes idle connections whose session ended or expired.
 */
export function liveSessions(opts: { events: EventBus; sql: SqlReader; logger?: Logger; sweepMs?: number }) {
  const bySession = new Map<string, { userId: string; connections: Set<SessionConnection> }>();
  const sessionOf = new Map<SessionConnection, string>();

  const live = new DataLoader<string, boolean>(
    async (ids) => {
      const found = await liveSessionIds(opts.sql, ids);
      return ids.map((id) => found.has(id));
    },
    { cache: false, maxBatchSize: 1000 },
  );

  function end(connection: SessionConnection) {
    forget(connection);
    connection.close(SESSION_ENDED.code, SESSION_ENDED.reason);
  }

  function forget(connection: SessionConnection) {
    const sessionId = sessionOf.get(connection);
    if (sessionId === undefined) return;
    sessionOf.delete(connection);
    const entry = bySession.get(sessionId);
    entry?.connections.delete(connection);
    if (entry && entry.connections.size === 0) bySession.delete(sessionId);
  }

  function ended(event: SessionEndedEvent) {
    const endedIds =
      'sessionId' in event
        ? [event.sessionId]
        : [...bySession].filter(([id, entry]) => entry.userId === event.userId && id !== event.exceptSessionId).map(([id]) => id);
    for (const id of endedIds) for (const connection of [...(bySession.get(id)?.connections ?? [])]) end(connection);
  }

  const heard = opts.events.subscribe('sessionEnded')[Symbol.asyncIterator]();
  void (async () => {
    for (;;) {
      const next = await heard.next();
      if (next.done) return;
      ended(next.value as SessionEndedEvent);
    }
  })().catch((err: unknown) => opts.logger?.warn({ err }, 'live sessions: listening for ended sessions failed'));

  async function sweep() {
    const ids = [...bySession.keys()];
    if (!ids.length) return;
    const found = await liveSessionIds(opts.sql, ids);
    for (const id of ids) if (!found.has(id)) for (const connection of [...(bySession.get(id)?.connections ?? [])]) end(connection);
  }
  const sweeper = setInterval(() => sweep().catch((err: unknown) => opts.logger?.warn({ err }, 'live sessions: sweep failed')), opts.sweepMs ?? SESSION_SWEEP_MS);
  sweeper.unref();

  return {
    /** Notes that `connection` runs operations as this session (its cookie at the upgrade). */
    track(connection: SessionConnection, session: { sessionId: string; userId: string }) {
      if (sessionOf.get(connection) === session.sessionId) return;
      forget(connection);
      sessionOf.set(connection, session.sessionId);
      let entry = bySession.get(session.sessionId);
      if (!entry) bySession.set(session.sessionId, (entry = { userId: session.userId, connections: new Set() }));
      entry.connections.add(connection);
    },
    /** The connection closed. */
    forget,
    /**
     * Whether a delivery to `connection` may go out: `live` when its session still is; `ended`
     * when not (the connection is closed with SESSION_ENDED); `unknown` when the check failed (the
     * database away): that delivery is dropped, the subscription goes on.
     */
    async check(connection: SessionConnection, sessionId: string): Promise<'live' | 'ended' | 'unknown'> {
      if (sessionOf.get(connection) !== sessionId) return 'ended';
      try {
        if (await live.load(sessionId)) return 'live';
      } catch (err) {
        opts.logger?.warn({ err }, 'live sessions: checking a session before a delivery failed');
        return 'unknown';
      }
      end(connection);
      return 'ended';
    },
    /** Open connections with a session (tests). */
    get size() {
      return sessionOf.size;
    },
    sweep,
    async close() {
      clearInterval(sweeper);
      await heard.return?.();
    },
  };
}

export type LiveSessions = ReturnType<typeof liveSessions>;
