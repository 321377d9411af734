import crypto from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import type { Db } from '../../db/database.ts';
import type { User } from '../../db/generated/prisma/client.ts';
import type { FileStorage } from '../../storage/storage.ts';
import type { Logger } from '../../logger.ts';
import { AuthenticationError, DomainError, PermissionError, ValidationError } from '../errors.ts';
import { isApprovedProvider } from '../policies.ts';
import { ALLOWED_EXTENSIONS, CONTENT_TYPES, contentMatchesExtension, extensionOf, MAX_UPLOAD_BYTES } from './file-types.ts';
import type { DataProfile } from './profile.ts';
import { profileInWorker } from './profile.runner.ts';

export interface UploadDeps {
  db: Db;
  storage: FileStorage;
  logger?: Pick<Logger, 'warn'>;
}

export class FileTooLargeError extends DomainError {
  constructor() {
    super('TOO_LARGE', 'File Too Large: please select a file smaller than 500MB');
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
  const ext = extensionOf(file.fileName);
  if (!ext) {
    file.stream.resume();
    throw new ValidationError(`Unsupported file type: allowed are ${ALLOWED_EXTENSIONS.join(', ')}`);
  }
  const hash = crypto.createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  let checked = false;
  const check = () => {
    checked = true;
    if (!contentMatchesExtension(ext, head)) throw new ValidationError(`The file's content does not match its .${ext} extension`);
  };
  const inspect = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new FileTooLargeError());
      hash.update(chunk);
      if (!checked) {
        head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
        if (head.length >= HEAD_BYTES) {
          try {
            check();
          } catch (error) {
            return done(error as Error);
          }
        }
      }
      done(null, chunk);
    },
    flush(done) {
      if (size === 0) return done(new ValidationError('The file is empty'));
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
  file.stream.on('error', (error) => inspect.destroy(error));
  // Busboy marks a file cut at its size limit; treat that as too large too.
  file.stream.on('limit', () => inspect.destroy(new FileTooLargeError()));
  const id = crypto.randomUUID();
  const storageKey = `uploads/${viewer.id}/${id}.${ext}`;
  await deps.storage.write(storageKey, file.stream.pipe(inspect));
  try {
    const profile = await profileStored(deps, storageKey, ext);
    return await deps.db.dataFile.create({
      data: {
        id,
        uploaderId: viewer.id,
        kind: 'data',
        fileName: storedFileName(file.fileName),
        contentType: CONTENT_TYPES[ext],
        size: BigInt(size),
        sha256: hash.digest('hex'),
        storageKey,
        profile: profile ? (profile as object) : undefined,
      },
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
