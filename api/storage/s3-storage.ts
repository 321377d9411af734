import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config.ts';
import { checkKey, lazyReadable, type FileStorage } from './storage.ts';

// Files in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO and the like), so that several
// instances behind one address serve each other's files (docs/decisions.md "Issue 28: storage on
// S3"). A write streams as a multipart upload of PART_SIZE parts, at most QUEUE_SIZE of them in
// flight: an upload holds about (QUEUE_SIZE + 1) x PART_SIZE, whatever the file's size. A read is
// a GetObject with the Range asked for, so HTTP Range keeps working.

/** S3's smallest part (but the last). */
const PART_SIZE = 5 * 1024 * 1024;
/** Parts sent at once. */
const QUEUE_SIZE = 2;

type Sdk = typeof import('@aws-sdk/client-s3');
type Lib = typeof import('@aws-sdk/lib-storage');

export function s3Storage(settings: S3Settings): FileStorage {
  const Bucket = settings.bucket;
  // The SDK loads with the first file asked for: a server on the local folder never loads it, and
  // neither does one that serves no file before it stops.
  let connecting: Promise<{ sdk: Sdk; lib: Lib; s3: S3Client }> | undefined;
  const connect = () =>
    (connecting ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([sdk, lib]) => ({
      sdk,
      lib,
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
      const { sdk, lib, s3 } = await connect();
      let size = 0;
      let failed: unknown;
      // Counted on the way; the source's failure (a refused or interrupted upload) is what the
      // write reports, not what the SDK made of it.
      const counted = Readable.from(
        (async function* () {
          try {
            for await (const chunk of source) {
              size += (chunk as Buffer).length;
              yield chunk as Buffer;
            }
          } catch (error) {
            failed = error;
            throw error;
          }
        })(),
        { objectMode: false },
      );
      const upload = new lib.Upload({ client: s3, params: { Bucket, Key: key, Body: counted }, partSize: PART_SIZE, queueSize: QUEUE_SIZE, leavePartsOnError: true });
      try {
        await upload.done();
      } catch (error) {
        // Atomic: a multipart upload never completed is no object; its parts are dropped here (a
        // process killed mid-upload leaves them to the bucket's lifecycle rule, see the decision).
        const uploadId = (upload as unknown as { uploadId?: string }).uploadId;
        if (uploadId) await s3.send(new sdk.AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId })).catch(() => {});
        if (!source.destroyed) source.resume();
        throw failed ?? error;
      }
      return { size };
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
