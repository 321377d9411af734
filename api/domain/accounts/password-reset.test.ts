import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signUp, startTestApp, STRONG_PASSWORD, type TestApp } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';

const NEW_PASSWORD = 'N3w#Passw0rd';

// Forgot password (issue 25; docs/decisions.md "Forgot password"): a mailed, single-use, short-lived link.
describe.each(testDatabases())('forgot password on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, { RESEND_LIMIT_PER_EMAIL: '3', RESEND_LIMIT_PER_IP: '6' });
  });
  afterAll(async () => app?.close());

  const forgot = (email: string, client = new Client(app)) => client.json('POST', '/api/auth/forgot-password', { email });
  const reset = (body: Record<string, unknown>, client = new Client(app)) => client.json('POST', '/api/auth/reset-password', body);
  const login = (usernameOrEmail: string, password: string) => new Client(app).json('POST', '/api/auth/login', { usernameOrEmail, password });
  /** The token of the last reset mail to `email`. */
  const resetToken = (email: string) => {
    const link = app.mailer.lastTo(email)?.text.match(/https?:\/\/\S+reset-password\S+/)?.[0];
    if (!link) throw new Error(`no reset mail to ${email}`);
    return new URL(link).searchParams.get('token')!;
  };
  const withNew = (token: string, over: Record<string, unknown> = {}) => ({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, ...over });

  it('mails a one-hour link to the reset page; the new password logs in and the old one is refused', async () => {
    await signUp(app, { email: 'rita@example.com', username: 'rita' });
    const res = await forgot('Rita@Example.com ');
    expect(res.status).toBe(200);
    const mail = app.mailer.lastTo('rita@example.com')!;
    expect(mail.subject).toMatch(/reset/i);
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/auth\/reset-password\?token=/);
    const row = await app.database.prisma.emailToken.findFirstOrThrow({ where: { user: { email: 'rita@example.com' }, purpose: 'reset_password' } });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeCloseTo(3600 * 1000, -4);
    const done = await reset(withNew(resetToken('rita@example.com')));
    expect(done.status).toBe(200);
    expect(done.body.message).toMatch(/reset/i);
    expect((await login('rita', NEW_PASSWORD)).status).toBe(200);
    expect((await login('rita', STRONG_PASSWORD)).status).toBe(401);
  });

  it('answers an unknown email exactly as a known one, and mails nothing', async () => {
    await signUp(app, { email: 'known@example.com', username: 'known' });
    const before = app.mailer.sent.length;
    const unknown = await forgot('nobody@example.com');
    expect(app.mailer.sent.length).toBe(before);
    const known = await forgot('known@example.com');
    expect(app.mailer.sent.length).toBe(before + 1);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
  });

  it('a token works once', async () => {
    await signUp(app, { email: 'once@example.com', username: 'once' });
    await forgot('once@example.com');
    const token = resetToken('once@example.com');
    expect((await reset(withNew(token))).status).toBe(200);
    const again = await reset(withNew(token, { password: 'Other#Pass9', confirmPassword: 'Other#Pass9' }));
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await login('once', NEW_PASSWORD)).status).toBe(200);
  });

  it('a reset ends the other links of the account', async () => {
    await signUp(app, { email: 'twice@example.com', username: 'twice' });
    await forgot('twice@example.com');
    const first = resetToken('twice@example.com');
    await forgot('twice@example.com');
    expect((await reset(withNew(resetToken('twice@example.com')))).status).toBe(200);
    expect((await reset(withNew(first))).body).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('an expired token is refused and the password stays', async () => {
    await signUp(app, { email: 'late@example.com', username: 'late' });
    await forgot('late@example.com');
    const user = await app.database.prisma.user.findUniqueOrThrow({ where: { email: 'late@example.com' } });
    await app.database.prisma.emailToken.updateMany({ where: { userId: user.id, purpose: 'reset_password' }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await reset(withNew(resetToken('late@example.com')));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_TOKEN', message: expect.stringMatching(/invalid or has expired/) });
    expect((await login('late', STRONG_PASSWORD)).status).toBe(200);
  });

  it('a verification token is no reset token, nor an unknown one', async () => {
    const client = new Client(app);
    await client.json('POST', '/api/auth/register', { name: 'V', email: 'veri@example.com', username: 'veri', password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD });
    expect((await reset(withNew(app.mailer.tokenFor('veri@example.com')))).body).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await reset(withNew('not-a-token'))).status).toBe(400);
  });

  it.each([
    [{ confirmPassword: 'N3w#Passw0rX' }, 'Passwords do not match'],
    [{ password: 'alllowercase1!', confirmPassword: 'alllowercase1!' }, 'Please ensure your password meets all security requirements'],
  ])('refuses a new password against the rules of registration, and the token stays usable (%j)', async (over, message) => {
    const email = `rules${Object.keys(over).length}@example.com`;
    await signUp(app, { email, username: email.split('@')[0]! });
    await forgot(email);
    const token = resetToken(email);
    const res = await reset(withNew(token, over));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message });
    expect((await reset(withNew(token))).status).toBe(200);
  });

  it('a reset ends every session of the account, the signed-in browser asking for it included', async () => {
    const phone = await signUp(app, { email: 'many@example.com', username: 'many' });
    const laptop = new Client(app);
    expect((await laptop.json('POST', '/api/auth/login', { usernameOrEmail: 'many', password: STRONG_PASSWORD })).status).toBe(200);
    const bystander = await signUp(app, { email: 'other@example.com', username: 'other' });
    await forgot('many@example.com', laptop);
    expect((await reset(withNew(resetToken('many@example.com')), laptop)).status).toBe(200);
    expect((await phone.json('GET', '/api/auth/user')).status).toBe(401);
    expect((await laptop.json('GET', '/api/auth/user')).status).toBe(401);
    expect((await bystander.json('GET', '/api/auth/user')).status).toBe(200);
    const user = await app.database.prisma.user.findUniqueOrThrow({ where: { email: 'many@example.com' } });
    const live = await app.database.prisma.session.count({ where: { userId: user.id, revokedAt: null } });
    expect(live).toBe(0);
  });

  it('an unverified account that resets is verified: the link proved the mailbox', async () => {
    const client = new Client(app);
    await client.json('POST', '/api/auth/register', { name: 'U', email: 'unver@example.com', username: 'unver', password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD });
    await forgot('unver@example.com');
    expect((await reset(withNew(resetToken('unver@example.com')))).status).toBe(200);
    expect((await login('unver', NEW_PASSWORD)).status).toBe(200);
  });

  it('is limited like verification resends: per mailbox, then per address (429 with Retry-After)', async () => {
    for (let i = 0; i < 3; i++) expect((await forgot('flood@example.com')).status).toBe(200);
    const refused = await forgot('flood+again@example.com');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const one = new Client(app, '10.99.0.1');
    for (let i = 0; i < 6; i++) expect((await forgot(`addr${i}@example.com`, one)).status).toBe(200);
    expect((await forgot('addr-last@example.com', one)).status).toBe(429);
  });

  it('over GraphQL: its own result unions, with the reason of a bad token', async () => {
    const client = new Client(app);
    const asked = await client.gql(`mutation { requestPasswordReset(input: { email: "ghost@example.com" }) {
      __typename ... on MutationRequestPasswordResetSuccess { data { message } } } }`);
    expect(asked.data.requestPasswordReset).toMatchObject({ __typename: 'MutationRequestPasswordResetSuccess' });
    const bad = await client.gql(`mutation { resetPassword(input: { token: "nope", password: "${NEW_PASSWORD}", confirmPassword: "${NEW_PASSWORD}" }) {
      __typename ... on ValidationError { reason message } } }`);
    expect(bad.data.resetPassword).toMatchObject({ __typename: 'ValidationError', reason: 'INVALID_TOKEN' });
  });
});
