import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, logIn, signUp, startTestApp, STRONG_PASSWORD, type TestApp } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { ensureAdmin } from './accounts.service.ts';
import { totpCodeAt } from './totp.ts';
import { signChallenge, passwordTagOf } from './two-factor-challenge.ts';

const now = () => new Date();
const codeNow = (secret: string) => totpCodeAt(secret, now());
const nextCode = (secret: string) => totpCodeAt(secret, new Date(Date.now() + 30_000));

/** Starts and confirms enrolment for a signed-in client; answers the secret and the recovery codes. */
async function enrol(client: Client, password = STRONG_PASSWORD) {
  const started = await client.json('POST', '/api/auth/two-factor/enrolment');
  expect(started.status).toBe(200);
  const confirmedWith = codeNow(started.body.secret);
  const confirmed = await client.json('POST', '/api/auth/two-factor/enrolment/confirm', { code: confirmedWith, password });
  expect(confirmed.status).toBe(200);
  return { secret: started.body.secret as string, recoveryCodes: confirmed.body.recoveryCodes as string[], confirmedWith };
}

/** The password step: answers the challenge (no session is made). */
async function passwordStep(client: Client, body: Record<string, string>) {
  const res = await client.json('POST', '/api/auth/login', body);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ twoFactorRequired: true });
  expect(res.headers.getSetCookie().some((c) => c.startsWith('pit_session=') && !/max-age=0/i.test(c))).toBe(false);
  return res.body.challenge as string;
}

