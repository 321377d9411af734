import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signUp, startTestApp, STRONG_PASSWORD, type TestApp } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';

const WRONG = 'Wrong#Pass1';

// Login and registration limits (docs/decisions.md, "Hardening: sessions, limits and production defaults"): failures only, per account and address.
describe.each(testDatabases())('login and registration limits on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, {
      LOGIN_LIMIT_PER_ACCOUNT: '10',
      LOGIN_LIMIT_PER_IP: '30',
      REGISTER_LIMIT_PER_IP: '3',
      REGISTER_LIMIT_PER_EMAIL: '2',
      RESEND_LIMIT_PER_EMAIL: '2',
    });
    await signUp(app, { email: 'owner@example.com', username: 'owner' });
  });
  afterAll(async () => app?.close());

  const attempt = (ip: string, usernameOrEmail: string, password: string, headers: Record<string, string> = {}) =>
    app
      .fetch('/api/auth/login', {
        ip,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ usernameOrEmail, password }),
      })
      .then(async (res) => ({ status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() }));

  describe('login', () => {
    // Twice the address limit of this app (30): successes never count against an address.
    it('60 successful logins from one address are fine (a team behind one address)', { timeout: 300_000 }, async () => {
      for (let i = 0; i < 60; i++) expect((await attempt('10.60.0.1', 'owner', STRONG_PASSWORD)).status).toBe(200);
    });

    it('10 failures from address A do not stop the owner logging in from address B', async () => {
      for (let i = 0; i < 10; i++) expect((await attempt('10.61.0.1', 'owner', WRONG)).status).toBe(401);
      const locked = await attempt('10.61.0.1', 'owner', STRONG_PASSWORD);
      expect(locked.status).toBe(429);
      expect(Number(locked.retryAfter)).toBeGreaterThan(0);
      expect(locked.body.message).toMatch(/failed attempts/);
      expect((await attempt('10.61.0.2', 'owner', STRONG_PASSWORD)).status).toBe(200);
    });

    it('username and email share one counter', async () => {
      await signUp(app, { email: 'shared@example.com', username: 'shared' });
      for (let i = 0; i < 5; i++) expect((await attempt('10.62.0.1', 'shared', WRONG)).status).toBe(401);
      for (let i = 0; i < 5; i++) expect((await attempt('10.62.0.1', 'Shared@Example.com', WRONG)).status).toBe(401);
      expect((await attempt('10.62.0.1', 'shared', STRONG_PASSWORD)).status).toBe(429);
      expect((await attempt('10.62.0.1', 'shared@example.com', STRONG_PASSWORD)).status).toBe(429);
    });

    it('a success clears the failures of that account from that address', async () => {
      await signUp(app, { email: 'typo@example.com', username: 'typo' });
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < 9; i++) expect((await attempt('10.63.0.1', 'typo', WRONG)).status).toBe(401);
        expect((await attempt('10.63.0.1', 'typo', STRONG_PASSWORD)).status).toBe(200);
      }
    });

    it('unknown names are limited like accounts, and an address is limited across names', async () => {
      for (let i = 0; i < 10; i++) expect((await attempt('10.64.0.1', 'ghost', WRONG)).status).toBe(401);
      expect((await attempt('10.64.0.1', 'ghost', WRONG)).status).toBe(429);
      // 30 failures per address (a refused attempt is one too): 11 above, 18 more on other names; a
      // success in between does not wipe them.
      for (let i = 0; i < 18; i++) expect((await attempt('10.64.0.1', `nobody${i}`, WRONG)).status).toBe(401);
      expect((await attempt('10.64.0.1', 'owner', STRONG_PASSWORD)).status).toBe(200);
      expect((await attempt('10.64.0.1', 'nobody-else', WRONG)).status).toBe(401);
      const blocked = await attempt('10.64.0.1', 'owner', STRONG_PASSWORD);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
      expect((await attempt('10.64.0.2', 'owner', STRONG_PASSWORD)).status).toBe(200);
    });

    it('the administrator login shares the account counter', async () => {
      for (let i = 0; i < 10; i++) expect((await attempt('10.65.0.1', 'owner', WRONG)).status).toBe(401);
      const admin = await app.fetch('/api/auth/login', {
        ip: '10.65.0.1',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'owner@example.com', password: WRONG }),
      });
      expect(admin.status).toBe(429);
    });

    it('X-Forwarded-For is ignored without TRUST_PROXY', async () => {
      for (let i = 0; i < 10; i++) {
        expect((await attempt('10.66.0.1', 'owner', WRONG, { 'x-forwarded-for': `203.0.113.${i}` })).status).toBe(401);
      }
      expect((await attempt('10.66.0.1', 'owner', STRONG_PASSWORD, { 'x-forwarded-for': '198.51.100.7' })).status).toBe(429);
    });
  });

  describe('registration', () => {
    const register = (ip: string, email: string, username: string) =>
      app.fetch('/api/auth/register', {
        ip,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: username, email, username, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD }),
      });

    it('is limited per address: 429 with Retry-After, no account, no mail', async () => {
      for (let i = 0; i < 3; i++) expect((await register('10.70.0.1', `flood${i}@example.com`, `flood${i}`)).status).toBe(201);
      const mails = app.mailer.sent.length;
      const refused = await register('10.70.0.1', 'flood3@example.com', 'flood3');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(app.mailer.sent.length).toBe(mails);
      expect(await app.database.prisma.user.count({ where: { username: 'flood3' } })).toBe(0);
      // Input that breaks a rule is not counted against the address of someone fixing a typo.
      expect((await register('10.70.0.2', 'not-an-email', 'typo1')).status).toBe(400);
      expect((await register('10.70.0.2', 'not-an-email', 'typo1')).status).toBe(400);
      expect((await register('10.70.0.2', 'fixed@example.com', 'fixed')).status).toBe(201);
    });

    it('is limited per target mailbox (sub-addresses included), from any address', async () => {
      expect((await register('10.71.0.1', 'victim+a@example.com', 'victima')).status).toBe(201);
      expect((await register('10.71.0.2', 'Victim+b@example.com', 'victimb')).status).toBe(201);
      const mails = app.mailer.sent.length;
      const refused = await register('10.71.0.3', 'victim@example.com', 'victimc');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(app.mailer.sent.length).toBe(mails);
    });

    it('resending is limited per email as configured', async () => {
      const resend = () => new Client(app).json('POST', '/api/auth/resend-verification', { email: 'flood0@example.com' });
      expect((await resend()).status).toBe(200);
      expect((await resend()).status).toBe(200);
      const refused = await resend();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });
});

