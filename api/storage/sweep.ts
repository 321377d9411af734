import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database.ts';

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
 * Removes, under `root` (DATA_DIR/files), every `.partial` file and every file of a DataFile
 * folder that no row points to, if last written more than `minAgeMs` ago.
 */
export async function sweepOrphanFiles(opts: { root: string; db: Db; minAgeMs?: number; now?: number }): Promise<SweepResult> {
  const cutoff = (opts.now ?? Date.now()) - (opts.minAgeMs ?? SWEEP_MIN_AGE_MS);
  const removed: string[] = [];
  let checked = 0;
  let candidates: string[] = [];
  let folder = '';
  const touchedDirs = new Set<string>();

  const remove = async (key: string) => {
    await fsp.rm(path.join(opts.root, key), { force: true });
    removed.push(key);
    touchedDirs.add(path.dirname(key));
  };
  const flush = async () => {
    if (!candidates.length) return;
    const batch = candidates;
    candidates = [];
    const rows = await ROW_FOLDERS[folder]!(opts.db, batch);
    const known = new Set(rows.map((r) => r.storageKey));
    for (const key of batch) if (!known.has(key)) await remove(key);
  };

  for await (const key of walk(opts.root, '')) {
    let stat;
    try {
      stat = await fsp.stat(path.join(opts.root, key));
    } catch {
      continue; // gone meanwhile
    }
    if (!stat.isFile() || stat.mtimeMs > cutoff) continue;
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
  for (const dir of [...touchedDirs].sort((a, b) => b.length - a.length)) {
    if (dir !== '.') await fsp.rmdir(path.join(opts.root, dir)).catch(() => {});
  }
  return { removed, checked };
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
