import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../test/market-fixtures.ts';
import { loginCookie, startInstancePair } from '../test/live.ts';
import { startS3Server, type TestS3Server } from '../test/s3-server.ts';
import { s3Storage } from './s3-storage.ts';
import { sweepOrphanFiles } from './sweep.ts';

// Two instances behind one address (docs/decisions.md "Issue 28: storage on S3"): one PostgreSQL
// database, one Redis and one bucket (an S3-compatible server this file starts on loopback). A
// file uploaded through one instance is downloaded, whole and by Range, through the other.
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)('uploaded files across two instances on one bucket', () => {
  let s3: TestS3Server;
  let pair: Awaited<ReturnType<typeof startInstancePair>>;

  beforeAll(async () => {
    s3 = await startS3Server('datapit-two-instances');
    pair = await startInstancePair({ ...s3.env, REDIS_PREFIX: `pit-s3-${crypto.randomBytes(4).toString('hex')}:` });
    await makeUser(pair.db, 'seller', { dueDiligenceStatus: 'approved' });
  });
  afterAll(async () => {
    await pair?.close();
    await s3?.close();
  });

  it('uploads through one instance and downloads, whole and by Range, through the other', async () => {
    const [first, second] = pair.instances;
    expect(first.app.services.storage.kind).toBe('s3');
    // Over two 5 MiB parts: the bucket gets a multipart upload.
    const rows = Array.from({ length: 240_000 }, (_, i) => `${i},eu-west,${(i * 3.14159).toFixed(5)},2026-01-01T00:00:00Z`).join('\n');
    const bytes = Buffer.from(`id,region,value,ts\n${rows}\n`);
    expect(bytes.length).toBeGreaterThan(10 * 1024 * 1024);

    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'text/csv' }), 'rows.csv');
    const upload = await fetch(`http://${first.base}/api/uploads`, { method: 'POST', headers: { cookie: await loginCookie(first.base, 'seller') }, body: form });
    expect(upload.status).toBe(201);
    const stored = (await upload.json()) as { fileId: string; size: number; sha256: string; profile: { recordCount: number } | null };
    expect(stored.size).toBe(bytes.length);
    expect(stored.sha256).toBe(crypto.createHash('sha256').update(bytes).digest('hex'));
    // Profiled from the bucket, as the instance read it back.
    expect(stored.profile?.recordCount).toBe(240_000);

    // Nothing of it on either instance's disk: the other instance reads the bucket.
    const cookie = await loginCookie(second.base, 'seller');
    const whole = await fetch(`http://${second.base}/api/files/${stored.fileId}/download`, { headers: { cookie } });
    expect(whole.status).toBe(200);
    const etag = whole.headers.get('etag');
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

    const start = 5 * 1024 * 1024 - 100;
    const end = start + 999;
    const part = await fetch(`http://${second.base}/api/files/${stored.fileId}/download`, { headers: { cookie, range: `bytes=${start}-${end}`, 'if-range': etag ?? '' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it('the start-up sweep finds files without rows in the bucket and keeps the ones rows name', async () => {
    const storage = s3Storage(s3.settings);
    try {
      const row = await pair.db.dataFile.findFirstOrThrow({ select: { storageKey: true } });
      const seller = await pair.db.user.findFirstOrThrow({ where: { username: 'seller' } });
      const orphan = `uploads/${seller.id}/${crypto.randomUUID()}.csv`;
      await storage.write(orphan, Readable.from([Buffer.from('id\n1\n')]));
      // A key of no row folder (not the sweep's to judge) stays too.
      await storage.write('exports/report.csv', Readable.from([Buffer.from('x\n')]));
      const swept = await sweepOrphanFiles({ storage, db: pair.db, minAgeMs: 0, now: Date.now() + 5000 });
      expect(swept.removed).toEqual([orphan]);
      expect(await storage.size(row.storageKey)).toBeGreaterThan(0);
      expect(await storage.size('exports/report.csv')).toBe(2);
      await expect(storage.size(orphan)).rejects.toThrow();
    } finally {
      await storage.close();
    }
  });
});
