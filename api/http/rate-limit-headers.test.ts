import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, logIn, startTestApp, type TestApp } from '../test/harness.ts';
import { testDatabases } from '../test/databases.ts';
import { makeUser } from '../test/market-fixtures.ts';
import { memoryRateLimiter, policyOfKey, reportingLimiter, type RateLimitNote } from '../rate-limiter.ts';

// Rate limits told in the answer (docs/api-rate-limits.md): RateLimit-Policy and RateLimit on the
// limited routes, Retry-After on a 429, and the quota of programs (bearer token, X-API-Key).

describe('the names of policies', () => {
  it('are the leading words of the key, never the address, mailbox or id after them', () => {
    expect(policyOfKey('login:ip:10.0.0.1')).toBe('login:ip');
    expect(policyOfKey('login:ip:abcd::1')).toBe('login:ip');
    expect(policyOfKey('login:account:ann:ip:10.0.0.1')).toBe('login:account');
    expect(policyOfKey('register:mailbox:ann@example.com')).toBe('register:mailbox');
    expect(policyOfKey('support:ticket:ip:1.2.3.4')).toBe('support:ticket');
    expect(policyOfKey('123')).toBe('limit');
  });

  it('the reporting limiter notes hits, refunds and resets of the request', async () => {
    const notes: RateLimitNote[] = [];
    const limiter = reportingLimiter(memoryRateLimiter(), () => notes);
    await limiter.hit('login:ip:1', 3, 60_000);
    await limiter.hit('login:ip:1', 3, 60_000);
    expect(notes).toEqual([{ policy: 'login:ip', key: 'login:ip:1', limit: 3, remaining: 1, resetSeconds: 60, windowSeconds: 60 }]);
    await limiter.refund('login:ip:1');
    expect(notes[0]!.remaining).toBe(2);
    await limiter.reset('login:ip:1');
    expect(notes[0]!.remaining).toBe(3);
    await limiter.close();
  });
});

describe.each(testDatabases())('RateLimit headers on %s', (kind) => {
  let app: TestApp;
  let ann: Client;
  let bobId: string;

  beforeAll(async () => {
    app = await startTestApp(kind, { MESSAGE_LIMIT_PER_USER: '2', LOGIN_LIMIT_PER_IP: '7', API_LIMIT_PER_CREDENTIAL: '3' });
    await makeUser(app.database.prisma, 'ann');
    bobId = (await makeUser(app.database.prisma, 'bob')).id;
    ann = await logIn(app, 'ann');
  });
  afterAll(async () => app?.close());

  it('a login tells the limits it met: its quota, window, what is left and when it resets', async () => {
    const visitor = new Client(app);
    const res = await visitor.json('POST', '/api/auth/login', { usernameOrEmail: 'ann', password: 'wrong' });
    expect(res.status).toBe(401);
    expect(res.headers.get('ratelimit-policy')).toBe('"login:ip";q=7;w=900, "login:account";q=10;w=900');
    expect(res.headers.get('ratelimit')).toMatch(/^"login:ip";r=6;t=\d+, "login:account";r=9;t=\d+$/);
  });

  it('a right password takes its attempt back: the header says so', async () => {
    const visitor = new Client(app);
    const res = await visitor.json('POST', '/api/auth/login', { usernameOrEmail: 'ann', password: 'Sup3r#Secret' });
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit')).toMatch(/^"login:ip";r=7;t=\d+, "login:account";r=10;t=\d+$/);
  });

  it('the last message allowed says r=0; the next is a 429 with Retry-After', async () => {
    const send = () => ann.json('POST', '/api/messages', { recipientId: bobId, content: 'Hi' });
    expect((await send()).headers.get('ratelimit')).toMatch(/^"message:user";r=1;t=\d+$/);
    const last = await send();
    expect(last.status).toBe(201);
    expect(last.headers.get('ratelimit-policy')).toBe('"message:user";q=2;w=60');
    expect(last.headers.get('ratelimit')).toMatch(/^"message:user";r=0;t=\d+$/);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit')).toMatch(/^"message:user";r=0;t=\d+$/);
  });

  it('a route without a limit carries none', async () => {
    const res = await ann.request('/api/auth/user');
    expect(res.headers.get('ratelimit')).toBeNull();
    expect(res.headers.get('ratelimit-policy')).toBeNull();
  });

  it('a program (bearer token or X-API-Key) has its own quota per credential', async () => {
    const call = (headers: Record<string, string>) => app.fetch('/api/stats', { headers });
    for (let i = 0; i < 3; i++) {
      const res = await call({ authorization: 'Bearer not-a-real-token' });
      expect(res.headers.get('ratelimit')).toMatch(new RegExp(`^"api:caller";r=${2 - i};t=\\d+$`));
    }
    const refused = await call({ authorization: 'Bearer not-a-real-token' });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.headers.get('retry-after')).toBeTruthy();
    // Another credential, and the browser (no credential), are not held back by it.
    expect((await call({ 'x-api-key': 'another-key' })).status).toBe(200);
    expect((await call({})).status).toBe(200);
  });
});
