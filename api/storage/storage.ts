import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/** Where uploaded files live. Streams in and out: a file is never held in memory whole. */
export interface FileStorage {
  /** Stores the stream under `key` (atomically: a failed write leaves nothing). */
  write(key: string, source: Readable): Promise<{ size: number }>;
  /** Reads the file, or the inclusive byte range [start, end]. */
  read(key: string, range?: { start: number; end: number }): Readable;
  size(key: string): Promise<number>;
  delete(key: string): Promise<void>;
}

/** Where uploaded data files live: DATA_DIR/files (the app's storage, the demo's files, the start-up sweep). */
export const uploadsRoot = (dataDir: string) => path.join(dataDir, 'files');

/** Files on local disk under `root` (uploadsRoot by default). */
export function localDiskStorage(root: string): FileStorage {
  fs.mkdirSync(root, { recursive: true });
  const file = (key: string) => {
    if (!/^[a-zA-Z0-9._/-]+$/.test(key) || key.includes('..')) throw new Error(`bad storage key: ${key}`);
    return path.join(root, key);
  };
  return {
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
  };
}
