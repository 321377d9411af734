import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signUp, startTestApp, STRONG_PASSWORD, type TestApp } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { ensureAdmin } from './accounts.service.ts';

const DAY_S = 86_400;

// Sessions are rows (docs/decisions.md, "Hardening: sessions, limits and production defaults"): the cookie only names one, so the server can end it.
describe.each(testDatabases())('server-side sessions on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(async () => app?.close());

  /** A request carrying exactly this cookie header, as an attacker who copied it would send it. */
  const withCookie = (cookie: string) => ({
    user: () => app.fetch('/api/auth/user', { headers: { cookie } }),
    viewer: async () => {
      const res = await app.fetch('/graphql', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ viewer { id } }' }),
      });
      return ((await res.json()) as { data: { viewer: unknown } }).data.viewer;
    },
  });

  const login = (client: Client, usernameOrEmail: string, password = STRONG_PASSWORD) =>
    client.json('POST', '/api/auth/login', { usernameOrEmail, password });

  it('a login stores a session row (user, address, user agent, expiry) and the cookie works', async () => {
    await signUp(app, { email: 'row@example.com', username: 'rowan' });
    const client = new Client(app, '10.77.0.1');
    const res = await client.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'PitTest/1.0' },
      body: JSON.stringify({ usernameOrEmail: 'rowan', password: STRONG_PASSWORD }),
    });
    expect(res.status).toBe(200);
    const user = await app.database.prisma.user.findUniqueOrThrow({ where: { username: 'rowan' } });
    const rows = await app.database.prisma.session.findMany({ where: { userId: user.id, ip: '10.77.0.1' } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userAgent: 'PitTest/1.0', revokedAt: null });
    expect(rows[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * DAY_S * 1000);
    expect((await client.json('GET', '/api/auth/user')).status).toBe(200);
  });

  it('logout ends the session on the server: the old cookie reads as logged out', async () => {
    const client = await signUp(app, { email: 'lou@example.com', username: 'lou' });
    const copied = client.cookieHeader;
    expect((await withCookie(copied).user()).status).toBe(200);
    expect((await client.json('POST', '/api/auth/logout')).status).toBe(200);
    const after = await withCookie(copied).user();
    expect(after.status).toBe(401);
    expect(await withCookie(copied).viewer()).toBeNull();
    const user = await app.database.prisma.user.findUniqueOrThrow({ where: { username: 'lou' } });
    const rows = await app.database.prisma.session.findMany({ where: { userId: user.id } });
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
  });

  it("a second session of the same user survives the first one's logout", async () => {
    const first = await signUp(app, { email: 'two@example.com', username: 'twosome' });
    const second = new Client(app);
    expect((await login(second, 'two@example.com')).status).toBe(200);
    await first.json('POST', '/api/auth/logout');
    expect((await second.json('GET', '/api/auth/user')).status).toBe(200);
    expect((await second.gql('{ viewer { username } }')).data.viewer).toEqual({ username: 'twosome' });
  });

  it('logging in again over a session replaces it: the earlier cookie stops working', async () => {
    const client = await signUp(app, { email: 'again@example.com', username: 'again' });
    const earlier = client.cookieHeader;
    expect((await login(client, 'again')).status).toBe(200);
    expect(client.cookieHeader).not.toBe(earlier);
    expect((await withCookie(earlier).user()).status).toBe(401);
    expect((await client.json('GET', '/api/auth/user')).status).toBe(200);
  });

  it('logout without a session is harmless', async () => {
    const res = await new Client(app).json('POST', '/api/auth/logout');
    expect(res.status).toBe(200);
  });

  it('resetting the administrator password (ensureAdmin at start) ends every session of the administrator', async () => {
    await ensureAdmin(app.database.prisma, { email: 'root@example.com', password: 'Adm1n#Secret' });
    const desk = new Client(app);
    const laptop = new Client(app);
    for (const c of [desk, laptop]) {
      expect((await c.json('POST', '/api/auth/login', { email: 'root@example.com', password: 'Adm1n#Secret' })).status).toBe(200);
    }
    // A restart with the same password keeps everyone logged in.
    await ensureAdmin(app.database.prisma, { email: 'root@example.com', password: 'Adm1n#Secret' });
    expect((await desk.json('GET', '/api/auth/user')).status).toBe(200);
    const copied = laptop.cookieHeader;
    await ensureAdmin(app.database.prisma, { email: 'root@example.com', password: 'N3w#AdminPass' });
    expect((await withCookie(copied).user()).status).toBe(401);
    expect((await desk.json('GET', '/api/auth/user')).status).toBe(401);
    expect((await desk.json('POST', '/api/auth/login', { email: 'root@example.com', password: 'N3w#AdminPass' })).status).toBe(200);
    expect((await desk.json('GET', '/api/auth/user')).status).toBe(200);
  });

  it('making an existing user the administrator (a new password) ends their sessions', async () => {
    const client = await signUp(app, { email: 'promoted@example.com', username: 'promoted' });
    await ensureAdmin(app.database.prisma, { email: 'promoted@example.com', password: 'Adm1n#Secret' });
    expect((await client.json('GET', '/api/auth/user')).status).toBe(401);
  });

  it('authenticating a request costs one query: the session with its user', async () => {
    const queries: string[] = [];
    const counted = await startTestApp(kind, {}, { onQuery: (sql) => queries.push(sql) });
    try {
      const client = await signUp(counted, { email: 'count@example.com', username: 'counter' });
      await client.gql('{ __typename }'); // records the user's activity (at most every few minutes)
      await new Promise((resolve) => setTimeout(resolve, 200));
      queries.length = 0;
      const res = await client.gql('{ __typename }');
      expect(res.data).toEqual({ __typename: 'Query' });
      expect(queries.filter((q) => !/^(BEGIN|COMMIT|ROLLBACK)/i.test(q.trim()))).toHaveLength(1);
      expect(queries.join('\n')).toMatch(/"Session"/);
    } finally {
      await counted.close();
    }
  });

  describe('cookies the server did not issue for a live session', () => {
    let userId = '';
    let sessionId = '';
    const sign = (claims: Record<string, unknown>, sub: string, iat: number, exp: number) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setIssuedAt(iat).setExpirationTime(exp).sign(app.config.sessionSecret);
    const now = () => Math.floor(Date.now() / 1000);

    beforeAll(async () => {
      await signUp(app, { email: 'cookie@example.com', username: 'cookie' });
      userId = (await app.database.prisma.user.findUniqueOrThrow({ where: { username: 'cookie' } })).id;
      sessionId = (await app.database.prisma.session.findFirstOrThrow({ where: { userId } })).id;
    });

    it('a cookie without a session id (issued before sessions were stored) is no session, and is cleared', async () => {
      const res = await withCookie(`pit_session=${await sign({ sv: 0 }, userId, now(), now() + DAY_S)}`).user();
      expect(res.status).toBe(401);
      expect(res.headers.getSetCookie()[0]).toMatch(/^pit_session=;.*Max-Age=0/);
    });

    it("a session id with someone else's user id is refused", async () => {
      const other = await ensureAdmin(app.database.prisma, { email: 'other-admin@example.com', password: 'Adm1n#Secret' });
      const res = await withCookie(`pit_session=${await sign({ sid: sessionId }, other.id, now(), now() + DAY_S)}`).user();
      expect(res.status).toBe(401);
    });

    it('a session past its expiry is refused even if the token is not', async () => {
      const token = await sign({ sid: sessionId }, userId, now(), now() + DAY_S);
      expect((await withCookie(`pit_session=${token}`).user()).status).toBe(200);
      await app.database.prisma.session.update({ where: { id: sessionId }, data: { expiresAt: new Date(Date.now() - 1000) } });
      expect((await withCookie(`pit_session=${token}`).user()).status).toBe(401);
    });

    it('renewal re-issues the cookie of a session older than a day and extends the same row', async () => {
      const client = await signUp(app, { email: 'renew@example.com', username: 'renewer' });
      const user = await app.database.prisma.user.findUniqueOrThrow({ where: { username: 'renewer' } });
      const row = await app.database.prisma.session.findFirstOrThrow({ where: { userId: user.id } });
      const shortened = new Date(Date.now() + 2 * DAY_S * 1000);
      await app.database.prisma.session.update({ where: { id: row.id }, data: { expiresAt: shortened } });
      const old = await withCookie(`pit_session=${await sign({ sid: row.id }, user.id, now() - 5 * DAY_S, now() + 2 * DAY_S)}`).user();
      expect(old.status).toBe(200);
      const renewed = old.headers.getSetCookie()[0]!;
      expect(renewed).toMatch(/^pit_session=ey/);
      const after = await app.database.prisma.session.findMany({ where: { userId: user.id } });
      expect(after).toHaveLength(1);
      expect(after[0]!.expiresAt.getTime()).toBeGreaterThan(shortened.getTime() + 4 * DAY_S * 1000);
      // The renewed cookie names the same session: logging it out ends the original cookie too.
      const fresh = await app.fetch('/api/auth/user', { headers: { cookie: client.cookieHeader } });
      expect(fresh.headers.getSetCookie()).toEqual([]);
      await app.fetch('/api/auth/logout', { method: 'POST', headers: { cookie: renewed.split(';')[0]! } });
      expect((await client.json('GET', '/api/auth/user')).status).toBe(401);
    });

    it('an expired token is refused', async () => {
      const res = await withCookie(`pit_session=${await sign({ sid: sessionId }, userId, now() - 8 * DAY_S, now() - 60)}`).user();
      expect(res.status).toBe(401);
    });
  });
});
