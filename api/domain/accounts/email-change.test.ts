import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, logIn, signUp, startTestApp, STRONG_PASSWORD, type TestApp } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { makeUser } from '../../test/market-fixtures.ts';

// Changing the email (issue 25; docs/decisions.md "Issue 25: account settings"): the password
// again, a link to the NEW address, the change only when it is opened, the OLD address told.
describe.each(testDatabases())('change email on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, { RESEND_LIMIT_PER_EMAIL: '3', RESEND_LIMIT_PER_IP: '4' });
  });
  afterAll(async () => app?.close());

  const ask = (client: Client, newEmail: string, password = STRONG_PASSWORD) => client.json('POST', '/api/auth/change-email', { newEmail, password });
  const confirm = (token: string, client = new Client(app)) => client.json('POST', '/api/auth/confirm-email-change', { token });
  const tokenTo = (email: string) => {
    const link = app.mailer.lastTo(email)?.text.match(/https?:\/\/\S+confirm-email-change\S+/)?.[0];
    if (!link) throw new Error(`no confirmation mail to ${email}`);
    return new URL(link).searchParams.get('token')!;
  };
  const emailOf = async (client: Client) => (await client.json('GET', '/api/auth/user')).body.email as string;

  it('anonymous callers get 401 asking, cancelling and reading the pending change', async () => {
    const anon = new Client(app);
    expect((await ask(anon, 'x@example.com')).status).toBe(401);
    expect((await anon.json('DELETE', '/api/auth/change-email')).status).toBe(401);
    const gql = await anon.gql('{ viewerPendingEmailChange { newEmail } }');
    expect(gql.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('mails a one-hour link to the new address and tells the old one; nothing changes until it is opened', async () => {
    const user = await signUp(app, { email: 'mover@example.com', username: 'mover' });
    const res = await ask(user, ' Mover.New@Example.com');
    expect(res.status).toBe(200);
    expect(res.body.pendingEmailChange.newEmail).toBe('mover.new@example.com');
    expect(await emailOf(user)).toBe('mover@example.com');
    const told = app.mailer.lastTo('mover@example.com')!;
    expect(told.subject).toMatch(/about to change/i);
    expect(told.text).toContain('mover.new@example.com');
    expect(told.text).toMatch(/support/i);
    const row = await app.database.prisma.emailToken.findFirstOrThrow({ where: { newEmail: 'mover.new@example.com' } });
    expect(row.purpose).toBe('change_email');
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeCloseTo(3600 * 1000, -4);
    const pending = await user.gql('{ viewerPendingEmailChange { newEmail expiresAt } }');
    expect(pending.data.viewerPendingEmailChange.newEmail).toBe('mover.new@example.com');

    // Opened anywhere, without a session.
    const done = await confirm(tokenTo('mover.new@example.com'));
    expect(done.status).toBe(200);
    expect(done.body.email).toBe('mover.new@example.com');
    expect(await emailOf(user)).toBe('mover.new@example.com');
    expect(app.mailer.lastTo('mover@example.com')!.subject).toMatch(/was changed/i);
    expect((await user.gql('{ viewerPendingEmailChange { newEmail } }')).data.viewerPendingEmailChange).toBeNull();
    // The new address logs in, the old one does not.
    await logIn(app, 'mover.new@example.com');
    expect((await new Client(app).json('POST', '/api/auth/login', { usernameOrEmail: 'mover@example.com', password: STRONG_PASSWORD })).status).toBe(401);
  });

  it('a link works once; a forged or cancelled one is refused with 400', async () => {
    const user = await signUp(app, { email: 'once-e@example.com', username: 'once-e' });
    await ask(user, 'once-e2@example.com');
    const token = tokenTo('once-e2@example.com');
    expect((await confirm(token)).status).toBe(200);
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_TOKEN');
    expect((await confirm('forged')).body.code).toBe('INVALID_TOKEN');
    expect((await new Client(app).json('POST', '/api/auth/confirm-email-change', {})).status).toBe(400);

    await ask(user, 'once-e3@example.com');
    const cancelled = tokenTo('once-e3@example.com');
    expect((await user.json('DELETE', '/api/auth/change-email')).status).toBe(200);
    expect((await user.gql('{ viewerPendingEmailChange { newEmail } }')).data.viewerPendingEmailChange).toBeNull();
    expect((await confirm(cancelled)).body.code).toBe('INVALID_TOKEN');
    expect(await emailOf(user)).toBe('once-e2@example.com');
  });

  it('a newer request replaces the older one', async () => {
    const user = await signUp(app, { email: 'twice@example.com', username: 'twice' });
    await ask(user, 'first-choice@example.com');
    const older = tokenTo('first-choice@example.com');
    await ask(user, 'second-choice@example.com');
    expect((await confirm(older)).body.code).toBe('INVALID_TOKEN');
    expect((await confirm(tokenTo('second-choice@example.com'))).status).toBe(200);
  });

  it('refuses a wrong password, the same address, an invalid one and a taken one', async () => {
    const user = await signUp(app, { email: 'picky@example.com', username: 'picky' });
    await makeUser(app.database.prisma, 'taken-e');
    const wrong = await ask(user, 'picky2@example.com', 'Wrong#Pass1');
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('WRONG_CURRENT_PASSWORD');
    expect(wrong.body.fieldErrors[0].field).toBe('password');
    expect((await ask(user, 'PICKY@example.com')).body.code).toBe('SAME_EMAIL');
    expect((await ask(user, 'not-an-email')).status).toBe(400);
    const taken = await ask(user, 'taken-e@example.com');
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('EMAIL_TAKEN');
  });

  it('checks the address again at confirmation: an account that took it meanwhile wins (409)', async () => {
    const user = await signUp(app, { email: 'slow@example.com', username: 'slow' });
    await ask(user, 'contested@example.com');
    const token = tokenTo('contested@example.com');
    await signUp(app, { email: 'contested@example.com', username: 'quick' });
    const late = await confirm(token);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('EMAIL_TAKEN');
    expect(await emailOf(user)).toBe('slow@example.com');
  });

  it("another user's pending change is never visible, and an admin reads only their own", async () => {
    const owner = await signUp(app, { email: 'own@example.com', username: 'owner-e' });
    await ask(owner, 'own2@example.com');
    const other = await signUp(app, { email: 'nosy@example.com', username: 'nosy' });
    expect((await other.gql('{ viewerPendingEmailChange { newEmail } }')).data.viewerPendingEmailChange).toBeNull();
    // Cancelling is one's own: the other's cancel leaves the owner's change waiting.
    await other.json('DELETE', '/api/auth/change-email');
    expect((await owner.gql('{ viewerPendingEmailChange { newEmail } }')).data.viewerPendingEmailChange.newEmail).toBe('own2@example.com');
    await makeUser(app.database.prisma, 'boss-e', { isAdmin: true });
    const admin = await logIn(app, 'boss-e');
    expect((await admin.gql('{ viewerPendingEmailChange { newEmail } }')).data.viewerPendingEmailChange).toBeNull();
  });

  it('is limited like a verification resend (per account)', async () => {
    const user = await signUp(app, { email: 'spam@example.com', username: 'spammer' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await ask(user, `target${i}@example.com`)).status);
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(statuses[4]).toBe(429);
  });

  it('the GraphQL mutations answer typed errors', async () => {
    const user = await signUp(app, { email: 'typed@example.com', username: 'typed' });
    const res = await user.gql(
      `mutation($input: RequestEmailChangeInput!) { requestEmailChange(input: $input) { __typename ... on Error { message } ... on MutationRequestEmailChangeSuccess { data { message } } } }`,
      { input: { newEmail: 'typed@example.com', password: STRONG_PASSWORD } },
    );
    expect(res.data.requestEmailChange.__typename).toBe('ValidationError');
    const bad = await new Client(app).gql(
      `mutation($input: ConfirmEmailChangeInput!) { confirmEmailChange(input: $input) { __typename } }`,
      { input: { token: 'nope' } },
    );
    expect(bad.data.confirmEmailChange.__typename).toBe('ValidationError');
  });
});
