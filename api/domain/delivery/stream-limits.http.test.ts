import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from '../../storage/storage.ts';
import { testDatabases, type TestDatabase } from '../../test/databases.ts';
import type { TestApp } from '../../test/harness.ts';
import { makeUser } from '../../test/market-fixtures.ts';
import { startSocketApp, type SocketApp } from '../../test/socket-app.ts';
import { ROW_LIMITS } from '../listings/row-limits.ts';
import { login, makeListing, makePurchase, sha256, uploadFile, usagesOf } from './delivery.fixtures.ts';

// GET /api/data/stream of files past the row limits (api/domain/listings/row-limits.ts), over a
// real socket. A CSV whose header had 7.5 million columns, streamed five times at once, held the
// event loop for 23 s and ran the server out of memory: the keys of the header were built before
// the first row. Such a file is now refused with 422 (pointing to the download) before any row
// work; whether the listing predates the check (its file has no verdict) or was uploaded since
// (its profile carries one).

/** A CSV header of `columns` columns named `name(i)`, then a few rows. */
function csv(columns: number, name: (i: number) => string): Buffer {
  const header = Array.from({ length: columns }, (_, i) => name(i)).join(',');
  return Buffer.from(`${header}\n1,2,3\n4,5,6\n`);
}

describe.each(testDatabases())('streams past the row limits on %s', (kind) => {
  let live: SocketApp;
  let database: TestDatabase;
  let base = '';
  let testApp: TestApp;
  let storage: FileStorage;
  const ids = { seller: '', buyer: '' };

  beforeAll(async () => {
    live = await startSocketApp(kind, { name: 'stream-limits', listener: 'node' });
    ({ database, storage, base } = live);
    const created = live.app;
    // The fixtures' uploads and logins go through the app in-process.
    testApp = {
      database,
      fetch: (p: string, init: RequestInit & { ip?: string } = {}) => {
        const { ip = '127.0.0.1', ...rest } = init;
        return created.app.fetch(new Request(`http://localhost${p}`, rest), { incoming: { socket: { remoteAddress: ip } } } as never);
      },
    } as unknown as TestApp;
    ids.seller = (await makeUser(database.prisma, 'seller', { dueDiligenceStatus: 'approved' })).id;
    ids.buyer = (await makeUser(database.prisma, 'buyer')).id;
  }, 240_000);

  afterAll(async () => {
    await live?.close();
  });

  /** A listing whose file was stored before uploads were checked against the row limits: no profile. */
  async function listedBefore(title: string, fileName: string, content: Buffer, profile?: object) {
    const storageKey = `uploads/${ids.seller}/${crypto.randomUUID()}-${fileName}`;
    await storage.write(storageKey, Readable.from([content]));
    const file = await database.prisma.dataFile.create({
      data: { uploaderId: ids.seller, fileName, contentType: fileName.endsWith('.csv') ? 'text/csv' : 'application/json', size: BigInt(content.length), sha256: sha256(content), storageKey, profile },
    });
    return bought(title, file.id);
  }

  /** A listing whose file went through POST /api/uploads (profiled). */
  async function uploaded(title: string, fileName: string, content: Buffer) {
    const file = await uploadFile(testApp, await login(testApp, 'seller'), fileName, content);
    return { ...(await bought(title, file.id)), profile: file.profile as { notStreamable?: { limit: string; message: string } } | null };
  }

  async function bought(title: string, fileId: string) {
    const contract = await makeListing(testApp, { providerId: ids.seller, title, fileId });
    const { purchase, key } = await makePurchase(testApp, { buyerId: ids.buyer, sellerId: ids.seller, contractId: contract.id });
    return { contractId: contract.id, purchaseId: purchase.id, key: key!.key };
  }

  const stream = (contractId: string, key: string, method = 'GET') => fetch(`${base}/api/data/stream/${contractId}`, { method, headers: { 'x-api-key': key } });

  const refusal = (contractId: string, limit: string, message: string) => {
    const downloadPath = `/api/data/download/${contractId}`;
    return { message: `${message}: download the file instead (GET ${downloadPath})`, code: 'NOT_STREAMABLE', limit, downloadPath, requestId: expect.any(String) };
  };

  it('a listed CSV whose header has hundreds of thousands of columns: five streams at once each answer 422, and /healthz answers meanwhile', async () => {
    // 400,000 columns in 800 KB, and 300,000 columns in 3.3 MB (a header longer than a record may be).
    const wide = await listedBefore('Wide header', 'wide.csv', csv(400_000, () => 'a'));
    const long = await listedBefore('Long header', 'long.csv', csv(300_000, (i) => `col_${String(i).padStart(6, '0')}`));
    const streams = [wide, long].flatMap((l) => Array.from({ length: 5 }, () => stream(l.contractId, l.key).then(async (res) => ({ status: res.status, body: await res.json() }))));
    const health = fetch(`${base}/healthz`).then((res) => res.status);
    const answers = await Promise.all(streams);
    expect(await health).toBe(200);
    for (const answer of answers.slice(0, 5)) {
      expect(answer).toEqual({ status: 422, body: refusal(wide.contractId, 'too_many_columns', 'The file has more than 16,384 columns, the most the stream sends as rows') });
    }
    for (const answer of answers.slice(5)) {
      expect(answer).toEqual({ status: 422, body: refusal(long.contractId, 'header_too_long', "The file's header row is longer than 1 MiB, the most the stream reads as one row") });
    }
    // Logged as refused, and the download the answer points to serves the file whole.
    expect((await usagesOf(testApp, wide.purchaseId, 5)).map((r) => [r.action, r.outcome, r.statusCode])).toEqual(Array(5).fill(['stream', 'error', 422]));
    const download = await fetch(`${base}/api/data/download/${wide.contractId}`, { headers: { 'x-api-key': wide.key } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(csv(400_000, () => 'a'))).toBe(true);
  });

  it('an upload past a row limit is flagged in its profile, and its stream refused from that flag', async () => {
    const wide = await uploaded('Wide upload', 'wide.csv', csv(ROW_LIMITS.maxColumns + 1, (i) => `c${i}`));
    expect(wide.profile?.notStreamable).toEqual({ limit: 'too_many_columns', message: 'The file has more than 16,384 columns, the most the stream sends as rows' });
    const res = await stream(wide.contractId, wide.key);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(refusal(wide.contractId, 'too_many_columns', wide.profile!.notStreamable!.message));
    expect((await stream(wide.contractId, wide.key, 'HEAD')).status).toBe(422);

    // A JSON array with an element over 1 MiB (the stream cuts arrays into records).
    const array = await uploaded('Long element', 'long.json', Buffer.from(`[{"a":1},{"a":"${'x'.repeat(ROW_LIMITS.maxRecordBytes)}"},{"a":3}]`));
    expect(array.profile?.notStreamable?.limit).toBe('record_too_long');
    const refused = await stream(array.contractId, array.key);
    expect(refused.status).toBe(422);
    expect((await refused.json()).limit).toBe('record_too_long');
  });

  it('a header of exactly 16,384 columns streams as rows', async () => {
    const widest = await uploaded('Widest header', 'widest.csv', csv(ROW_LIMITS.maxColumns, (i) => `c${i}`));
    expect(widest.profile?.notStreamable).toBeUndefined();
    const res = await stream(widest.contractId, widest.key);
    expect(res.status).toBe(200);
    const rows = (await res.text()).split('\n').filter(Boolean).map((line) => JSON.parse(line));
    expect(rows).toEqual([
      { c0: '1', c1: '2', c2: '3' },
      { c0: '4', c1: '5', c2: '6' },
    ]);
  });

  it('a record over 1 MiB: refused up front when the profile saw it (also a profile from before the flag), else the stream ends with an error there', async () => {
    const content = Buffer.from(`id,payload\n1,a\n2,${'x'.repeat(ROW_LIMITS.maxRecordBytes + 10)}\n3,c\n`);
    const flagged = await uploaded('Long record', 'long-record.csv', content);
    expect(flagged.profile?.notStreamable?.limit).toBe('record_too_long');
    expect((await stream(flagged.contractId, flagged.key)).status).toBe(422);
    const older = await listedBefore('Long record, older profile', 'older.csv', content, { recordCount: null, fields: [], sampleRows: [], truncated: { limits: ['record_too_long'], recordsRead: 1 } });
    expect((await stream(older.contractId, older.key)).status).toBe(422);

    const unprofiled = await listedBefore('Long record, no profile', 'unprofiled.csv', content);
    const res = await stream(unprofiled.contractId, unprofiled.key);
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    const [row] = await usagesOf(testApp, unprofiled.purchaseId, 1);
    expect(row).toMatchObject({ action: 'stream', outcome: 'error' });
  });
});
