import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';

/**
 * Where uploaded files live: a folder on the server's disk (DATA_DIR/files, the default) or an
 * S3-compatible bucket (S3_BUCKET; docs/decisions.md "Issue 28: storage on S3"), which several
 * instances behind one address share. Streams in and out: a file is never held in memory whole.
 */
export interface FileStorage {
  /** Which driver: `local` or `s3`. */
  readonly kind: 'local' | 's3';
  /** Stores the stream under `key` (atomically: a failed write leaves nothing). */
  write(key: string, source: Readable): Promise<{ size: number }>;
  /**
   * Reads the file, or the inclusive byte range [start, end]. The stream is returned at once; the
   * bytes are asked for when it is first read (a missing file fails the stream, not the call).
   */
  read(key: string, range?: { start: number; end: number }): Readable;
  size(key: string): Promise<number>;
  delete(key: string): Promise<void>;
  /** Every file whose key starts with `prefix`, with when it was last written (the start-up sweep). */
  list(prefix: string): AsyncIterable<{ key: string; modifiedMs: number }>;
  /** Lets go of connections (an S3 client's sockets); the local folder has none. */
  close(): Promise<void>;
}

/** Where uploaded data files live: DATA_DIR/files (the app's storage, the demo's files, the start-up sweep). */
export const uploadsRoot = (dataDir: string) => path.join(dataDir, 'files');

/** A key as every driver takes it: letters, digits and . _ / -, never `..`. */
export function checkKey(key: string): string {
  if (!/^[a-zA-Z0-9._/-]+$/.test(key) || key.includes('..')) throw new Error(`bad storage key: ${key}`);
  return key;
}

/**
 * A stream handed out at once whose bytes come from `open` on its first read: a driver whose
 * reads are requests (S3's GetObject) keeps `read` synchronous for its callers, and a stream never
 * read (a HEAD, a client gone first) sends no request. `open` gets a signal aborted on destroy.
 */
export function lazyReadable(open: (signal: AbortSignal) => Promise<Readable>): Readable {
  const abort = new AbortController();
  let body: Readable | undefined;
  let opening = false;
  const out: Readable = new Readable({
    read() {
      if (body) return void body.resume();
      if (opening) return;
      opening = true;
      open(abort.signal).then(
        (source) => {
          if (out.destroyed) return void source.destroy();
          body = source;
          source.on('data', (chunk: Buffer) => {
            if (!out.push(chunk)) source.pause();
          });
          source.once('end', () => out.push(null));
          source.once('error', (error) => out.destroy(error));
        },
        (error: Error) => out.destroy(error),
      );
    },
    destroy(error, done) {
      abort.abort();
      body?.destroy();
      done(error);
    },
  });
  return out;
}

/** Files in a folder of the server's disk; `root` is that folder. */
export type LocalDiskStorage = FileStorage & { readonly kind: 'local'; readonly root: string };

/** Files on local disk under `root` (uploadsRoot by default). */
export function localDiskStorage(root: string): LocalDiskStorage {
  fs.mkdirSync(root, { recursive: true });
  const file = (key: string) => path.join(root, checkKey(key));
  return {
    kind: 'local',
    root,
    async write(key, source) {
      const target = file(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${crypto.randomBytes(6).toString('hex')}.partial`;
      const out = fs.createWriteStream(temp, { flags: 'wx' });
      try {
        await pipeline(source, out);
        await fsp.rename(temp, target);
      } catch (error) {
        // A source that fails at once (an upload refused at its first chunk) ends the pipeline while
        // the file is still being opened: removing it before the stream closed would leave the
        // file its open creates afterwards behind.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await fsp.rm(temp, { force: true });
        throw error;
      }
      return { size: (await fsp.stat(target)).size };
    },
    read(key, range) {
      return fs.createReadStream(file(key), range ? { start: range.start, end: range.end } : {});
    },
    async size(key) {
      return (await fsp.stat(file(key))).size;
    },
    async delete(key) {
      await fsp.rm(file(key), { force: true });
    },
    async *list(prefix) {
      for await (const key of walk(root, '')) {
        if (!key.startsWith(prefix)) continue;
        try {
          const stat = await fsp.stat(path.join(root, key));
          if (stat.isFile()) yield { key, modifiedMs: stat.mtimeMs };
        } catch {
          // gone meanwhile
        }
      }
    },
    async close() {},
  };
}

/** Storage keys (forward slashes, relative to root) of every file below `root`. */
async function* walk(root: string, prefix: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await fsp.readdir(path.join(root, prefix), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(root, key);
    else if (entry.isFile()) yield key;
  }
}
