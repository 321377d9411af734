import { describe, expect, it } from 'vitest';
import type { SqlReader } from '../db/database.ts';
import { memoryEventBus } from './event-bus.ts';
import { liveSessions, SESSION_ENDED, type SessionConnection } from './live-sessions.ts';

// The bookkeeping of api/events/live-sessions.ts without a database: which connections close
// when which sessions end. (api/domain/accounts/sessions.live.test.ts runs it through real sockets.)

function connection(): SessionConnection & { closed: Array<{ code: number; reason: string }> } {
  const closed: Array<{ code: number; reason: string }> = [];
  return { closed, close: (code, reason) => void closed.push({ code, reason }) };
}

/** A database whose live sessions are `live` (statements counted; `failing` makes them throw). */
function sessionsTable(live: Set<string>) {
  const state = { statements: 0, failing: false };
  const sql: SqlReader = {
    async query<T>(statement: { values: unknown[] }) {
      state.statements += 1;
      if (state.failing) throw new Error('database away');
      return statement.values.filter((v): v is string => typeof v === 'string' && live.has(v)).map((id) => ({ id })) as T[];
    },
  } as SqlReader;
  return { sql, state };
}

const tick = () => new Promise((r) => setTimeout(r, 10));

describe('liveSessions', () => {
  it('closes the connections of one ended session, or of every session of a user but the one kept', async () => {
    const events = memoryEventBus();
    const { sql } = sessionsTable(new Set());
    const sessions = liveSessions({ events, sql });
    const [a1, a2, b, c, other] = [connection(), connection(), connection(), connection(), connection()];
    sessions.track(a1, { sessionId: 'a', userId: 'ann' });
    sessions.track(a2, { sessionId: 'a', userId: 'ann' });
    sessions.track(b, { sessionId: 'b', userId: 'ann' });
    sessions.track(c, { sessionId: 'c', userId: 'ann' });
    sessions.track(other, { sessionId: 'o', userId: 'otto' });
    await tick();

    events.publish('sessionEnded', { sessionId: 'a' });
    await tick();
    expect([a1.closed, a2.closed]).toEqual([[SESSION_ENDED], [SESSION_ENDED]]);
    expect([b.closed, c.closed, other.closed]).toEqual([[], [], []]);

    events.publish('sessionEnded', { userId: 'ann', exceptSessionId: 'c' });
    await tick();
    expect([b.closed, c.closed, other.closed]).toEqual([[SESSION_ENDED], [], []]);
    expect(sessions.size).toBe(2);
    sessions.forget(c);
    expect(sessions.size).toBe(1);
    await sessions.close();
  });

  it('checks a delivery against the database, many at once in one statement; a failed check drops only that delivery', async () => {
    const { sql, state } = sessionsTable(new Set(['live']));
    const sessions = liveSessions({ events: memoryEventBus(), sql, logger: { warn: () => {} } as never });
    const crowd = Array.from({ length: 50 }, () => connection());
    crowd.forEach((conn) => sessions.track(conn, { sessionId: 'live', userId: 'ann' }));
    const dead = connection();
    sessions.track(dead, { sessionId: 'gone', userId: 'bob' });

    const verdicts = await Promise.all([...crowd, dead].map((conn, i) => sessions.check(conn, i < crowd.length ? 'live' : 'gone')));
    expect(state.statements).toBe(1);
    expect(verdicts.slice(0, 50).every((v) => v === 'live')).toBe(true);
    expect(verdicts[50]).toBe('ended');
    expect(dead.closed).toEqual([SESSION_ENDED]);
    // A connection whose session is not the one it runs as is not delivered to.
    expect(await sessions.check(crowd[0]!, 'gone')).toBe('ended');

    state.failing = true;
    expect(await sessions.check(crowd[1]!, 'live')).toBe('unknown');
    expect(crowd[1]!.closed).toEqual([]);
    await sessions.close();
  });

  it('the sweep closes the connections whose session is no longer live', async () => {
    const live = new Set(['kept', 'ending']);
    const { sql } = sessionsTable(live);
    const sessions = liveSessions({ events: memoryEventBus(), sql });
    const [kept, ending] = [connection(), connection()];
    sessions.track(kept, { sessionId: 'kept', userId: 'ann' });
    sessions.track(ending, { sessionId: 'ending', userId: 'bob' });
    live.delete('ending');
    await sessions.sweep();
    expect([kept.closed, ending.closed]).toEqual([[], [SESSION_ENDED]]);
    await sessions.close();
  });
});
