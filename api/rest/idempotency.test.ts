import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, logIn, startTestApp, type TestApp } from '../test/harness.ts';
import { testDatabases } from '../test/databases.ts';
import { makeContract, makeUser } from '../test/market-fixtures.ts';
import { SUCCESS_CARD } from '../domain/payments/payments.testbed.ts';
import { keptAnswerOf } from './idempotency.ts';

// Idempotency-Key on REST POSTs (docs/decisions.md "Issue 27: API conventions").

describe('what a key keeps of an answer', () => {
  it('the body without its compression, and the headers that are part of it', async () => {
    const body = JSON.stringify({ id: 'x', text: 'a'.repeat(2000) });
    const res = new Response(gzipSync(body), { status: 201, headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', location: '/api/x', 'x-request-id': 'r1' } });
    const kept = await keptAnswerOf(res);
    expect(kept).toMatchObject({ status: 201, kept: true, headers: { 'content-type': 'application/json', location: '/api/x' } });
    expect(kept.headers['x-request-id']).toBeUndefined();
    expect(Buffer.from(kept.body!, 'base64').toString()).toBe(body);
  });

  it('nothing of an answer that sets a cookie or holds a secret (no-store)', async () => {
    for (const headers of [{ 'set-cookie': 'sid=1' }, { 'cache-control': 'no-store' }] as Array<Record<string, string>>) {
      const kept = await keptAnswerOf(new Response('{"token":"s3cret"}', { headers }));
      expect(kept.kept).toBe(false);
      expect(kept).not.toHaveProperty('body');
    }
  });
});

describe.each(testDatabases())('Idempotency-Key on %s', (kind) => {
  let app: TestApp;
  let ann: Client;
  let bob: Client;
  let bobId: string;
  let annId: string;
  const db = () => app.database.prisma;

  const send = (client: Client, body: unknown, key?: string) =>
    client.request('/api/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { 'idempotency-key': key }) },
      body: JSON.stringify(body),
    });
  const messages = () => db().message.count();

  beforeAll(async () => {
    app = await startTestApp(kind);
    annId = (await makeUser(db(), 'ann')).id;
    bobId = (await makeUser(db(), 'bob')).id;
    ann = await logIn(app, 'ann');
    bob = await logIn(app, 'bob');
  });
  afterAll(async () => app?.close());

  it('the same key and body again answers the first answer, marked replayed, and does the work once', async () => {
    const before = await messages();
    const first = await send(ann, { recipientId: bobId, content: 'Hello once' }, 'msg-1');
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstBody = await first.json();
    const again = await send(ann, { recipientId: bobId, content: 'Hello once' }, 'msg-1');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toBe('application/json');
    expect(again.headers.get('x-request-id')).toBeTruthy();
    expect(await again.json()).toEqual(firstBody);
    expect(await messages()).toBe(before + 1);
  });

  it('the same key with another body is a 409 that says so; another user or route has its own keys', async () => {
    await send(ann, { recipientId: bobId, content: 'First' }, 'msg-2');
    const other = await send(ann, { recipientId: bobId, content: 'Second' }, 'msg-2');
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: expect.stringContaining('different request') });
    const bobs = await send(bob, { recipientId: annId, content: 'First' }, 'msg-2');
    expect(bobs.status).toBe(201);
    expect(bobs.headers.get('idempotent-replayed')).toBeNull();
  });

  it('a refusal is kept too (the same request is refused the same way), with no second attempt counted', async () => {
    const missing = { recipientId: '00000000-0000-7000-8000-000000000000', content: 'Anyone?' };
    const first = await send(ann, missing, 'msg-404');
    expect(first.status).toBe(404);
    const again = await send(ann, missing, 'msg-404');
    expect(again.status).toBe(404);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toMatchObject({ code: (await first.json()).code });
  });

  it('twins sent at once run once: the others wait for the answer', async () => {
    const before = await messages();
    const answers = await Promise.all(Array.from({ length: 4 }, () => send(ann, { recipientId: bobId, content: 'Burst' }, 'burst')));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(answers.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(3);
    expect(new Set(await Promise.all(answers.map(async (r) => (await r.json()).id))).size).toBe(1);
    expect(await messages()).toBe(before + 1);
  });

  it('a key is 1 to 255 printable characters, else 400, and nothing runs', async () => {
    const before = await messages();
    // (a header of spaces only arrives empty)
    for (const key of ['x'.repeat(256), 'caf\u00e9', ' ', '']) {
      const res = await send(ann, { recipientId: bobId, content: 'Bad key' }, key);
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_INVALID' });
    }
    expect(await messages()).toBe(before);
    expect((await send(ann, { recipientId: bobId, content: 'Long key' }, 'k'.repeat(255))).status).toBe(201);
  });

  it('keys expire after 24 hours, and a run whose process died is taken over', async () => {
    await send(ann, { recipientId: bobId, content: 'Old' }, 'old-key');
    await db().idempotencyKey.updateMany({ where: { key: 'old-key' }, data: { createdAt: new Date(Date.now() - 25 * 3600_000) } });
    const later = await send(ann, { recipientId: bobId, content: 'Old' }, 'old-key');
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    // A row still running, ten minutes old: its request is gone.
    await db().idempotencyKey.create({ data: { userId: annId, operation: 'POST /api/messages', key: 'orphan', requestHash: 'x', createdAt: new Date(Date.now() - 10 * 60_000) } });
    expect((await send(ann, { recipientId: bobId, content: 'Orphan' }, 'orphan')).status).toBe(201);
  });

  it('an answer holding a secret shown once (the data key) is not kept: the retry is told so, and nothing runs twice', async () => {
    const prov = await makeUser(db(), 'prov', { dueDiligenceStatus: 'approved' });
    const contract = await makeContract(db(), prov.id, { title: 'Secret set', category: 'financial', price: '10.00' });
    const post = (path: string, body: unknown, key: string) =>
      ann.request(path, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify(body) });
    const payment = await (await post('/api/payments', { contractId: contract.id, paymentMethod: 'card' }, 'pay-1')).json();
    const paid = await post(`/api/payments/${payment.id}/escrow`, { card: SUCCESS_CARD }, 'escrow-1');
    expect(paid.status).toBe(200);
    expect(paid.headers.get('cache-control')).toBe('no-store');
    const { apiKey } = await paid.json();
    expect(apiKey).toMatch(/^dpk_/);
    const again = await post(`/api/payments/${payment.id}/escrow`, { card: SUCCESS_CARD }, 'escrow-1');
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'IDEMPOTENT_ANSWER_NOT_KEPT' });
    const row = await db().idempotencyKey.findFirstOrThrow({ where: { key: 'escrow-1' } });
    expect(JSON.stringify(row.response)).not.toContain(apiKey);
    expect(await db().apiKey.count({ where: { userId: annId } })).toBe(1);
  });

  it('an anonymous POST ignores the key (no user to keep it for): a login answers its cookie each time', async () => {
    const visitor = new Client(app);
    const login = () =>
      visitor.request('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'login-1' },
        body: JSON.stringify({ usernameOrEmail: 'ann', password: 'Sup3r#Secret' }),
      });
    const first = await login();
    expect(first.status).toBe(200);
    expect(first.headers.get('set-cookie')).toBeTruthy();
    expect(await db().idempotencyKey.count({ where: { key: 'login-1' } })).toBe(0);
  });
});
