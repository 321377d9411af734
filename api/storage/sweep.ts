import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database.ts';
import { localDiskStorage, type FileStorage, type LocalDiskStorage } from './storage.ts';

// Files left behind by a process that died mid-write: a `.partial` of an upload cut by kill -9,
// or a finished file whose DataFile row was never written (killed while profiling), or whose row
// the sweep of uploads not in a listing removed just before the process died (that job removes
// the file after its rows commit: api/domain/listings/upload.service.ts). Nothing else ever
// removes them, so the server sweeps them once at start (api/server.ts).

/** Files younger than this may belong to an upload another instance is finishing right now. */
export const SWEEP_MIN_AGE_MS = 60 * 60_000;

/**
 * Storage keys under these folders belong to rows: DataFile (upload.service stores listing files
 * as `uploads/<user>/<id>.<ext>`) and DisputeEvidenceFile (a dispute's evidence,
 * `evidence/<dispute>/<id>.<ext>`, kept when the submission is written). Anything else in the
 * storage is left alone: a file kept by a feature this sweep does not know about is not an orphan.
 */
const ROW_FOLDERS: Record<string, (db: Db, keys: string[]) => Promise<{ storageKey: string }[]>> = {
  'uploads/': (db, keys) => db.dataFile.findMany({ where: { storageKey: { in: keys } }, select: { storageKey: true } }),
  'evidence/': (db, keys) => db.disputeEvidenceFile.findMany({ where: { storageKey: { in: keys } }, select: { storageKey: true } }),
};

const BATCH = 500;

export interface SweepResult {
  /** Storage keys removed. */
  removed: string[];
  /** Files looked at (old enough to be judged). */
  checked: number;
}

/**
 * Removes from the storage every `.partial` file and every file of a row folder that no row points
 * to, if last written more than `minAgeMs` ago. The local folder (`root`, DATA_DIR/files, or a
 * local storage) also loses the folders the sweep emptied. In an S3 bucket a write never completed
 * is no object, so only files without rows are found there (the parts of a multipart upload cut by
 * a killed process go with the bucket's lifecycle rule: docs/decisions.md "Issue 28: storage on S3").
 */
export async function sweepOrphanFiles(opts: { root?: string; storage?: FileStorage; db: Db; minAgeMs?: number; now?: number }): Promise<SweepResult> {
  const storage = opts.storage ?? localDiskStorage(opts.root!);
  const root = 'root' in storage ? (storage as LocalDiskStorage).root : undefined;
  const cutoff = (opts.now ?? Date.now()) - (opts.minAgeMs ?? SWEEP_MIN_AGE_MS);
  const removed: string[] = [];
  let checked = 0;
  let candidates: string[] = [];
  let folder = '';
  const touchedDirs = new Set<string>();

  const remove = async (key: string) => {
    await storage.delete(key);
    removed.push(key);
    touchedDirs.add(path.posix.dirname(key));
  };
  const flush = async () => {
    if (!candidates.length) return;
    const batch = candidates;
    candidates = [];
    const rows = await ROW_FOLDERS[folder]!(opts.db, batch);
    const known = new Set(rows.map((r) => r.storageKey));
    for (const key of batch) if (!known.has(key)) await remove(key);
  };

  for await (const { key, modifiedMs } of storage.list('')) {
    if (modifiedMs > cutoff) continue;
    checked++;
    if (key.endsWith('.partial')) await remove(key);
    else {
      const of = Object.keys(ROW_FOLDERS).find((f) => key.startsWith(f));
      if (!of) continue;
      // one folder's keys per batch: each is looked up in its own table
      if (of !== folder) await flush();
      folder = of;
      candidates.push(key);
      if (candidates.length >= BATCH) await flush();
    }
  }
  await flush();

  // Folders emptied by the sweep (a user's upload folder); rmdir refuses a folder that is not empty.
  if (root) {
    for (const dir of [...touchedDirs].sort((a, b) => b.length - a.length)) {
      if (dir !== '.') await fsp.rmdir(path.join(root, dir)).catch(() => {});
    }
  }
  return { removed, checked };
}