// Two-factor sign-in (issue 25) per role, over REST and GraphQL (the same fields).
describe.each(testDatabases())('two-factor sign-in on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(async () => app?.close());
  /** Forgets the last used step, so a test can sign in again within the same 30 seconds. */
  const forgetLastStep = (userId: string) => app.database.prisma.twoFactor.update({ where: { userId }, data: { lastUsedStep: null } });
  const idOf = async (username: string) => (await app.database.prisma.user.findUniqueOrThrow({ where: { username } })).id;

  it('anonymous callers get 401 on every path and a bad challenge is refused', async () => {
    const anon = new Client(app);
    expect((await anon.json('GET', '/api/auth/two-factor')).status).toBe(401);
    expect((await anon.json('POST', '/api/auth/two-factor/enrolment')).status).toBe(401);
    expect((await anon.json('POST', '/api/auth/two-factor/enrolment/confirm', { code: '123456', password: 'x' })).status).toBe(401);
    expect((await anon.json('POST', '/api/auth/two-factor/disable', { code: '123456', password: 'x' })).status).toBe(401);
    expect((await anon.json('POST', '/api/auth/two-factor/recovery-codes', { password: 'x' })).status).toBe(401);
    const forged = await anon.json('POST', '/api/auth/login/two-factor', { challenge: 'not.a.challenge', code: '123456' });
    expect(forged).toMatchObject({ status: 401, body: { code: 'TWO_FACTOR_CHALLENGE_INVALID' } });
    expect((await anon.json('POST', '/api/auth/login/two-factor', { code: '123456' })).status).toBe(400);
    const gql = await anon.gql('{ viewerTwoFactor { enabled } }');
    expect(gql.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const start = await anon.gql('mutation { startTwoFactorEnrolment { __typename ... on Error { code } } }');
    expect(start.data.startTwoFactorEnrolment).toMatchObject({ __typename: 'AuthenticationError' });
  });

  it('a user enrols: a secret with its QR, confirmed with a code and the password, recovery codes once, a mail', async () => {
    const user = await signUp(app, { email: 'enrol@example.com', username: 'enroller' });
    expect((await user.json('GET', '/api/auth/two-factor')).body).toMatchObject({ enabled: false, recoveryCodesLeft: 0, requiredForAccount: false });
    const started = await user.json('POST', '/api/auth/two-factor/enrolment');
    expect(started.body.otpauthUri).toMatch(/^otpauth:\/\/totp\/DATA%20PIT:enrol%40example\.com\?.*secret=/);
    expect(started.body.qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(started.body.qrCodeDataUrl.split(',')[1], 'base64').toString()).toContain('<svg');
    // Not in force before it is confirmed; the stored secret is not the secret.
    expect((await user.json('GET', '/api/auth/two-factor')).body.enabled).toBe(false);
    const row = await app.database.prisma.twoFactor.findUniqueOrThrow({ where: { userId: await idOf('enroller') } });
    expect(row.secretCiphertext).not.toContain(started.body.secret);
    const secret = started.body.secret as string;
    const wrongCode = await user.json('POST', '/api/auth/two-factor/enrolment/confirm', { code: codeNow(secret) === '000000' ? '111111' : '000000', password: STRONG_PASSWORD });
    expect(wrongCode).toMatchObject({ status: 400, body: { code: 'WRONG_TWO_FACTOR_CODE' } });
    const wrongPassword = await user.json('POST', '/api/auth/two-factor/enrolment/confirm', { code: codeNow(secret), password: 'Wrong#Pass1' });
    expect(wrongPassword).toMatchObject({ status: 400, body: { code: 'WRONG_CURRENT_PASSWORD' } });
    const confirmed = await user.json('POST', '/api/auth/two-factor/enrolment/confirm', { code: codeNow(secret), password: STRONG_PASSWORD });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
    await app.jobs.runDue();
    expect(app.mailer.lastTo('enrol@example.com')?.subject).toMatch(/^Two-factor sign-in turned on/);
    const status = await user.json('GET', '/api/auth/two-factor');
    expect(status.body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(status.body)).not.toContain(secret);
    // Once on, no new secret is handed out and a second confirmation is refused.
    expect((await user.json('POST', '/api/auth/two-factor/enrolment')).body.code).toBe('TWO_FACTOR_ALREADY_ENABLED');
    expect((await user.json('POST', '/api/auth/two-factor/enrolment/confirm', { code: nextCode(secret), password: STRONG_PASSWORD })).body.code).toBe('TWO_FACTOR_ALREADY_ENABLED');
  });

  it('confirming without a started enrolment is a conflict; regenerating or turning off while off too', async () => {
    const user = await signUp(app, { email: 'never@example.com', username: 'neverer' });
    expect((await user.json('POST', '/api/auth/two-factor/enrolment/confirm', { code: '123456', password: STRONG_PASSWORD })).body.code).toBe('TWO_FACTOR_ENROLMENT_NOT_STARTED');
    expect((await user.json('POST', '/api/auth/two-factor/recovery-codes', { password: STRONG_PASSWORD })).body.code).toBe('TWO_FACTOR_NOT_ENABLED');
    expect((await user.json('POST', '/api/auth/two-factor/disable', { code: '123456', password: STRONG_PASSWORD })).body.code).toBe('TWO_FACTOR_NOT_ENABLED');
  });

  it('login asks for the code: a wrong one, then the right one once (a replay is refused), then a recovery code once', async () => {
    const setup = await signUp(app, { email: 'login2fa@example.com', username: 'twofa' });
    const { secret, recoveryCodes } = await enrol(setup);
    const userId = await idOf('twofa');
    await forgetLastStep(userId);

    const browser = new Client(app);
    const challenge = await passwordStep(browser, { usernameOrEmail: 'twofa', password: STRONG_PASSWORD });
    expect((await browser.json('GET', '/api/auth/user')).status).toBe(401);
    const wrong = await browser.json('POST', '/api/auth/login/two-factor', { challenge, code: codeNow(secret) === '000000' ? '111111' : '000000' });
    expect(wrong).toMatchObject({ status: 401, body: { code: 'TWO_FACTOR_CODE_INVALID' } });
    const code = codeNow(secret);
    const ok = await browser.json('POST', '/api/auth/login/two-factor', { challenge, code });
    expect(ok).toMatchObject({ status: 200, body: { username: 'twofa', user: { username: 'twofa' } } });
    expect((await browser.json('GET', '/api/auth/user')).status).toBe(200);

    const thief = new Client(app);
    const stolenChallenge = await passwordStep(thief, { usernameOrEmail: 'login2fa@example.com', password: STRONG_PASSWORD });
    const replay = await thief.json('POST', '/api/auth/login/two-factor', { challenge: stolenChallenge, code });
    expect(replay).toMatchObject({ status: 401, body: { code: 'TWO_FACTOR_CODE_REPLAYED' } });
    expect((await thief.json('GET', '/api/auth/user')).status).toBe(401);

    const recovery = recoveryCodes[0]!;
    const byRecovery = await thief.json('POST', '/api/auth/login/two-factor', { challenge: stolenChallenge, code: recovery.toUpperCase().replace('-', ' ') });
    expect(byRecovery.status).toBe(200);
    const again = new Client(app);
    const second = await passwordStep(again, { usernameOrEmail: 'twofa', password: STRONG_PASSWORD });
    expect((await again.json('POST', '/api/auth/login/two-factor', { challenge: second, code: recovery })).body.code).toBe('TWO_FACTOR_CODE_INVALID');
    expect((await browser.json('GET', '/api/auth/two-factor')).body.recoveryCodesLeft).toBe(9);
  });

  it('the same steps over GraphQL: login answers a challenge, completeTwoFactorLogin the session', async () => {
    const setup = await signUp(app, { email: 'gql2fa@example.com', username: 'gqltwofa' });
    const { secret } = await enrol(setup);
    await forgetLastStep(await idOf('gqltwofa'));
    const client = new Client(app);
    const login = await client.gql(
      `mutation($input: LoginInput!) { login(input: $input) { __typename ... on MutationLoginSuccess { data { twoFactorRequired challenge user { username } } } } }`,
      { input: { usernameOrEmail: 'gqltwofa', password: STRONG_PASSWORD } },
    );
    expect(login.data.login.data).toMatchObject({ twoFactorRequired: true, user: null });
    const done = await client.gql(
      `mutation($input: CompleteTwoFactorLoginInput!) { completeTwoFactorLogin(input: $input) { __typename ... on Error { code reason } ... on MutationCompleteTwoFactorLoginSuccess { data { user { username } } } } }`,
      { input: { challenge: login.data.login.data.challenge, code: codeNow(secret) } },
    );
    expect(done.data.completeTwoFactorLogin.data.user.username).toBe('gqltwofa');
    expect((await client.gql('{ viewerTwoFactor { enabled recoveryCodesLeft } }')).data.viewerTwoFactor).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  });

  it("an expired challenge, one from before a password change, and another user's code are refused", async () => {
    const setup = await signUp(app, { email: 'expire@example.com', username: 'expirer' });
    const { secret } = await enrol(setup);
    const user = await app.database.prisma.user.findUniqueOrThrow({ where: { username: 'expirer' } });
    await forgetLastStep(user.id);
    const secretKey = app.config.sessionSecret;
    const old = await signChallenge(secretKey, { userId: user.id, admin: false, passwordTag: passwordTagOf(user.passwordHash) }, new Date(Date.now() - 6 * 60_000));
    const anon = new Client(app);
    expect((await anon.json('POST', '/api/auth/login/two-factor', { challenge: old, code: codeNow(secret) })).body.code).toBe('TWO_FACTOR_CHALLENGE_INVALID');
    const stale = await signChallenge(secretKey, { userId: user.id, admin: false, passwordTag: 'before-the-change' }, new Date());
    expect((await anon.json('POST', '/api/auth/login/two-factor', { challenge: stale, code: codeNow(secret) })).body.code).toBe('TWO_FACTOR_CHALLENGE_INVALID');
    // The other user's own authenticator does not open this account.
    const other = await signUp(app, { email: 'other2fa@example.com', username: 'othertwofa' });
    const theirs = await enrol(other);
    const challenge = await passwordStep(anon, { usernameOrEmail: 'expirer', password: STRONG_PASSWORD });
    const crossed = await anon.json('POST', '/api/auth/login/two-factor', { challenge, code: theirs.recoveryCodes[0] });
    expect(crossed.body.code).toBe('TWO_FACTOR_CODE_INVALID');
    // Another user's session cannot touch this account's two-factor: it acts on its own.
    expect((await other.json('POST', '/api/auth/two-factor/recovery-codes', { password: STRONG_PASSWORD })).status).toBe(200);
    expect((await setup.json('GET', '/api/auth/two-factor')).body.recoveryCodesLeft).toBe(10);
  });

  it('new recovery codes replace the old ones; turning off needs the password and a code, and mails', async () => {
    const user = await signUp(app, { email: 'off@example.com', username: 'offer' });
    const { recoveryCodes, confirmedWith } = await enrol(user);
    const fresh = await user.json('POST', '/api/auth/two-factor/recovery-codes', { password: STRONG_PASSWORD });
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    expect((await user.json('POST', '/api/auth/two-factor/recovery-codes', { password: 'Wrong#Pass1' })).body.code).toBe('WRONG_CURRENT_PASSWORD');
    const oldCode = await user.json('POST', '/api/auth/two-factor/disable', { code: recoveryCodes[0], password: STRONG_PASSWORD });
    expect(oldCode).toMatchObject({ status: 400, body: { code: 'WRONG_TWO_FACTOR_CODE' } });
    // The confirmation's code was used: it cannot turn it off again (that very code, not the
    // current one: on a busy machine the 30-second step may have moved on since).
    expect((await user.json('POST', '/api/auth/two-factor/disable', { code: confirmedWith, password: STRONG_PASSWORD })).body.code).toBe('WRONG_TWO_FACTOR_CODE');
    expect((await user.json('POST', '/api/auth/two-factor/disable', { code: fresh.body.recoveryCodes[0], password: 'Wrong#Pass1' })).body.code).toBe('WRONG_CURRENT_PASSWORD');
    const off = await user.json('POST', '/api/auth/two-factor/disable', { code: fresh.body.recoveryCodes[0], password: STRONG_PASSWORD });
    expect(off.status).toBe(200);
    await app.jobs.runDue();
    expect(app.mailer.lastTo('off@example.com')?.subject).toMatch(/^Two-factor sign-in turned off/);
    expect(await app.database.prisma.recoveryCode.count({ where: { userId: await idOf('offer') } })).toBe(0);
    await logIn(app, 'offer');
  });

  it('an administrator with two-factor on is asked for the code at the administrator login too', async () => {
    await ensureAdmin(app.database.prisma, { email: 'tf-admin@example.com', password: 'Adm1n#Secret' });
    const admin = new Client(app);
    expect((await admin.json('POST', '/api/auth/login', { email: 'tf-admin@example.com', password: 'Adm1n#Secret' })).status).toBe(200);
    const { secret } = await enrol(admin, 'Adm1n#Secret');
    await forgetLastStep((await app.database.prisma.user.findUniqueOrThrow({ where: { email: 'tf-admin@example.com' } })).id);
    const fresh = new Client(app);
    const challenge = await passwordStep(fresh, { email: 'tf-admin@example.com', password: 'Adm1n#Secret' });
    const done = await fresh.json('POST', '/api/auth/login/two-factor', { challenge, code: codeNow(secret) });
    expect(done).toMatchObject({ status: 200, body: { isAdmin: true } });
    expect((await fresh.json('GET', '/api/platform/earnings')).status).toBe(200);
  });
});

