import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/database.ts';
import type { Prisma, User } from '../../db/generated/prisma/client.ts';
import type { JobContext, Jobs } from '../../jobs/job-runner.ts';
import type { FileStorage } from '../../storage/storage.ts';
import type { Logger } from '../../logger.ts';
import { AuthenticationError, DomainError, PermissionError, ValidationError } from '../errors.ts';
import { isApprovedProvider } from '../policies.ts';
import { ALLOWED_EXTENSIONS, CONTENT_TYPES, contentMatchesExtension, extensionOf, MAX_UPLOAD_BYTES } from './file-types.ts';
import type { DataProfile } from './profile.ts';
import { profileInWorker } from './profile.runner.ts';
import { inspectUpload } from '../../storage/inspect-upload.ts';

/** Uploads not in a listing (UPLOAD_RETENTION_MS, UPLOAD_UNATTACHED_QUOTA_BYTES). */
export interface UploadSettings {
  retentionMs: number;
  unattachedQuotaBytes: number;
}

export interface UploadDeps {
  db: Db;
  storage: FileStorage;
  config: { uploads: UploadSettings };
  logger?: Pick<Logger, 'warn'>;
}

export class FileTooLargeError extends DomainError {
  constructor() {
    super('TOO_LARGE', 'File Too Large: please select a file smaller than 500MB');
  }
}

/**
 * A provider's uploads not in any listing are capped (docs/decisions.md "Uploads not in a
 * listing"): the answer says how much room is left and what frees it.
 */
export class UploadSpaceFullError extends DomainError {
  constructor(settings: UploadSettings, free: number) {
    super(
      'TOO_LARGE',
      `Upload space full: files not yet in a listing may take ${byteSize(settings.unattachedQuotaBytes)} per provider and ${byteSize(Math.max(0, free))} is free. ` +
        `Submit a listing with a file you uploaded, or wait: files not in a listing are removed ${duration(settings.retentionMs)} after upload.`,
    );
  }
}

/** Who may upload listing files: approved providers and administrators. */
export function assertMayUpload(viewer: User | null): asserts viewer is User {
  if (!viewer) throw new AuthenticationError('Authentication required to upload files');
  if (!isApprovedProvider(viewer)) throw new PermissionError('Complete due diligence before uploading data files', 'DUE_DILIGENCE_REQUIRED');
}

const HEAD_BYTES = 4096;

/**
 * Streams an upload into storage with constant memory: counts bytes (refusing past the limit),
 * hashes it, and checks the first bytes against the extension before anything is kept. Then
 * profiles CSV/JSON and records the file.
 */
