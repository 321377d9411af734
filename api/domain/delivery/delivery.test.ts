import crypto from 'node:crypto';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { startTestApp, type Client, type TestApp } from '../../test/harness.ts';
import { makeUser } from '../../test/market-fixtures.ts';
import { login, makeListing, makePurchase, sha256, uploadFile, usagesOf } from './delivery.fixtures.ts';

// GET /api/data/download|stream/{contractId} with X-API-Key, GET /api/data/access/{purchaseId}
// and key rotation, over the whole app in-process.

const CSV = 'id,name,notes\n1,Ada,"line one\nline two"\n2,"Grace ""Amazing"" Hopper",plain\n';
const JSON_ARRAY = JSON.stringify([{ id: 1, tags: ['a', 'b'] }, { id: 2, text: 'with, comma ] and } braces' }, { id: 3, nested: { deep: [1, { x: '"' }] } }], null, 2);
const NDJSON = '{"id":1,"v":"a"}\n{"id":2,"v":"b"}\n';
const ZIP_BYTES = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), crypto.randomBytes(3000)]);

describe.each(testDatabases())('data delivery on %s', (kind) => {
  let app: TestApp;
  let big: Buffer;
  let ids: { seller: string; buyer: string; other: string; admin: string };
  let buyer: Client;
  let other: Client;
  const contracts: Record<string, string> = {};
  const get = (path: string, apiKey: string | null | undefined, headers: Record<string, string> = {}) =>
    app.fetch(path, { headers: { ...(apiKey === undefined ? {} : { 'x-api-key': apiKey ?? '' }), ...headers } });
  /** The status of a GET, its body read to the end (the access-log row is written when it ends). */
  const statusOf = async (path: string, apiKey: string | null | undefined) => {
    const res = await get(path, apiKey);
    await res.arrayBuffer();
    return res.status;
  };

  beforeAll(async () => {
    app = await startTestApp(kind);
    const db = app.database.prisma;
    const seller = await makeUser(db, 'seller', { dueDiligenceStatus: 'approved' });
    const b = await makeUser(db, 'buyer');
    const o = await makeUser(db, 'other');
    const admin = await makeUser(db, 'boss', { isAdmin: true });
    ids = { seller: seller.id, buyer: b.id, other: o.id, admin: admin.id };
    const provider = await login(app, 'seller');
    buyer = await login(app, 'buyer');
    other = await login(app, 'other');
    big = crypto.randomBytes(1024 * 1024 + 123);
    const files: Array<[string, string, Buffer | string]> = [
      ['big', 'séries 2026.csv', Buffer.concat([Buffer.from('a,b\n'), big.map((x, i) => (i % 100 === 99 ? 0x0a : 0x61 + (x % 26)))])],
      ['csv', 'people.csv', CSV],
      ['array', 'items.json', JSON_ARRAY],
      ['ndjson', 'events.json', NDJSON],
      // over the 1 KB from which JSON answers are compressed
      ['manyjson', 'many.json', JSON.stringify(Array.from({ length: 100 }, (_, id) => ({ id, text: 'x'.repeat(20) })))],
      ['xlsx', 'book.xlsx', ZIP_BYTES],
      ['zip', 'bundle.zip', ZIP_BYTES],
    ];
    for (const [name, fileName, content] of files) {
      const file = await uploadFile(app, provider, fileName, content);
      contracts[name] = (await makeListing(app, { providerId: seller.id, title: `Data ${name}`, fileId: file.id })).id;
    }
    contracts.link = (
      await makeListing(app, { providerId: seller.id, title: 'Linked data', dataAccessType: 'external_link', dataAccessUrl: 'https://data.example.com/x', accessInstructions: 'Log in with your buyer email.' })
    ).id;
  }, 120_000);
  afterAll(async () => app?.close());

  const bigBytes = async () => Buffer.from(await (await get(`/api/data/download/${contracts.big}`, (await buy('big')).key!.key)).arrayBuffer());
  const buy = (name: string, extra: Partial<Parameters<typeof makePurchase>[1]> = {}) =>
    makePurchase(app, { buyerId: ids.buyer, sellerId: ids.seller, contractId: contracts[name]!, ...extra });

  describe('who may download', () => {
    it('401 without a key or with an unknown one, and logs nothing for an unknown key', async () => {
      const { purchase } = await buy('csv');
      expect(await statusOf(`/api/data/download/${contracts.csv}`, undefined)).toBe(401);
      expect(await statusOf(`/api/data/download/${contracts.csv}`, 'dpk_nope')).toBe(401);
      const res = await get(`/api/data/stream/${contracts.csv}`, `dpk_${'A'.repeat(43)}`);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ message: 'Invalid API key' });
      expect(await usagesOf(app, purchase.id)).toEqual([]);
    });

    it("403 for another contract's key, logged as denied", async () => {
      const { purchase, key: k } = await buy('csv');
      const res = await get(`/api/data/download/${contracts.zip}`, k!.key);
      expect(res.status).toBe(403);
      const [row] = await usagesOf(app, purchase.id, 1);
      expect(row).toMatchObject({ action: 'download', outcome: 'denied', statusCode: 403, apiKeyId: k!.id, bytes: 0n });
    });

    it('403 when access expired, was refunded or the payment is pending', async () => {
      const expired = await buy('csv', { accessExpiresAt: new Date(Date.now() - 1000) });
      const refunded = await buy('csv', { paymentStatus: 'refunded' });
      // A refund revokes the purchase's keys as well; the answer still says why.
      await app.database.prisma.apiKey.updateMany({ where: { purchaseId: refunded.purchase.id }, data: { revokedAt: new Date() } });
      const pending = await buy('csv', { paymentStatus: 'pending', withKey: true });
      for (const { key: k, purchase } of [expired, refunded, pending]) {
        const res = await get(`/api/data/download/${contracts.csv}`, k!.key);
        expect(res.status).toBe(403);
        expect(await statusOf(`/api/data/stream/${contracts.csv}`, k!.key)).toBe(403);
        const rows = await usagesOf(app, purchase.id, 2);
        expect(rows.map((r) => [r.action, r.outcome, r.statusCode])).toEqual([
          ['download', 'denied', 403],
          ['stream', 'denied', 403],
        ]);
      }
      expect((await (await get(`/api/data/download/${contracts.csv}`, expired.key!.key)).json()).message).toMatch(/expired/i);
      expect((await (await get(`/api/data/download/${contracts.csv}`, refunded.key!.key)).json()).message).toMatch(/refunded/i);
      // A disputed payment keeps access while an administrator decides.
      const disputed = await buy('csv', { paymentStatus: 'disputed' });
      expect(await statusOf(`/api/data/download/${contracts.csv}`, disputed.key!.key)).toBe(200);
    });

    it('the logged-in buyer may download without a key (the library); others may not', async () => {
      await buy('zip');
      const res = await buyer.request(`/api/data/download/${contracts.zip}`);
      expect(res.status).toBe(200);
      expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(sha256(ZIP_BYTES));
      expect((await other.request(`/api/data/download/${contracts.zip}`)).status).toBe(403);
    });
  });

  describe('download', () => {
    it('sends the file as uploaded: type, name (RFC 6266), length, ETag, Accept-Ranges; counts the download', async () => {
      const { purchase, key: k } = await buy('xlsx');
      const res = await get(`/api/data/download/${contracts.xlsx}`, k!.key);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="book.xlsx"; filename*=UTF-8''book.xlsx`);
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(res.headers.get('etag')).toBe(`"${sha256(ZIP_BYTES)}"`);
      expect(res.headers.get('content-length')).toBe(String(ZIP_BYTES.length));
      expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), ZIP_BYTES)).toBe(0);
      const [row] = await usagesOf(app, purchase.id, 1);
      expect(row).toMatchObject({ action: 'download', outcome: 'ok', statusCode: 200, bytes: BigInt(ZIP_BYTES.length), apiKeyId: k!.id });
      const after = await app.database.prisma.purchase.findUniqueOrThrow({ where: { id: purchase.id } });
      expect(after.downloadCount).toBe(1);
      expect(after.lastAccessedAt).toBeInstanceOf(Date);
    });

    it('sends a JSON data file as its exact bytes even to a client that accepts gzip (answers are compressed, files never)', async () => {
      const { key: k } = await buy('manyjson');
      const res = await get(`/api/data/download/${contracts.manyjson}`, k!.key, { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('content-encoding')).toBeNull();
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.length).toBeGreaterThan(1024);
      expect(res.headers.get('content-length')).toBe(String(bytes.length));
      expect(JSON.parse(bytes.toString())).toHaveLength(100);
      const rows = await get(`/api/data/stream/${contracts.manyjson}`, k!.key, { 'accept-encoding': 'gzip' });
      expect(rows.headers.get('content-encoding')).toBeNull();
      await rows.arrayBuffer();
    });

    it('answers HEAD with the headers only, logged with 0 bytes and not counted as a download', async () => {
      const { purchase, key: k } = await buy('zip');
      const res = await app.fetch(`/api/data/download/${contracts.zip}`, { method: 'HEAD', headers: { 'x-api-key': k!.key } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-length')).toBe(String(ZIP_BYTES.length));
      expect(res.headers.get('etag')).toBe(`"${sha256(ZIP_BYTES)}"`);
      const streamed = await app.fetch(`/api/data/stream/${contracts.zip}`, { method: 'HEAD', headers: { 'x-api-key': k!.key } });
      expect(streamed.status).toBe(200);
      const rows = await usagesOf(app, purchase.id, 2);
      expect(rows.map((r) => [r.action, r.outcome, Number(r.bytes)])).toEqual([
        ['download', 'ok', 0],
        ['stream', 'ok', 0],
      ]);
      expect((await app.database.prisma.purchase.findUniqueOrThrow({ where: { id: purchase.id } })).downloadCount).toBe(0);
    });

    it('names a file beyond ASCII with filename*', async () => {
      const { key: k } = await buy('big');
      const res = await get(`/api/data/download/${contracts.big}`, k!.key, { range: 'bytes=0-0' });
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="series 2026.csv"; filename*=UTF-8''s%C3%A9ries%202026.csv`);
      await res.arrayBuffer();
    });

    it('honours Range: first bytes, an open end, a suffix, 416, If-Range; the pieces make the file', async () => {
      const whole = await bigBytes();
      const size = whole.length;
      const { purchase, key: k } = await buy('big');
      const part = async (range: string, headers: Record<string, string> = {}) => {
        const res = await get(`/api/data/download/${contracts.big}`, k!.key, { range, ...headers });
        return { res, body: Buffer.from(await res.arrayBuffer()) };
      };
      const first = await part('bytes=0-99');
      expect(first.res.status).toBe(206);
      expect(first.res.headers.get('content-range')).toBe(`bytes 0-99/${size}`);
      expect(first.res.headers.get('content-length')).toBe('100');
      expect(first.body.equals(whole.subarray(0, 100))).toBe(true);
      const rest = await part('bytes=100-');
      expect(rest.res.status).toBe(206);
      expect(rest.res.headers.get('content-range')).toBe(`bytes 100-${size - 1}/${size}`);
      // A broken download resumed where it stopped is the file.
      expect(sha256(Buffer.concat([first.body, rest.body]))).toBe(first.res.headers.get('etag')!.slice(1, -1));
      const suffix = await part('bytes=-100');
      expect(suffix.res.headers.get('content-range')).toBe(`bytes ${size - 100}-${size - 1}/${size}`);
      expect(suffix.body.equals(whole.subarray(size - 100))).toBe(true);
      const past = await part(`bytes=${size}-`);
      expect(past.res.status).toBe(416);
      expect(past.res.headers.get('content-range')).toBe(`bytes */${size}`);
      const matching = await part('bytes=0-9', { 'if-range': first.res.headers.get('etag')! });
      expect(matching.res.status).toBe(206);
      const stale = await part('bytes=0-9', { 'if-range': '"another-version"' });
      expect(stale.res.status).toBe(200);
      expect(stale.body.length).toBe(size);
      const rows = await usagesOf(app, purchase.id, 6);
      expect(rows.map((r) => [r.statusCode, Number(r.bytes), r.outcome])).toEqual([
        [206, 100, 'ok'],
        [206, size - 100, 'ok'],
        [206, 100, 'ok'],
        [416, 0, 'error'],
        [206, 10, 'ok'],
        [200, size, 'ok'],
      ]);
      // Resuming (a range that does not start at 0) is the same download.
      const after = await app.database.prisma.purchase.findUniqueOrThrow({ where: { id: purchase.id } });
      expect(after.downloadCount).toBe(3);
    });

    it('logs an aborted download with the bytes that went out', async () => {
      const { purchase, key: k } = await buy('big');
      const res = await get(`/api/data/download/${contracts.big}`, k!.key);
      const reader = res.body!.getReader();
      let got = 0;
      while (got < 100_000) got += (await reader.read()).value!.byteLength;
      await reader.cancel();
      const [row] = await usagesOf(app, purchase.id, 1);
      expect(row).toMatchObject({ action: 'download', outcome: 'aborted', statusCode: 200 });
      expect(Number(row!.bytes)).toBe(got);
      expect(Number(row!.bytes)).toBeLessThan(big.length);
    });
  });

  describe('stream', () => {
    const lines = async (res: Response) => (await res.text()).split('\n').filter(Boolean).map((l) => JSON.parse(l));

    it('sends CSV rows as NDJSON, quoted line breaks kept in their field', async () => {
      const { purchase, key: k } = await buy('csv');
      const res = await get(`/api/data/stream/${contracts.csv}`, k!.key);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
      const text = await res.clone().text();
      expect(await lines(res)).toEqual([
        { id: '1', name: 'Ada', notes: 'line one\nline two' },
        { id: '2', name: 'Grace "Amazing" Hopper', notes: 'plain' },
      ]);
      const [row] = await usagesOf(app, purchase.id, 1);
      expect(row).toMatchObject({ action: 'stream', outcome: 'ok', bytes: BigInt(Buffer.byteLength(text)) });
      expect((await app.database.prisma.purchase.findUniqueOrThrow({ where: { id: purchase.id } })).downloadCount).toBe(0);
    });

    it('sends a JSON array element by element, one line each', async () => {
      const { key: k } = await buy('array');
      const res = await get(`/api/data/stream/${contracts.array}`, k!.key);
      const text = await res.text();
      expect(text.split('\n').filter(Boolean)).toHaveLength(3);
      expect(text.split('\n').filter(Boolean).map((l) => JSON.parse(l))).toEqual(JSON.parse(JSON_ARRAY));
    });

    it('passes NDJSON through', async () => {
      const { key: k } = await buy('ndjson');
      expect(await (await get(`/api/data/stream/${contracts.ndjson}`, k!.key)).text()).toBe(NDJSON);
    });

    it('sends xlsx and zip as raw bytes', async () => {
      for (const name of ['xlsx', 'zip']) {
        const { key: k } = await buy(name);
        const res = await get(`/api/data/stream/${contracts[name]}`, k!.key);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe(name === 'zip' ? 'application/zip' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
        expect(Buffer.from(await res.arrayBuffer()).equals(ZIP_BYTES)).toBe(true);
      }
    });

    it('answers an external-link listing with its link and instructions', async () => {
      const { purchase, key: k } = await buy('link');
      for (const path of ['download', 'stream']) {
        const res = await get(`/api/data/${path}/${contracts.link}`, k!.key);
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({
          contractId: contracts.link,
          title: 'Linked data',
          dataAccessType: 'external_link',
          dataAccessUrl: 'https://data.example.com/x',
          accessInstructions: 'Log in with your buyer email.',
        });
      }
      expect((await usagesOf(app, purchase.id, 2)).map((r) => r.outcome)).toEqual(['ok', 'ok']);
    });
  });

  describe('access and keys', () => {
    it('a purchase without a key gets one on its first access read, shown in full that once; later reads show its prefix', async () => {
      const { purchase } = await buy('csv', { withKey: false });
      const first = await buyer.json('GET', `/api/data/access/${purchase.id}?buyer_id=${ids.buyer}`);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ id: purchase.id, hasAccess: true, accessExpired: false, downloadCount: 0, lastAccessedAt: null, contract: { id: contracts.csv, title: 'Data csv' } });
      expect(first.body.apiKey).toMatch(/^dpk_[A-Za-z0-9_-]{43}$/);
      expect(first.body.apiKeyPrefix).toBe(first.body.apiKey.slice(0, 12));
      const second = await buyer.json('GET', `/api/data/access/${purchase.id}`);
      expect(second.body.apiKey).toBeNull();
      expect(second.body.apiKeyPrefix).toBe(first.body.apiKeyPrefix);
      expect(await statusOf(`/api/data/download/${contracts.csv}`, first.body.apiKey)).toBe(200);
      const stored = await app.database.prisma.apiKey.findMany({ where: { purchaseId: purchase.id } });
      expect(stored).toHaveLength(1);
      expect(stored[0]!.keyHash).toBe(sha256(first.body.apiKey));
      expect(JSON.stringify(stored)).not.toContain(first.body.apiKey);
      const rows = await usagesOf(app, purchase.id, 3);
      expect(rows.map((r) => [r.action, r.outcome])).toEqual([
        ['access', 'issued'],
        ['access', 'ok'],
        ['download', 'ok'],
      ]);
    });

    it('never replaces or shows the escrow key on a read: it keeps working, and every answer shows its prefix', async () => {
      const { purchase, key: escrowKey } = await buy('csv');
      const first = await buyer.json('GET', `/api/data/access/${purchase.id}`);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ apiKey: null, apiKeyPrefix: escrowKey!.prefix, hasAccess: true });
      const second = await buyer.json('GET', `/api/data/access/${purchase.id}`);
      expect(second.body).toMatchObject({ apiKey: null, apiKeyPrefix: escrowKey!.prefix });
      expect(await statusOf(`/api/data/download/${contracts.csv}`, escrowKey!.key)).toBe(200);
      const keys = await app.database.prisma.apiKey.findMany({ where: { purchaseId: purchase.id } });
      expect(keys.map((k) => [k.id, k.revokedAt])).toEqual([[escrowKey!.id, null]]);
      const rows = await usagesOf(app, purchase.id, 3);
      expect(rows.map((r) => [r.action, r.outcome, r.apiKeyId])).toEqual([
        ['access', 'ok', escrowKey!.id],
        ['access', 'ok', escrowKey!.id],
        ['download', 'ok', escrowKey!.id],
      ]);
    });

    it('rotate shows a new key once and the old one stops working', async () => {
      const { purchase, key: old } = await buy('csv');
      const rotated = await buyer.json('POST', `/api/data/access/${purchase.id}/rotate`);
      expect(rotated.status).toBe(200);
      expect(rotated.body.apiKey).toMatch(/^dpk_/);
      expect(rotated.body.apiKey).not.toBe(old!.key);
      expect(await statusOf(`/api/data/download/${contracts.csv}`, old!.key)).toBe(401);
      expect(await statusOf(`/api/data/download/${contracts.csv}`, rotated.body.apiKey)).toBe(200);
      // The library's next access call shows the rotated key's prefix, not another new key.
      const next = await buyer.json('GET', `/api/data/access/${purchase.id}`);
      expect(next.body).toMatchObject({ apiKey: null, apiKeyPrefix: rotated.body.apiKeyPrefix });
      const denied = (await usagesOf(app, purchase.id, 4)).find((r) => r.apiKeyId === old!.id);
      expect(denied).toMatchObject({ outcome: 'denied', statusCode: 401 });
    });

    it("someone else's purchase is 404, a foreign buyer_id 403, anonymous 401, no access 403", async () => {
      const { purchase } = await buy('csv');
      expect((await other.json('GET', `/api/data/access/${purchase.id}`)).status).toBe(404);
      expect((await other.json('POST', `/api/data/access/${purchase.id}/rotate`)).status).toBe(404);
      expect((await buyer.json('GET', `/api/data/access/${purchase.id}?buyer_id=${ids.other}`)).status).toBe(403);
      expect((await app.fetch(`/api/data/access/${purchase.id}`)).status).toBe(401);
      expect((await buyer.json('GET', `/api/data/access/not-an-id`)).status).toBe(404);
      const refunded = await buy('csv', { paymentStatus: 'refunded' });
      const res = await buyer.json('GET', `/api/data/access/${refunded.purchase.id}`);
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/^Refunded/);
      expect((await buyer.json('POST', `/api/data/access/${refunded.purchase.id}/rotate`)).status).toBe(403);
      expect((await usagesOf(app, refunded.purchase.id, 1))[0]).toMatchObject({ action: 'access', outcome: 'denied' });
    });
  });

  describe('GraphQL', () => {
    const PURCHASE = `query($id: ID!) { node(id: $id) { ... on Purchase { hasAccess accessExpired apiKeyPrefix downloadPath streamPath accessPath
      accessLog(first: 50) { totalCount edges { node { time action bytes outcome statusCode ip } } } } } }`;
    const gid = (id: string) => encodeGlobalID('Purchase', id);

    it('shows access fields to the buyer and the access log to the provider and administrators (ip only to buyer and admins)', async () => {
      const { purchase, key: k } = await buy('xlsx');
      await (await get(`/api/data/download/${contracts.xlsx}`, k!.key)).arrayBuffer();
      await usagesOf(app, purchase.id, 1);
      const mine = await buyer.gql(PURCHASE, { id: gid(purchase.id) });
      expect(mine.errors).toBeUndefined();
      expect(mine.data.node).toMatchObject({
        hasAccess: true,
        accessExpired: false,
        apiKeyPrefix: k!.prefix,
        downloadPath: `/api/data/download/${contracts.xlsx}`,
        streamPath: `/api/data/stream/${contracts.xlsx}`,
        accessPath: `/api/data/access/${purchase.id}`,
        accessLog: { totalCount: 1, edges: [{ node: { action: 'download', bytes: ZIP_BYTES.length, outcome: 'ok', statusCode: 200, ip: '127.0.0.1' } }] },
      });
      const seller = await (await login(app, 'seller')).gql(PURCHASE, { id: gid(purchase.id) });
      expect(seller.data.node).toMatchObject({ apiKeyPrefix: null, accessLog: { totalCount: 1, edges: [{ node: { ip: null, bytes: ZIP_BYTES.length } }] } });
      const admin = await (await login(app, 'boss')).gql(PURCHASE, { id: gid(purchase.id) });
      expect(admin.data.node.accessLog.edges[0].node.ip).toBe('127.0.0.1');
      const stranger = await other.gql(PURCHASE, { id: gid(purchase.id) });
      expect(stranger.data?.node ?? null).toBeNull();
    });

    it("shows a link listing's URL and instructions while access is live, none for a file listing or without access", async () => {
      const EXTERNAL = `query($id: ID!) { node(id: $id) { ... on Purchase { externalAccess { url instructions } } } }`;
      const { purchase } = await buy('link');
      expect((await buyer.gql(EXTERNAL, { id: gid(purchase.id) })).data.node.externalAccess).toEqual({ url: 'https://data.example.com/x', instructions: 'Log in with your buyer email.' });
      const file = await buy('zip');
      expect((await buyer.gql(EXTERNAL, { id: gid(file.purchase.id) })).data.node.externalAccess).toBeNull();
      const ended = await buy('link', { accessExpiresAt: new Date(Date.now() - 1000) });
      expect((await buyer.gql(EXTERNAL, { id: gid(ended.purchase.id) })).data.node.externalAccess).toBeNull();
      expect((await other.gql(EXTERNAL, { id: gid(purchase.id) })).data?.node ?? null).toBeNull();
    });

    it('requestDataAccess never replaces the escrow key: it answers the prefix and the key keeps working', async () => {
      const { purchase, key: escrowKey } = await buy('csv');
      const REQUEST = `mutation($id: ID!) { requestDataAccess(input: { purchaseId: $id }) { __typename
        ... on MutationRequestDataAccessSuccess { data { apiKey apiKeyPrefix purchase { apiKeyPrefix } } } } }`;
      for (let i = 0; i < 2; i++) {
        const answer = await buyer.gql(REQUEST, { id: gid(purchase.id) });
        expect(answer.data.requestDataAccess.data).toEqual({ apiKey: null, apiKeyPrefix: escrowKey!.prefix, purchase: { apiKeyPrefix: escrowKey!.prefix } });
      }
      expect(await statusOf(`/api/data/stream/${contracts.csv}`, escrowKey!.key)).toBe(200);
    });

    it('requestDataAccess and rotateApiKey show the key once; errors are typed', async () => {
      const { purchase } = await buy('csv', { withKey: false });
      const REQUEST = `mutation($id: ID!) { requestDataAccess(input: { purchaseId: $id }) { __typename ... on Error { code reason message }
        ... on MutationRequestDataAccessSuccess { data { apiKey apiKeyPrefix purchase { hasAccess apiKeyPrefix } } } } }`;
      const ROTATE = `mutation($id: ID!) { rotateApiKey(input: { purchaseId: $id }) { __typename ... on Error { code }
        ... on MutationRotateApiKeySuccess { data { apiKey apiKeyPrefix } } } }`;
      const first = await buyer.gql(REQUEST, { id: gid(purchase.id) });
      expect(first.data.requestDataAccess.data.apiKey).toMatch(/^dpk_/);
      expect(first.data.requestDataAccess.data.purchase).toEqual({ hasAccess: true, apiKeyPrefix: first.data.requestDataAccess.data.apiKeyPrefix });
      expect((await buyer.gql(REQUEST, { id: purchase.id })).data.requestDataAccess.data.apiKey).toBeNull();
      const rotated = await buyer.gql(ROTATE, { id: gid(purchase.id) });
      expect(rotated.data.rotateApiKey.data.apiKey).toMatch(/^dpk_/);
      expect(rotated.data.rotateApiKey.data.apiKey).not.toBe(first.data.requestDataAccess.data.apiKey);
      expect((await other.gql(REQUEST, { id: gid(purchase.id) })).data.requestDataAccess).toMatchObject({ code: 'NOT_FOUND' });
      const anonymous = await new (buyer.constructor as typeof Client)(app).gql(ROTATE, { id: gid(purchase.id) });
      expect(anonymous.data.rotateApiKey).toMatchObject({ code: 'UNAUTHENTICATED' });
      const expired = await buy('csv', { accessExpiresAt: new Date(Date.now() - 1000) });
      expect((await buyer.gql(REQUEST, { id: gid(expired.purchase.id) })).data.requestDataAccess).toMatchObject({ code: 'FORBIDDEN', reason: 'ACCESS_EXPIRED' });
    });
  });

});