describe('two-factor limits and the administrators rule', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('pglite', { LOGIN_LIMIT_PER_ACCOUNT: '3', REQUIRE_ADMIN_TWO_FACTOR: '1' });
  });
  afterAll(async () => app?.close());

  it('code attempts are limited like logins, per account across addresses', async () => {
    const setup = await signUp(app, { email: 'limit@example.com', username: 'limiter' });
    const { secret } = await enrol(setup);
    const wrong = codeNow(secret) === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const client = new Client(app);
      const challenge = await passwordStep(client, { usernameOrEmail: 'limiter', password: STRONG_PASSWORD });
      statuses.push((await client.json('POST', '/api/auth/login/two-factor', { challenge, code: wrong })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const last = new Client(app);
    const challenge = await passwordStep(last, { usernameOrEmail: 'limiter', password: STRONG_PASSWORD });
    const limited = await last.json('POST', '/api/auth/login/two-factor', { challenge, code: nextCode(secret) });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });

  it('where required, an administrator without two-factor gets a session that can only enrol', async () => {
    await ensureAdmin(app.database.prisma, { email: 'must@example.com', password: 'Adm1n#Secret' });
    const admin = new Client(app);
    const login = await admin.json('POST', '/api/auth/login', { email: 'must@example.com', password: 'Adm1n#Secret' });
    expect(login).toMatchObject({ status: 200, body: { twoFactorEnrolmentRequired: true } });
    const refused = await admin.json('GET', '/api/platform/earnings');
    expect(refused).toMatchObject({ status: 403, body: { code: 'TWO_FACTOR_ENROLMENT_REQUIRED' } });
    // the REST paths that check the administrator themselves say the same
    expect(await admin.json('GET', '/api/support/admin/tickets')).toMatchObject({ status: 403, body: { code: 'TWO_FACTOR_ENROLMENT_REQUIRED' } });
    expect(await admin.json('GET', '/api/contracts?status=pending_review')).toMatchObject({ status: 403, body: { code: 'TWO_FACTOR_ENROLMENT_REQUIRED' } });
    const gql = await admin.gql('{ listingsForReview { totalCount } }');
    expect(gql.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'TWO_FACTOR_ENROLMENT_REQUIRED' });
    expect((await admin.json('GET', '/api/auth/two-factor')).body).toMatchObject({ enabled: false, requiredForAccount: true });
    await enrol(admin, 'Adm1n#Secret');
    expect((await admin.json('GET', '/api/platform/earnings')).status).toBe(200);
    expect((await admin.json('GET', '/api/auth/two-factor')).body).toMatchObject({ enabled: true, requiredForAccount: false });
  });

  it('the rule is for administrators only, and off by default outside production', async () => {
    const user = await signUp(app, { email: 'plain@example.com', username: 'plainer' });
    expect((await user.json('GET', '/api/auth/two-factor')).body.requiredForAccount).toBe(false);
    const { loadConfig } = await import('../../config.ts');
    const base = { DATA_DIR: app.config.dataDir, SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).requireAdminTwoFactor).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://pit.example.com' }).requireAdminTwoFactor).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://pit.example.com', REQUIRE_ADMIN_TWO_FACTOR: '0' }).requireAdminTwoFactor).toBe(false);
  });
});
