import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabases, type TestDatabase } from '../../test/databases.ts';
import { makeUser } from '../../test/market-fixtures.ts';
import { memoryEventBus } from '../../events/event-bus.ts';
import type { SessionEndedEvent } from '../../events/events.ts';
import { createSession, liveSessionIds, revokeAllSessions, revokeSession, userOfLiveSession } from './sessions.service.ts';

// The session check of every logged-in request reads the user with plain SQL (Database.sql): it must
// be exactly Prisma's row, whatever the process's time zone, and nothing for a session that is not live.

describe.each(testDatabases())('userOfLiveSession (%s)', (kind) => {
  let database: TestDatabase;
  const zone = process.env.TZ;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.destroy());
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it("is Prisma's row of the user, in any time zone of the process", async () => {
    const db = database.prisma;
    const user = await makeUser(db, `tz${kind}`, { rating: '4.37', reviewCount: 3, dueDiligenceStatus: 'approved' });
    await db.user.update({ where: { id: user.id }, data: { lastActiveAt: new Date(Date.UTC(2026, 10, 20, 23, 59, 58, 123)), profileImage: 'https://img.example/p.png' } });
    const session = await createSession(db, user.id);
    for (const tz of ['UTC', 'America/New_York', 'Asia/Kolkata']) {
      process.env.TZ = tz;
      const row = await userOfLiveSession(database.sql, { sessionId: session.id, userId: user.id });
      expect(row).toEqual(await db.user.findUnique({ where: { id: user.id } }));
      expect(row!.rating!.toFixed(2)).toBe('4.37');
    }
    const unrated = await makeUser(db, `unrated${kind}`, { rating: null });
    const other = await createSession(db, unrated.id);
    expect(await userOfLiveSession(database.sql, { sessionId: other.id, userId: unrated.id })).toEqual(await db.user.findUnique({ where: { id: unrated.id } }));
  });

  it('is null for a revoked, expired or someone else’s session', async () => {
    const db = database.prisma;
    const user = await makeUser(db, `ended${kind}`);
    const other = await makeUser(db, `other${kind}`);
    const revoked = await createSession(db, user.id);
    await revokeSession({ db, events: memoryEventBus() }, revoked.id);
    expect(await userOfLiveSession(database.sql, { sessionId: revoked.id, userId: user.id })).toBeNull();
    const live = await createSession(db, user.id);
    expect(await userOfLiveSession(database.sql, { sessionId: live.id, userId: other.id })).toBeNull();
    // Just past its expiry (read an hour after it, in a zone far from UTC).
    process.env.TZ = 'Pacific/Auckland';
    expect(await userOfLiveSession(database.sql, { sessionId: live.id, userId: user.id }, new Date(live.expiresAt.getTime() + 3600_000))).toBeNull();
    expect(await userOfLiveSession(database.sql, { sessionId: live.id, userId: user.id }, new Date(live.expiresAt.getTime() - 3600_000))).not.toBeNull();
  });
});

// Ending a session tells every instance (api/events/live-sessions.ts closes its sockets).
describe.each(testDatabases())('ending sessions (%s)', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.destroy());

  it('publishes sessionEnded for one session and for every session of a user but one, not for one a login replaced', async () => {
    const db = database.prisma;
    const events = memoryEventBus();
    const heard: SessionEndedEvent[] = [];
    const listening = events.subscribe('sessionEnded')[Symbol.asyncIterator]();
    const next = async () => heard.push((await listening.next()).value as SessionEndedEvent);

    const user = await makeUser(db, `ending${kind}`);
    const [a, b, c] = [await createSession(db, user.id), await createSession(db, user.id), await createSession(db, user.id)];
    const waiting = next();
    await revokeSession({ db, events }, a.id);
    await waiting;
    expect(heard).toEqual([{ sessionId: a.id }]);
    expect(await liveSessionIds(database.sql, [a.id, b.id, c.id])).toEqual(new Set([b.id, c.id]));

    // A session replaced by a login ends without the event (its browser restarts its own socket).
    const d = await createSession(db, user.id);
    await revokeSession({ db, events }, d.id, { replaced: true });
    expect(await liveSessionIds(database.sql, [d.id])).toEqual(new Set());

    const again = next();
    await revokeAllSessions({ db, events }, user.id, { exceptSessionId: c.id });
    await again;
    expect(heard[1]).toEqual({ userId: user.id, exceptSessionId: c.id });
    expect(await liveSessionIds(database.sql, [a.id, b.id, c.id])).toEqual(new Set([c.id]));
    expect(await liveSessionIds(database.sql, [])).toEqual(new Set());
    await listening.return?.();
  });
});
