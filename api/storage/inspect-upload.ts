import crypto from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';

/** How one kind of upload is checked while it streams (a listing's data file, dispute evidence). */
export interface UploadChecks {
  /** How many first bytes the content check reads. */
  headBytes: number;
  /** Throws when the first bytes are not what the file's name says it is. */
  checkHead(head: Buffer): void;
  /** The refusal of a file that has reached `size` bytes (too large, no room left), or null. */
  refuseSize(size: number): Error | null;
  /** The refusal of a file the client cut at the multipart parser's size limit. */
  tooLarge(): Error;
  /** The refusal of an empty file. */
  empty(): Error;
  /** Settled before the first chunk is taken (e.g. the room left, read while the file arrives). */
  ready?: Promise<unknown>;
}

/**
 * Pipes an uploaded file through its checks on its way to the storage, in constant memory: it
 * stops at the first chunk past the size limit, and at the first bytes that are not what the name
 * says, so a hostile file is refused before it is read to its end. The size and sha256 are known
 * once the stream ended. One place for it: the listing upload and the dispute evidence both use it.
 */
export function inspectUpload(source: Readable, checks: UploadChecks): { stream: Transform; size(): number; sha256(): string } {
  const hash = crypto.createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  let checked = false;
  let ready = !checks.ready;
  const check = () => {
    checked = true;
    checks.checkHead(head);
  };
  const take = (chunk: Buffer, done: TransformCallback) => {
    size += chunk.length;
    const refused = checks.refuseSize(size);
    if (refused) return done(refused);
    hash.update(chunk);
    if (!checked) {
      head = Buffer.concat([head, chunk.subarray(0, checks.headBytes - head.length)]);
      if (head.length >= checks.headBytes) {
        try {
          check();
        } catch (error) {
          return done(error as Error);
        }
      }
    }
    done(null, chunk);
  };
  const inspect = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (ready) return take(chunk, done);
      checks.ready!.then(() => {
        ready = true;
        take(chunk, done);
      }, (error: Error) => done(error));
    },
    flush(done) {
      if (size === 0) return done(checks.empty());
      try {
        if (!checked) check();
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
  // The storage write's pipeline reports inspect's failure; this listener only keeps a late
  // second emission of the same error (after the pipeline let go) from crashing the process.
  inspect.on('error', () => {});
  // `pipe` does not pass the source's failure on (an interrupted upload): fail the chain with it.
  source.on('error', (error) => inspect.destroy(error));
  // Busboy marks a file cut at its size limit.
  source.on('limit', () => inspect.destroy(checks.tooLarge()));
  return { stream: source.pipe(inspect), size: () => size, sha256: () => hash.digest('hex') };
}