describe('behind a proxy (TRUST_PROXY=1)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('pglite', { TRUST_PROXY: '1', LOGIN_LIMIT_PER_ACCOUNT: '3' });
    await signUp(app, { email: 'proxied@example.com', username: 'proxied' });
  });
  afterAll(async () => app?.close());

  // Every request reaches the app from the proxy's socket address.
  const attempt = (forwardedFor: string, password: string) =>
    app.fetch('/api/auth/login', {
      ip: '10.0.0.1',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ usernameOrEmail: 'proxied', password }),
    });

  it('takes the client address from the entry the proxy appended', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt('203.0.113.9', WRONG)).status).toBe(401);
    expect((await attempt('203.0.113.9', STRONG_PASSWORD)).status).toBe(429);
    // A client cannot choose its address by sending its own X-Forwarded-For: the proxy appends the real one.
    expect((await attempt('198.51.100.1, 203.0.113.9', STRONG_PASSWORD)).status).toBe(429);
    // The owner at another address logs in.
    expect((await attempt('198.51.100.1', STRONG_PASSWORD)).status).toBe(200);
    const user = await app.database.prisma.user.findUniqueOrThrow({ where: { username: 'proxied' } });
    const row = await app.database.prisma.session.findFirst({ where: { userId: user.id, ip: '198.51.100.1' } });
    expect(row).not.toBeNull();
  });
});
