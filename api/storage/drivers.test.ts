import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startS3Server, type TestS3Server } from '../test/s3-server.ts';
import { s3Storage } from './s3-storage.ts';
import { storageFor } from './storage-for.ts';
import { localDiskStorage, type FileStorage } from './storage.ts';

// The same behaviour from each driver (docs/decisions.md "Issue 28: storage on S3"): the local
// folder, and an S3 bucket on an S3-compatible server (s3rver) this file starts on loopback.

const MiB = 1024 * 1024;

/** `size` bytes of a pattern that tells positions apart, in chunks of 64 KiB, as an upload arrives. */
function patterned(size: number): { bytes: Buffer; stream: () => Readable } {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i + 4 <= size; i += 4) bytes.writeUInt32BE(i, i);
  return {
    bytes,
    stream: () =>
      Readable.from(
        (function* () {
          for (let at = 0; at < size; at += 64 * 1024) yield bytes.subarray(at, Math.min(size, at + 64 * 1024));
        })(),
      ),
  };
}

/** A stream that sends `bytes` and then fails, as an upload refused or cut short does. */
function failingAfter(bytes: number, error: Error): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) return void this.destroy(error);
      const chunk = Buffer.alloc(Math.min(256 * 1024, bytes - sent), 7);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keysUnder(storage: FileStorage, prefix: string) {
  const keys: string[] = [];
  for await (const { key } of storage.list(prefix)) keys.push(key);
  return keys.sort();
}

let s3: TestS3Server;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-drivers-'));
beforeAll(async () => {
  s3 = await startS3Server('datapit-drivers');
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const drivers: Array<[string, () => FileStorage]> = [
  ['local folder', () => localDiskStorage(root)],
  ['S3 bucket (s3rver on loopback)', () => s3Storage(s3.settings)],
];

describe.each(drivers)('file storage: %s', (_name, make) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = make();
  });
  afterAll(() => storage.close());

  it('keeps what a write streamed, reads it whole and by inclusive range, and knows its size', async () => {
    // Over two of the S3 driver's 5 MiB parts: a multipart upload, its parts in order.
    const file = patterned(12 * MiB + 123);
    expect(await storage.write('uploads/u1/big.csv', file.stream())).toEqual({ size: file.bytes.length });
    expect(await storage.size('uploads/u1/big.csv')).toBe(file.bytes.length);
    expect((await bytesOf(storage.read('uploads/u1/big.csv'))).equals(file.bytes)).toBe(true);
    // Ranges inside one part, across a part boundary, and the last byte. (Not `bytes=0-0`: s3rver
    // reads an end of 0 as none and answers the whole file; S3 itself answers the one byte.)
    for (const [start, end] of [[0, 3], [1000, 1999], [5 * MiB - 10, 5 * MiB + 9], [file.bytes.length - 1, file.bytes.length - 1]] as const) {
      expect((await bytesOf(storage.read('uploads/u1/big.csv', { start, end }))).equals(file.bytes.subarray(start, end + 1))).toBe(true);
    }
  });

  it('stores a small file in one piece and overwrites a key written again', async () => {
    expect(await storage.write('avatars/u2/a.webp', Readable.from([Buffer.from('first')]))).toEqual({ size: 5 });
    expect(await storage.write('avatars/u2/a.webp', Readable.from([Buffer.from('second!')]))).toEqual({ size: 7 });
    expect(await text(storage.read('avatars/u2/a.webp'))).toBe('second!');
  });

  it('leaves nothing of a write whose source fails, early or after several parts, and reports the source\'s error', async () => {
    class Refused extends Error {}
    for (const [name, bytes] of [['at-once', 0], ['small', 1000], ['past-two-parts', 11 * MiB]] as const) {
      const failure = new Refused(`refused ${name}`);
      await expect(storage.write(`uploads/u3/${name}.csv`, failingAfter(bytes, failure))).rejects.toBe(failure);
    }
    expect(await keysUnder(storage, 'uploads/u3/')).toEqual([]);
    await expect(storage.size('uploads/u3/past-two-parts.csv')).rejects.toThrow();
  });

  it('deletes (a missing key is no error), lists by prefix with the time written, and fails the read of a missing file on the stream', async () => {
    const before = Date.now() - 5000;
    await storage.write('evidence/d1/one.pdf', Readable.from([Buffer.from('%PDF-1.4')]));
    await storage.write('evidence/d1/two.pdf', Readable.from([Buffer.from('%PDF-1.5')]));
    const listed = [];
    for await (const entry of storage.list('evidence/')) listed.push(entry);
    expect(listed.map((e) => e.key).sort()).toEqual(['evidence/d1/one.pdf', 'evidence/d1/two.pdf']);
    for (const entry of listed) expect(entry.modifiedMs).toBeGreaterThan(before);
    await storage.delete('evidence/d1/one.pdf');
    await storage.delete('evidence/d1/one.pdf');
    expect(await keysUnder(storage, 'evidence/')).toEqual(['evidence/d1/two.pdf']);
    // Handed out at once; the failure arrives on the stream, as a missing file on disk does.
    const missing = storage.read('evidence/d1/one.pdf');
    await expect(bytesOf(missing)).rejects.toThrow();
    // A stream destroyed before it was read sends nothing and fails nothing.
    storage.read('evidence/d1/two.pdf').destroy();
  });

  it('refuses keys that could leave its folder', async () => {
    await expect(storage.write('../escape.csv', Readable.from([Buffer.from('x')]))).rejects.toThrow('bad storage key');
    expect(() => storage.read('uploads/../../x')).toThrow('bad storage key');
  });
});

describe('choosing the driver', () => {
  it('keeps files in DATA_DIR without S3_BUCKET, and in the bucket with it', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-drivers-config-'));
    try {
      expect(storageFor(loadConfig({ DATA_DIR: dataDir })).kind).toBe('local');
      const config = loadConfig({ DATA_DIR: dataDir, ...s3.env });
      expect(config.storage).toEqual(s3.settings);
      expect(storageFor(config).kind).toBe('s3');
      // AWS S3 itself: addressed by virtual host, credentials from the SDK's own chain.
      expect(loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'my-bucket', AWS_REGION: 'eu-west-1' }).storage).toEqual({
        driver: 's3', bucket: 'my-bucket', region: 'eu-west-1', endpoint: undefined, forcePathStyle: false, credentials: undefined,
      });
      expect(() => loadConfig({ DATA_DIR: dataDir, S3_ENDPOINT: s3.endpoint })).toThrow('S3_BUCKET must be set when S3_ENDPOINT is set');
      expect(() => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'k' })).toThrow('S3_SECRET_ACCESS_KEY must be set');
      expect(() => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'Not_A_Bucket' })).toThrow('S3_BUCKET must be a bucket name');
      expect(() => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'b-1', S3_SECRET_ACCESS_KEY: 'hidden-value', S3_ACCESS_KEY_ID: '' })).toThrow(/^(?!.*hidden-value)/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
