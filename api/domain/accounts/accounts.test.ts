import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signUp, startTestApp, STRONG_PASSWORD, type TestApp } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { ensureAdmin } from './accounts.service.ts';

const VIEWER = `{ viewer { id userId name username email isAdmin emailVerified dueDiligenceStatus rating tradeCount } }`;

describe.each(testDatabases())('accounts and sessions on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, { LOGIN_LIMIT_PER_ACCOUNT: '3', LOGIN_LIMIT_PER_IP: '8' });
  });
  afterAll(async () => app?.close());

  const register = (client: Client, over: Record<string, unknown> = {}) =>
    client.json('POST', '/api/auth/register', {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      username: 'ada',
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      ...over,
    });

  describe('registration', () => {
    it('creates an unverified account and mails a single-use link', async () => {
      const client = new Client(app);
      const res = await register(client);
      expect(res.status).toBe(201);
      expect(res.body.message).toMatch(/check your email/i);
      const mail = app.mailer.lastTo('ada@example.com')!;
      expect(mail.subject).toMatch(/verify/i);
      // The server's own origin (no PUBLIC_URL in tests), never the request's Host.
      expect(mail.text).toMatch(/http:\/\/localhost:3000\/auth\/verify-email\?email=ada%40example.com&token=/);
      const user = await app.database.prisma.user.findUniqueOrThrow({ where: { email: 'ada@example.com' } });
      expect(user.emailVerifiedAt).toBeNull();
      expect(user.passwordHash).not.toContain(STRONG_PASSWORD);
      expect(user.passwordHash).toMatch(/^scrypt\$/);
      const token = await app.database.prisma.emailToken.findFirstOrThrow({ where: { userId: user.id } });
      expect(token.tokenHash).not.toBe(app.mailer.tokenFor('ada@example.com'));
      expect(token.expiresAt.getTime() - token.createdAt.getTime()).toBeCloseTo(24 * 3600 * 1000, -4);
    });

    it.each([
      [{ email: 'ADA@example.com ', username: 'ada2' }, 'An account with this email already exists'],
      [{ email: 'ada2@example.com', username: 'ADA' }, 'This username is already taken'],
    ])('refuses a duplicate with 409 (%j)', async (over, message) => {
      const res = await register(new Client(app), over);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ message });
    });

    it.each([
      [{ password: 'short1!A', confirmPassword: 'different1!A' }, 'Passwords do not match'],
      [{ password: 'alllowercase1!', confirmPassword: 'alllowercase1!' }, 'Please ensure your password meets all security requirements'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ name: '' }, 'Name is required'],
      [{ username: 'a b' }, 'Username may use letters, numbers, dots, dashes and underscores'],
    ])('answers 400 naming the rule and creates nothing (%j)', async (over, message) => {
      const before = await app.database.prisma.user.count();
      const res = await register(new Client(app), { email: 'new@example.com', username: 'newbie', ...over });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(await app.database.prisma.user.count()).toBe(before);
    });

    it('answers malformed JSON and non-JSON bodies with 400, never 500', async () => {
      const client = new Client(app);
      const bad = await client.request('/api/auth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ code: 'INVALID_INPUT', message: 'Malformed JSON body', requestId: expect.any(String) });
      const form = await client.request('/api/auth/register', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=x' });
      expect(form.status).toBe(400);
    });
  });

  describe('email verification', () => {
    it('refuses login before verification with 403 and the flag', async () => {
      const res = await new Client(app).json('POST', '/api/auth/login', { usernameOrEmail: 'ada', password: STRONG_PASSWORD });
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/Please verify your email/);
      expect(res.body.emailVerificationRequired).toBe(true);
    });

    it('rejects a wrong token and a token for another email', async () => {
      const client = new Client(app);
      expect((await client.json('GET', '/api/auth/verify-email?token=nope')).body).toMatchObject({ message: 'Invalid or expired verification token' });
      const token = app.mailer.tokenFor('ada@example.com');
      const other = await client.json('GET', `/api/auth/verify-email?token=${token}&email=eve@example.com`);
      expect(other.status).toBe(400);
    });

    it('a resend sends a new link, and verifying uses up every link', async () => {
      const client = new Client(app);
      const first = app.mailer.tokenFor('ada@example.com');
      const resend = await client.json('POST', '/api/auth/resend-verification', { email: 'ada@example.com' });
      expect(resend.status).toBe(200);
      const second = app.mailer.tokenFor('ada@example.com');
      expect(second).not.toBe(first);
      const ok = await client.json('GET', `/api/auth/verify-email?token=${second}&email=ada%40example.com`);
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ message: 'Email verified successfully. You can now log in.', email: 'ada@example.com', alreadyVerified: false });
      const { emailVerifiedAt } = await app.database.prisma.user.findUniqueOrThrow({ where: { email: 'ada@example.com' } });
      expect(emailVerifiedAt).not.toBeNull();
      // Opened again (this link, or the older one it replaced): already verified, nothing changes.
      for (const token of [second, first]) {
        const again = await client.json('GET', `/api/auth/verify-email?token=${token}&email=ada%40example.com`);
        expect(again.status).toBe(200);
        expect(again.body).toEqual({ message: 'Your email is already verified. You can log in.', email: 'ada@example.com', alreadyVerified: true });
      }
      expect((await app.database.prisma.user.findUniqueOrThrow({ where: { email: 'ada@example.com' } })).emailVerifiedAt).toEqual(emailVerifiedAt);
      // A used link with another address says no more than an unknown one.
      const wrong = await client.json('GET', `/api/auth/verify-email?token=${second}&email=eve%40example.com`);
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('Invalid or expired verification token');
    });

    it('a link opened twice at once verifies once; the other answer is "already verified" (GraphQL)', async () => {
      const VERIFY = `mutation($input: VerifyEmailInput!) { verifyEmail(input: $input) { __typename
        ... on Error { message } ... on MutationVerifyEmailSuccess { data { message email alreadyVerified } } } }`;
      await register(new Client(app), { email: 'twice@example.com', username: 'twice' });
      const token = app.mailer.tokenFor('twice@example.com');
      const answers = await Promise.all([1, 2].map(() => new Client(app).gql(VERIFY, { input: { token } })));
      expect(answers.map((a) => a.data.verifyEmail.data?.alreadyVerified).sort()).toEqual([false, true]);
      const third = await new Client(app).gql(VERIFY, { input: { token, email: 'twice@example.com' } });
      expect(third.data.verifyEmail).toEqual({
        __typename: 'MutationVerifyEmailSuccess',
        data: { message: 'Your email is already verified. You can log in.', email: 'twice@example.com', alreadyVerified: true },
      });
    });

    it('an expired token does not verify', async () => {
      const client = new Client(app);
      await register(client, { email: 'late@example.com', username: 'late' });
      const token = app.mailer.tokenFor('late@example.com');
      await app.database.prisma.emailToken.updateMany({ where: { user: { email: 'late@example.com' } }, data: { expiresAt: new Date(Date.now() - 1000) } });
      expect((await client.json('GET', `/api/auth/verify-email?token=${token}`)).status).toBe(400);
    });

    it('resend answers the same for unknown addresses (no account discovery)', async () => {
      const sent = app.mailer.sent.length;
      const res = await new Client(app).json('POST', '/api/auth/resend-verification', { email: 'ghost@example.com' });
      expect(res.status).toBe(200);
      expect(app.mailer.sent.length).toBe(sent);
    });
  });

  describe('login, session and logout', () => {
    it('logs in by username or email, sets an httpOnly SameSite=Lax cookie, and viewer answers', async () => {
      for (const usernameOrEmail of ['ada', 'ADA@example.com']) {
        const client = new Client(app);
        const res = await client.json('POST', '/api/auth/login', { usernameOrEmail, password: STRONG_PASSWORD });
        expect(res.status).toBe(200);
        expect(res.body.name).toBe('Ada Lovelace');
        const cookie = res.headers.getSetCookie()[0]!;
        expect(cookie).toMatch(/^pit_session=.+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+/);
        const me = await client.json('GET', '/api/auth/user');
        expect(me.status).toBe(200);
        expect(me.body).toMatchObject({ name: 'Ada Lovelace', username: 'ada', email: 'ada@example.com', isAdmin: false, emailVerified: true });
        const { data } = await client.gql(VIEWER);
        expect(data.viewer).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', rating: null, tradeCount: 0 });
        expect(data.viewer.userId).toBe(me.body.id);
      }
    });

    it('anonymous: GET /api/auth/user is 401 and viewer is null', async () => {
      const client = new Client(app);
      expect((await client.json('GET', '/api/auth/user')).status).toBe(401);
      expect((await client.gql(VIEWER)).data.viewer).toBeNull();
    });

    it('a forged or tampered cookie is no session', async () => {
      const res = await app.fetch('/api/auth/user', { headers: { cookie: 'pit_session=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4Iiwic3YiOjB9.bad' } });
      expect(res.status).toBe(401);
    });

    it('wrong password: 401 Invalid credentials', async () => {
      const res = await new Client(app).json('POST', '/api/auth/login', { usernameOrEmail: 'ada', password: 'Wrong#Pass1' });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ message: 'Invalid credentials' });
    });

    it('logout clears the cookie and ends the session', async () => {
      const client = await signUp(app, { email: 'bob@example.com', username: 'bob' });
      expect((await client.json('GET', '/api/auth/user')).status).toBe(200);
      const out = await client.json('POST', '/api/auth/logout');
      expect(out.status).toBe(200);
      expect(out.headers.getSetCookie()[0]).toMatch(/pit_session=; .*Max-Age=0/);
      expect((await client.json('GET', '/api/auth/user')).status).toBe(401);
    });

    it('another user cannot read my email or verification state', async () => {
      const me = await signUp(app, { email: 'dave@example.com', username: 'dave' });
      const other = await signUp(app, { email: 'erin@example.com', username: 'erin' });
      const { data: mine } = await me.gql(VIEWER);
      const query = `query($id: ID!) { node(id: $id) { ... on User { name email emailVerified dueDiligenceStatus } } }`;
      const seenByOther = await other.gql(query, { id: mine.viewer.id });
      expect(seenByOther.data.node).toEqual({ name: 'dave', email: null, emailVerified: null, dueDiligenceStatus: null });
      const seenByAnon = await new Client(app).gql(query, { id: mine.viewer.id });
      expect(seenByAnon.data.node.email).toBeNull();
      const seenBySelf = await me.gql(query, { id: mine.viewer.id });
      expect(seenBySelf.data.node.email).toBe('dave@example.com');
    });
  });

  describe('admin', () => {
    it('bootstraps the admin idempotently and logs in at /admin-login with email', async () => {
      await ensureAdmin(app.database.prisma, { email: 'Boss@Example.com', password: 'Adm1n#Secret' });
      await ensureAdmin(app.database.prisma, { email: 'boss@example.com', password: 'Adm1n#Secret' });
      expect(await app.database.prisma.user.count({ where: { isAdmin: true } })).toBe(1);
      const client = new Client(app, '10.0.0.9');
      const res = await client.json('POST', '/api/auth/login', { email: 'boss@example.com', password: 'Adm1n#Secret' });
      expect(res.status).toBe(200);
      expect(res.body.isAdmin).toBe(true);
      expect(res.body.dueDiligenceStatus).toBe('not_applicable');
      const { data } = await client.gql(VIEWER);
      expect(data.viewer.isAdmin).toBe(true);
      // An admin reads other users' emails.
      const dave = await app.database.prisma.user.findUniqueOrThrow({ where: { username: 'dave' } });
      const node = await client.gql(`query($id: ID!) { node(id: $id) { ... on User { email } } }`, {
        id: encodeGlobalID('User', dave.id),
      });
      expect(node.data.node.email).toBe('dave@example.com');
    });

    it('a non-admin cannot use the admin login', async () => {
      const res = await new Client(app, '10.0.0.9').json('POST', '/api/auth/login', { email: 'ada@example.com', password: STRONG_PASSWORD });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ message: 'Invalid admin credentials' });
    });

    it('a changed ADMIN_PASSWORD takes effect at the next start', async () => {
      await ensureAdmin(app.database.prisma, { email: 'boss@example.com', password: 'N3w#AdminPass' });
      const res = await new Client(app, '10.0.0.9').json('POST', '/api/auth/login', { email: 'boss@example.com', password: 'N3w#AdminPass' });
      expect(res.status).toBe(200);
    });
  });

  describe('rate limits', () => {
    it('locks an account after repeated failures (429 with Retry-After) until the window passes', async () => {
      await signUp(app, { email: 'frank@example.com', username: 'frank' });
      const attempt = (password: string) => new Client(app, '10.1.0.1').json('POST', '/api/auth/login', { usernameOrEmail: 'frank', password });
      for (let i = 0; i < 3; i++) expect((await attempt('Wrong#Pass1')).status).toBe(401);
      const locked = await attempt(STRONG_PASSWORD);
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('limits attempts per client address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 9; i++) {
        statuses.push((await new Client(app, '10.2.0.2').json('POST', '/api/auth/login', { usernameOrEmail: `nobody${i}`, password: 'x' })).status);
      }
      expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
      expect(statuses[8]).toBe(429);
      // Another address is not affected.
      expect((await new Client(app, '10.2.0.3').json('POST', '/api/auth/login', { usernameOrEmail: 'nobody', password: 'x' })).status).toBe(401);
    });
  });

  describe('GraphQL protections', () => {
    it('refuses cookie-bearing non-JSON posts to /graphql (CSRF)', async () => {
      const res = await app.fetch('/graphql', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{"query":"{ viewer { id } }"}' });
      expect(res.status).toBe(403);
    });

    it('refuses too-deep and too-aliased queries', async () => {
      const client = new Client(app);
      const aliases = Array.from({ length: 20 }, (_, i) => `a${i}: marketStats { totalUsers }`).join(' ');
      const res = await client.gql(`{ ${aliases} }`);
      expect(res.errors?.[0]?.message).toMatch(/aliases/i);
    });

    it('mutations report expected failures as typed results', async () => {
      const res = await new Client(app).gql(
        `mutation { login(input: { usernameOrEmail: "ada", password: "nope" }) { __typename ... on Error { message code } } }`,
      );
      expect(res.data.login).toEqual({ __typename: 'AuthenticationError', message: 'Invalid credentials', code: 'UNAUTHENTICATED' });
    });
  });
});
