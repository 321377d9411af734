import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, logIn, signUp, startTestApp, STRONG_PASSWORD, type TestApp } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { ensureAdmin } from './accounts.service.ts';
import { noteSessionSeen } from './sessions.service.ts';

const NEW_PASSWORD = 'N3w#Passw0rd!';
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

// The profile's Security section (issue 25): one's own sessions, listed and ended, and the password
// change, per role, over REST and GraphQL (the same fields).
describe.each(testDatabases())('sessions and password change on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(async () => app?.close());

  const loginFrom = async (usernameOrEmail: string, userAgent: string, password = STRONG_PASSWORD) => {
    const client = new Client(app);
    const res = await client.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': userAgent },
      body: JSON.stringify({ usernameOrEmail, password }),
    });
    expect(res.status).toBe(200);
    return client;
  };
  const stillIn = async (client: Client) => (await client.json('GET', '/api/auth/user')).status;

  it('anonymous callers get 401 on every path, and null-free errors over GraphQL', async () => {
    const anon = new Client(app);
    expect((await anon.json('GET', '/api/auth/sessions')).status).toBe(401);
    expect((await anon.json('POST', '/api/auth/sessions/sign-out-others')).status).toBe(401);
    expect((await anon.json('POST', '/api/auth/sessions/0196c4a0-0000-7000-8000-000000000001/sign-out')).status).toBe(401);
    const change = await anon.json('POST', '/api/auth/change-password', { currentPassword: 'x', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(change.status).toBe(401);
    const gql = await anon.gql('{ viewerSessions { sessionId } }');
    expect(gql.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('a user lists their own sessions: device, address, last seen, this one marked', async () => {
    const laptop = await signUp(app, { email: 'list@example.com', username: 'lister' });
    const phone = await loginFrom('lister', CHROME_MAC);
    const res = await laptop.json('GET', '/api/auth/sessions');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    const mine = res.body.find((s: { current: boolean }) => s.current);
    const other = res.body.find((s: { current: boolean }) => !s.current);
    expect(mine.ip).toBe(laptop.ip);
    expect(other).toMatchObject({ device: 'Chrome on macOS', ip: phone.ip });
    expect(Date.parse(other.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
    const gql = await phone.gql('{ viewerSessions { sessionId device current } }');
    expect(gql.data.viewerSessions.find((s: { current: boolean }) => s.current)).toMatchObject({ sessionId: other.id, device: 'Chrome on macOS' });
  });

  it("signing out another session ends it (its cookie is refused) and keeps this one; another user's session is not found", async () => {
    const desk = await signUp(app, { email: 'desk@example.com', username: 'desker' });
    const tablet = await loginFrom('desker', CHROME_MAC);
    const copied = tablet.cookieHeader;
    const stranger = await signUp(app, { email: 'stranger@example.com', username: 'stranger' });
    const target = (await desk.json('GET', '/api/auth/sessions')).body.find((s: { current: boolean }) => !s.current).id as string;
    // Someone else's session: not found, and still live.
    const foreign = await stranger.json('POST', `/api/auth/sessions/${target}/sign-out`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('SESSION_NOT_FOUND');
    expect((await stranger.json('GET', '/api/auth/sessions')).body.map((s: { id: string }) => s.id)).not.toContain(target);
    expect(await stillIn(tablet)).toBe(200);
    // Their own: ended.
    expect((await desk.json('POST', `/api/auth/sessions/${target}/sign-out`)).status).toBe(200);
    expect((await app.fetch('/api/auth/user', { headers: { cookie: copied } })).status).toBe(401);
    expect(await stillIn(desk)).toBe(200);
    expect((await desk.json('GET', '/api/auth/sessions')).body).toHaveLength(1);
    expect((await desk.json('POST', `/api/auth/sessions/${target}/sign-out`)).status).toBe(404);
  });

  it('signing out the current session by id is a logout: the cookie is cleared', async () => {
    const client = await signUp(app, { email: 'self@example.com', username: 'selfie' });
    const [mine] = (await client.json('GET', '/api/auth/sessions')).body;
    const res = await client.json('POST', `/api/auth/sessions/${mine.id}/sign-out`);
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join()).toMatch(/pit_session=;/);
    expect(await stillIn(client)).toBe(401);
  });

  it('"sign out everywhere else" ends every other session and keeps this one', async () => {
    const main = await signUp(app, { email: 'else@example.com', username: 'elsewhere' });
    const others = [await logIn(app, 'elsewhere'), await logIn(app, 'elsewhere')];
    const res = await main.gql('mutation { endOtherSessions { __typename ... on MutationEndOtherSessionsSuccess { data { message } } } }');
    expect(res.data.endOtherSessions.__typename).toBe('MutationEndOtherSessionsSuccess');
    for (const o of others) expect(await stillIn(o)).toBe(401);
    expect(await stillIn(main)).toBe(200);
    expect((await main.json('GET', '/api/auth/sessions')).body).toHaveLength(1);
  });

  it('an administrator sees and ends only their own sessions too', async () => {
    await ensureAdmin(app.database.prisma, { email: 'sec-admin@example.com', password: 'Adm1n#Secret' });
    const admin = new Client(app);
    expect((await admin.json('POST', '/api/auth/login', { email: 'sec-admin@example.com', password: 'Adm1n#Secret' })).status).toBe(200);
    const user = await signUp(app, { email: 'victim@example.com', username: 'victim' });
    const [theirs] = (await user.json('GET', '/api/auth/sessions')).body;
    const listed = (await admin.json('GET', '/api/auth/sessions')).body;
    expect(listed).toHaveLength(1);
    expect(listed[0].current).toBe(true);
    expect((await admin.json('POST', `/api/auth/sessions/${theirs.id}/sign-out`)).status).toBe(404);
    expect(await stillIn(user)).toBe(200);
  });

  it('change password with a wrong current password: an error, and nothing changes', async () => {
    const client = await signUp(app, { email: 'wrong@example.com', username: 'wrongpw' });
    const other = await logIn(app, 'wrongpw');
    const before = await app.database.prisma.user.findUniqueOrThrow({ where: { username: 'wrongpw' } });
    const res = await client.json('POST', '/api/auth/change-password', { currentPassword: 'Not#MyPassw0rd', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('WRONG_CURRENT_PASSWORD');
    expect(res.body.fieldErrors).toEqual([{ field: 'currentPassword', message: 'Current password is incorrect' }]);
    const after = await app.database.prisma.user.findUniqueOrThrow({ where: { username: 'wrongpw' } });
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(await stillIn(other)).toBe(200);
    expect((await new Client(app).json('POST', '/api/auth/login', { usernameOrEmail: 'wrongpw', password: STRONG_PASSWORD })).status).toBe(200);
  });

  it('change password refuses a weak or unconfirmed new password with the registration rules', async () => {
    const client = await signUp(app, { email: 'weak@example.com', username: 'weakling' });
    const weak = await client.gql(
      'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { __typename ... on ValidationError { reason fieldErrors { field } } } }',
      { input: { currentPassword: STRONG_PASSWORD, newPassword: 'short', confirmPassword: 'short' } },
    );
    expect(weak.data.changePassword).toMatchObject({ __typename: 'ValidationError', reason: 'INVALID_INPUT', fieldErrors: [{ field: 'newPassword' }] });
    const mismatch = await client.json('POST', '/api/auth/change-password', { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: 'N3w#Passw0rd?' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.fieldErrors).toEqual([{ field: 'confirmPassword', message: 'Passwords do not match' }]);
  });

  it('change password: the new one logs in, the old one does not, other sessions end and this one is kept', async () => {
    const client = await signUp(app, { email: 'change@example.com', username: 'changer' });
    const other = await logIn(app, 'changer');
    const res = await client.json('POST', '/api/auth/change-password', { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(await stillIn(client)).toBe(200);
    expect(await stillIn(other)).toBe(401);
    const fresh = new Client(app);
    expect((await fresh.json('POST', '/api/auth/login', { usernameOrEmail: 'changer', password: STRONG_PASSWORD })).status).toBe(401);
    expect((await fresh.json('POST', '/api/auth/login', { usernameOrEmail: 'changer', password: NEW_PASSWORD })).status).toBe(200);
  });

  it('last seen is written at most once a minute per session', async () => {
    const client = await signUp(app, { email: 'seen@example.com', username: 'seen' });
    const user = await app.database.prisma.user.findUniqueOrThrow({ where: { username: 'seen' } });
    const row = await app.database.prisma.session.findFirstOrThrow({ where: { userId: user.id } });
    const db = app.database.prisma;
    const read = async () => (await db.session.findUniqueOrThrow({ where: { id: row.id } })).lastSeenAt.getTime();
    const fail = (err: unknown) => {
      throw err;
    };
    const in30s = new Date(row.lastSeenAt.getTime() + 30_000);
    noteSessionSeen(db, row.id, fail, in30s);
    await client.json('GET', '/api/auth/user');
    expect(await read()).toBe(row.lastSeenAt.getTime());
    const in2min = new Date(row.lastSeenAt.getTime() + 120_000);
    noteSessionSeen(db, row.id, fail, in2min);
    await expect.poll(read).toBe(in2min.getTime());
  });
});