export async function storeUpload(
  deps: UploadDeps,
  viewer: User | null,
  file: { fileName: string; stream: Readable },
  opts: { maxBytes?: number } = {},
) {
  assertMayUpload(viewer);
  const maxBytes = opts.maxBytes ?? MAX_UPLOAD_BYTES;
  const settings = deps.config.uploads;
  const ext = extensionOf(file.fileName);
  if (!ext) {
    file.stream.resume();
    throw new ValidationError(`Unsupported file type: allowed are ${ALLOWED_EXTENSIONS.join(', ')}`);
  }
  // The room left, to stop reading as soon as the file passes it; counted again when the row is
  // written (two uploads at once). Asked without waiting: the stream's listeners below must be
  // attached before anything is awaited, or a failure of the stream meanwhile goes unseen.
  const room = unattachedBytes(deps.db, viewer.id).then((used) => settings.unattachedQuotaBytes - used);
  let free = 0;
  const ready = room.then((bytes) => (free = bytes));
  ready.catch(() => {}); // reported by the first chunk; a stream that fails before it has no use for it
  const inspected = inspectUpload(file.stream, {
    headBytes: HEAD_BYTES,
    checkHead: (head) => {
      if (!contentMatchesExtension(ext, head)) throw new ValidationError(`The file's content does not match its .${ext} extension`);
    },
    refuseSize: (size) => (size > maxBytes ? new FileTooLargeError() : size > free ? new UploadSpaceFullError(settings, free) : null),
    tooLarge: () => new FileTooLargeError(),
    empty: () => new ValidationError('The file is empty'),
    ready,
  });
  const id = crypto.randomUUID();
  const storageKey = `uploads/${viewer.id}/${id}.${ext}`;
  await deps.storage.write(storageKey, inspected.stream);
  try {
    const profile = await profileStored(deps, storageKey, ext);
    const sha256 = inspected.sha256();
    const size = inspected.size();
    return await deps.db.$transaction(async (tx) => {
      // The provider's row is the lock: their uploads finishing at once are counted one after another.
      await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${viewer.id} FOR UPDATE`;
      const room = settings.unattachedQuotaBytes - (await unattachedBytes(tx, viewer.id));
      if (size > room) throw new UploadSpaceFullError(settings, room);
      return tx.dataFile.create({
        data: {
          id,
          uploaderId: viewer.id,
          kind: 'data',
          fileName: storedFileName(file.fileName),
          contentType: CONTENT_TYPES[ext],
          size: BigInt(size),
          sha256,
          storageKey,
          profile: profile ? (profile as object) : undefined,
        },
      });
    });
  } catch (error) {
    // Without its row nobody can reach the file: do not keep it.
    await deps.storage.delete(storageKey).catch(() => {});
    throw error;
  }
}

/**
 * The name as the provider's browser sent it (decoded as UTF-8 by the route), made safe to keep:
 * no path separators or control characters, at most 255 characters, never half a surrogate pair.
 */
export function storedFileName(name: string): string {
  const clean = name.replace(/[\\/\u0000-\u001f\u007f]/g, '_');
  return Array.from(clean).slice(0, 255).join('') || 'upload';
}

/** Bounded and in a worker thread (profile.runner.ts); a file without a profile is still a valid upload. */
async function profileStored(deps: UploadDeps, key: string, ext: string): Promise<DataProfile | null> {
  if (ext !== 'csv' && ext !== 'json') return null;
  return profileInWorker(ext, deps.storage.read(key), {
    onError: (error) => deps.logger?.warn({ err: error, storageKey: key }, 'profiling failed; the file is kept without a profile'),
  });
}

/** Bytes of the user's uploads that no listing carries (what the upload quota counts). */
export async function unattachedBytes(db: Db | Prisma.TransactionClient, uploaderId: string): Promise<number> {
  const sum = await db.dataFile.aggregate({ where: { uploaderId, contractId: null }, _sum: { size: true } });
  return Number(sum._sum.size ?? 0n);
}

export const UPLOAD_SWEEP_JOB = 'uploads.sweep';
/** How often the sweep runs (at most this long past the retention a file is removed). */
const SWEEP_EVERY_MS = 60 * 60_000;
/** Rows removed per run: keeps the job's transaction short; a backlog goes over the next runs. */
const SWEEP_BATCH = 1000;

// TIMESTAMP(3) columns hold UTC wall time: compare with text cast to timestamp, the same on both databases.
const sqlTime = (d: Date) => d.toISOString().replace('T', ' ').replace('Z', '');

/**
 * Removes up to `limit` uploads that no listing carries and that were uploaded before `cutoff`:
 * their rows in the caller's transaction, returning their storage keys for the files to go once it
 * commits. A row a listing is attaching right now is locked by that transaction and skipped; one
 * removed here is gone for the attaching listing, which then refuses the file (listings.service
 * attaches with a guarded update), so a listing never points at a removed file.
 */
export async function removeUnattachedUploads(tx: Prisma.TransactionClient, cutoff: Date, limit = SWEEP_BATCH): Promise<string[]> {
  const rows = await tx.$queryRaw<{ storageKey: string }[]>`
    WITH expired AS (
      SELECT id FROM "DataFile"
      WHERE "contractId" IS NULL AND "createdAt" < ${sqlTime(cutoff)}::timestamp
      ORDER BY "createdAt"
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    DELETE FROM "DataFile" AS f USING expired WHERE f.id = expired.id AND f."contractId" IS NULL
    RETURNING f."storageKey"`;
  return rows.map((r) => r.storageKey);
}

/**
 * The hourly sweep of uploads kept past UPLOAD_RETENTION_MS without a listing (api/app.ts). Files
 * go after the rows commit; a file whose removal fails (or whose process dies first) has no row
 * left and goes with the start-up sweep of orphans (api/storage/sweep.ts).
 */
export function registerUploadJobs(jobs: Pick<Jobs, 'register'>, deps: Pick<UploadDeps, 'storage' | 'config' | 'logger'>) {
  const { retentionMs } = deps.config.uploads;
  jobs.register(
    UPLOAD_SWEEP_JOB,
    async (_payload: unknown, ctx: JobContext) => {
      const keys = await removeUnattachedUploads(ctx.tx, new Date(ctx.now.getTime() - retentionMs));
      ctx.afterCommit(async () => {
        for (const key of keys) {
          await deps.storage.delete(key).catch((err: unknown) => deps.logger?.warn({ err, storageKey: key }, 'uploads sweep: removing the file failed'));
        }
      });
    },
    { everyMs: Math.min(SWEEP_EVERY_MS, retentionMs) },
  );
}

/** 2147483648 -> '2 GB', 157286400 -> '150 MB' (binary units, as the 500 MB upload limit). */
function byteSize(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : Number(value.toFixed(1))} ${units[unit]}`;
}

/** 86400000 -> '24 hours', 90000 -> '2 minutes' (rounded up). */
function duration(ms: number): string {
  const hours = ms / 3_600_000;
  if (Number.isInteger(hours)) return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  const minutes = Math.ceil(ms / 60_000);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
