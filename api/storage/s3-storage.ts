import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config.ts';
import { checkKey, lazyReadable, type FileStorage } from './storage.ts';

// Files in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO and the like), so that several
// instances behind one address serve each other's files (docs/decisions.md "Issue 28: storage on
// S3"). A write streams as a multipart upload of PART_SIZE parts, at most QUEUE_SIZE of them in
// flight: an upload holds (QUEUE_SIZE + 1) x PART_SIZE, whatever the file's size. A read is a
// GetObject with the Range asked for, so HTTP Range keeps working.

/** S3's smallest part (but the last). */
const PART_SIZE = 5 * 1024 * 1024;
/** Parts sent at once. */
const QUEUE_SIZE = 2;

type Sdk = typeof import('@aws-sdk/client-s3');

export function s3Storage(settings: S3Settings): FileStorage {
  const Bucket = settings.bucket;
  // The SDK loads with the first file asked for: a server on the local folder never loads it, and
  // neither does one that serves no file before it stops.
  let connecting: Promise<{ sdk: Sdk; s3: S3Client }> | undefined;
  const connect = () =>
    (connecting ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        // Unset: the SDK's own chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, an instance role).
        credentials: settings.credentials && { ...settings.credentials }, // a copy: the SDK writes into it
        // Checksums only where the protocol asks for them: not every S3-compatible server takes the
        // newer CRC headers, and the app keeps its own sha256 of each file.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));

  return {
    kind: 's3',
    async write(key, source) {
      checkKey(key);
      const { sdk, s3 } = await connect();
      let size = 0;
      // Parts are filled in place in buffers of PART_SIZE, at most QUEUE_SIZE + 1 of them made per
      // write and used again: no buffer per chunk or per part for the garbage collector to find.
      const free: Buffer[] = [];
      const take = () => free.pop() ?? Buffer.allocUnsafe(PART_SIZE);
      let current = take();
      let filled = 0;
      let partNumber = 0;
      let creating: Promise<string> | undefined;
      let uploadId: string | undefined;
      const parts: Array<{ PartNumber: number; ETag: string | undefined }> = [];
      const inFlight = new Set<Promise<void>>();
      let failed: { error: unknown } | undefined;
      const send = (buffer: Buffer, length: number) => {
        const PartNumber = ++partNumber;
        const task = (async () => {
          creating ??= s3.send(new sdk.CreateMultipartUploadCommand({ Bucket, Key: key })).then((answer) => (uploadId = answer.UploadId!));
          const UploadId = await creating;
          const answer = await s3.send(new sdk.UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber, Body: buffer.subarray(0, length), ContentLength: length }));
          parts.push({ PartNumber, ETag: answer.ETag });
          free.push(buffer);
        })();
        const tracked = task.then(
          () => void inFlight.delete(tracked),
          (error: unknown) => {
            inFlight.delete(tracked);
            failed ??= { error };
          },
        );
        inFlight.add(tracked);
      };
      const settle = async (upTo: number) => {
        while (inFlight.size > upTo) await Promise.race(inFlight);
        if (failed) throw failed.error;
      };
      try {
        for await (const chunk of source) {
          const bytes = chunk as Buffer;
          size += bytes.length;
          for (let at = 0; at < bytes.length; ) {
            const copied = bytes.copy(current, filled, at);
            filled += copied;
            at += copied;
            if (filled < PART_SIZE) continue;
            send(current, filled);
            // Backpressure: the source is read no further while QUEUE_SIZE parts are on their way.
            await settle(QUEUE_SIZE - 1);
            current = take();
            filled = 0;
          }
        }
        if (partNumber === 0) {
          // Smaller than one part: a single PutObject.
          await s3.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: current.subarray(0, filled), ContentLength: filled }));
          return { size };
        }
        if (filled > 0) send(current, filled);
        await settle(0);
        parts.sort((a, b) => a.PartNumber - b.PartNumber);
        await s3.send(new sdk.CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
        return { size };
      } catch (error) {
        // Atomic: a multipart upload never completed is no object; its parts are dropped here (a
        // process killed mid-upload leaves them to the bucket's lifecycle rule, see the decision).
        await Promise.allSettled(inFlight);
        await creating?.catch(() => {});
        if (uploadId) await s3.send(new sdk.AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId })).catch(() => {});
        if (!source.destroyed) source.resume();
        throw error;
      }
    },
    read(key, range) {
      checkKey(key);
      return lazyReadable(async (abortSignal) => {
        const { sdk, s3 } = await connect();
        const answer = await s3.send(new sdk.GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }), { abortSignal });
        return answer.Body as Readable;
      });
    },
    async size(key) {
      checkKey(key);
      const { sdk, s3 } = await connect();
      const head = await s3.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
      return Number(head.ContentLength ?? 0);
    },
    async delete(key) {
      checkKey(key);
      const { sdk, s3 } = await connect();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list(prefix) {
      const { sdk, s3 } = await connect();
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, modifiedMs: object.LastModified?.getTime() ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async close() {
      if (connecting) (await connecting).s3.destroy();
      connecting = undefined;
    },
  };
}
