import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { sha256, usagesOf } from './delivery.fixtures.ts';
import { JSON_ARRAY, NDJSON, ZIP_BYTES, deliveryWorld } from './delivery.world.ts';

// GET /api/data/download|stream/{contractId} with X-API-Key: who may, and what they get, over the
// whole app in-process (the shared listings and users are delivery.world.ts's).

describe.each(testDatabases())('data delivery on %s', (kind) => {
  const world = deliveryWorld(kind);
  const { contracts, get, statusOf, buy, bigBytes } = world;

  describe('who may download', () => {
    it('401 without a key or with an unknown one, and logs nothing for an unknown key', async () => {
      const { purchase } = await buy('csv');
      expect(await statusOf(`/api/data/download/${contracts.csv}`, undefined)).toBe(401);
      expect(await statusOf(`/api/data/download/${contracts.csv}`, 'dpk_nope')).toBe(401);
      const res = await get(`/api/data/stream/${contracts.csv}`, `dpk_${'A'.repeat(43)}`);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ message: 'Invalid API key' });
      expect(await usagesOf(world.app, purchase.id)).toEqual([]);
    });

    it("403 for another contract's key, logged as denied", async () => {
      const { purchase, key: k } = await buy('csv');
      const res = await get(`/api/data/download/${contracts.zip}`, k!.key);
      expect(res.status).toBe(403);
      const [row] = await usagesOf(world.app, purchase.id, 1);
      expect(row).toMatchObject({ action: 'download', outcome: 'denied', statusCode: 403, apiKeyId: k!.id, bytes: 0n });
    });

    it('403 when access expired, was refunded or the payment is pending', async () => {
      const expired = await buy('csv', { accessExpiresAt: new Date(Date.now() - 1000) });
      const refunded = await buy('csv', { paymentStatus: 'refunded' });
      // A refund revokes the purchase's keys as well; the answer still says why.
      await world.app.database.prisma.apiKey.updateMany({ where: { purchaseId: refunded.purchase.id }, data: { revokedAt: new Date() } });
      const pending = await buy('csv', { paymentStatus: 'pending', withKey: true });
      for (const { key: k, purchase } of [expired, refunded, pending]) {
        const res = await get(`/api/data/download/${contracts.csv}`, k!.key);
        expect(res.status).toBe(403);
        expect(await statusOf(`/api/data/stream/${contracts.csv}`, k!.key)).toBe(403);
        const rows = await usagesOf(world.app, purchase.id, 2);
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
      const res = await world.buyer.request(`/api/data/download/${contracts.zip}`);
      expect(res.status).toBe(200);
      expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(sha256(ZIP_BYTES));
      expect((await world.other.request(`/api/data/download/${contracts.zip}`)).status).toBe(403);
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
      const [row] = await usagesOf(world.app, purchase.id, 1);
      expect(row).toMatchObject({ action: 'download', outcome: 'ok', statusCode: 200, bytes: BigInt(ZIP_BYTES.length), apiKeyId: k!.id });
      const after = await world.app.database.prisma.purchase.findUniqueOrThrow({ where: { id: purchase.id } });
      expect(after.downloadCount).toBe(1);
      expect(after.lastAccessedAt).toBeInstanceOf(Date);
    });

    it('sends a JSON data file as its exact bytes even to a client that accepts gzip (the download never compressed; the stream is)', async () => {
      const { key: k } = await buy('manyjson');
      const res = await get(`/api/data/download/${contracts.manyjson}`, k!.key, { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('content-encoding')).toBeNull();
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.length).toBeGreaterThan(1024);
      expect(res.headers.get('content-length')).toBe(String(bytes.length));
      expect(JSON.parse(bytes.toString())).toHaveLength(100);
      // The stream of its records is compressed as asked (docs/decisions.md "Issue 27: API conventions").
      const rows = await get(`/api/data/stream/${contracts.manyjson}`, k!.key, { 'accept-encoding': 'gzip' });
      expect(rows.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(Buffer.from(await rows.arrayBuffer())).toString().trim().split('\n')).toHaveLength(100);
    });

    it('answers HEAD with the headers only, logged with 0 bytes and not counted as a download', async () => {
      const { purchase, key: k } = await buy('zip');
      const res = await world.app.fetch(`/api/data/download/${contracts.zip}`, { method: 'HEAD', headers: { 'x-api-key': k!.key } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-length')).toBe(String(ZIP_BYTES.length));
      expect(res.headers.get('etag')).toBe(`"${sha256(ZIP_BYTES)}"`);
      const streamed = await world.app.fetch(`/api/data/stream/${contracts.zip}`, { method: 'HEAD', headers: { 'x-api-key': k!.key } });
      expect(streamed.status).toBe(200);
      const rows = await usagesOf(world.app, purchase.id, 2);
      expect(rows.map((r) => [r.action, r.outcome, Number(r.bytes)])).toEqual([
        ['download', 'ok', 0],
        ['stream', 'ok', 0],
      ]);
      expect((await world.app.database.prisma.purchase.findUniqueOrThrow({ where: { id: purchase.id } })).downloadCount).toBe(0);
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
      const rows = await usagesOf(world.app, purchase.id, 6);
      expect(rows.map((r) => [r.statusCode, Number(r.bytes), r.outcome])).toEqual([
        [206, 100, 'ok'],
        [206, size - 100, 'ok'],
        [206, 100, 'ok'],
        [416, 0, 'error'],
        [206, 10, 'ok'],
        [200, size, 'ok'],
      ]);
      // Resuming (a range that does not start at 0) is the same download.
      const after = await world.app.database.prisma.purchase.findUniqueOrThrow({ where: { id: purchase.id } });
      expect(after.downloadCount).toBe(3);
    });

    it('logs an aborted download with the bytes that went out', async () => {
      const { purchase, key: k } = await buy('big');
      const res = await get(`/api/data/download/${contracts.big}`, k!.key);
      const reader = res.body!.getReader();
      let got = 0;
      while (got < 100_000) got += (await reader.read()).value!.byteLength;
      await reader.cancel();
      const [row] = await usagesOf(world.app, purchase.id, 1);
      expect(row).toMatchObject({ action: 'download', outcome: 'aborted', statusCode: 200 });
      expect(Number(row!.bytes)).toBe(got);
      expect(Number(row!.bytes)).toBeLessThan(world.big.length);
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
      const [row] = await usagesOf(world.app, purchase.id, 1);
      expect(row).toMatchObject({ action: 'stream', outcome: 'ok', bytes: BigInt(Buffer.byteLength(text)) });
      expect((await world.app.database.prisma.purchase.findUniqueOrThrow({ where: { id: purchase.id } })).downloadCount).toBe(0);
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
      expect((await usagesOf(world.app, purchase.id, 2)).map((r) => r.outcome)).toEqual(['ok', 'ok']);
    });
  });
});
