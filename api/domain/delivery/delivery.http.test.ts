import crypto from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDatabase } from '../../test/databases.ts';
import type { TestApp } from '../../test/harness.ts';
import { makeUser } from '../../test/market-fixtures.ts';
import { startSocketApp, type SocketApp } from '../../test/socket-app.ts';
import { makeListing, makePurchase, sha256, usagesOf } from './delivery.fixtures.ts';

// Download over a real socket (@hono/node-server, as in production): a client that hangs up
// mid-file is logged as aborted with the bytes that went out, and the download resumes with Range.

describe.each(testDatabases())('download over HTTP on %s', (kind) => {
  let live: SocketApp;
  let database: TestDatabase;
  let port = 0;
  const file = crypto.randomBytes(8 * 1024 * 1024);
  let contractId = '';
  const app = () => ({ database }) as unknown as TestApp;

  beforeAll(async () => {
    // Ports 4413 (embedded) and 4414 (PostgreSQL): this file's share of the test range.
    port = kind === 'pglite' ? 4413 : 4414;
    live = await startSocketApp(kind, { name: 'delivery-http', port });
    ({ database } = live);
    const storage = live.storage;
    const seller = await makeUser(database.prisma, 'seller', { dueDiligenceStatus: 'approved' });
    const storageKey = `uploads/${seller.id}/bench.bin`;
    await storage.write(storageKey, Readable.from([file]));
    const stored = await database.prisma.dataFile.create({
      data: { uploaderId: seller.id, fileName: 'dump.zip', contentType: 'application/zip', size: BigInt(file.length), sha256: sha256(file), storageKey },
    });
    contractId = (await makeListing(app(), { providerId: seller.id, title: 'Socket data', fileId: stored.id })).id;
  }, 240_000);

  afterAll(async () => {
    await live?.close();
  });

  /** GETs the download; `stopAfter` hangs up once that many bytes arrived. */
  const download = (apiKey: string, headers: Record<string, string>, stopAfter = Infinity) =>
    new Promise<{ status: number; body: Buffer; aborted: boolean }>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: `/api/data/download/${contractId}`, headers: { 'x-api-key': apiKey, ...headers } }, (res) => {
        const parts: Buffer[] = [];
        let got = 0;
        res.on('data', (chunk: Buffer) => {
          parts.push(chunk);
          got += chunk.length;
          if (got >= stopAfter) {
            req.destroy();
            resolve({ status: res.statusCode!, body: Buffer.concat(parts), aborted: true });
          }
        });
        res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(parts), aborted: false }));
        res.on('error', () => {});
      });
      req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    });

  it('logs a hang-up as aborted with the bytes sent, and the rest resumes with Range into the same file', async () => {
    const buyer = await makeUser(database.prisma, `buyer_${kind}`);
    const { purchase, key } = await makePurchase(app(), { buyerId: buyer.id, sellerId: (await database.prisma.contract.findUniqueOrThrow({ where: { id: contractId } })).providerId, contractId });
    const first = await download(key!.key, {}, 512 * 1024);
    expect(first.aborted).toBe(true);
    const [row] = await usagesOf(app(), purchase.id, 1);
    expect(row).toMatchObject({ action: 'download', outcome: 'aborted', statusCode: 200, apiKeyId: key!.id });
    // What went out: at least what arrived, never the whole file.
    expect(Number(row!.bytes)).toBeGreaterThanOrEqual(first.body.length);
    expect(Number(row!.bytes)).toBeLessThan(file.length);

    const rest = await download(key!.key, { range: `bytes=${first.body.length}-`, 'if-range': `"${sha256(file)}"` });
    expect(rest.status).toBe(206);
    expect(sha256(Buffer.concat([first.body, rest.body]))).toBe(sha256(file));
    const rows = await usagesOf(app(), purchase.id, 2);
    expect(rows[1]).toMatchObject({ outcome: 'ok', statusCode: 206, bytes: BigInt(file.length - first.body.length) });
    const after = await database.prisma.purchase.findUniqueOrThrow({ where: { id: purchase.id } });
    expect(after.downloadCount).toBe(1);
  });
});
