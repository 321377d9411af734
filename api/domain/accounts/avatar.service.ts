import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import sharp, { type Sharp } from 'sharp';
import type { Db } from '../../db/database.ts';
import type { User } from '../../db/generated/prisma/client.ts';
import type { AccountsDeps } from './accounts.service.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { AuthenticationError, DomainError, ValidationError } from '../errors.ts';
import { isRecordId } from '../../db/ids.ts';
import {
  AVATAR_SIZE,
  avatarFormatOf,
  avatarKeyOf,
  avatarStorageKey,
  avatarUrl,
  dimensionsAllowed,
  MAX_AVATAR_BYTES,
  MAX_AVATAR_PIXELS,
  MAX_AVATAR_SIDE,
} from './avatar.rules.ts';

// Uploaded avatars (issue 25): the bytes are checked (format by signature, size, dimensions before
// decoding), the picture is cut to a small WebP square and stored; the user's profileImage becomes
// its address, so every place that shows a picture shows it (docs/decisions.md "Issue 25: account
// settings").

// Pictures are small and rare: no cache of decoded images held between uploads.
sharp.cache(false);

/** The accounts' database and events, and where files live. */
export type AvatarDeps = Pick<AccountsDeps, 'db' | 'events'> & { storage: FileStorage };

const NOT_AN_IMAGE = 'The file is not a PNG, JPEG or WebP image';
const UNREADABLE = 'The image could not be read: the file is damaged or cut short';

class ImageTooLargeError extends DomainError {
  constructor() {
    super('TOO_LARGE', `The image is too large: at most ${MAX_AVATAR_BYTES / 1024 / 1024} MB`, 'IMAGE_TOO_LARGE');
  }
}

/** Reads at most MAX_AVATAR_BYTES of `source`; more is refused without reading the rest. */
async function readBounded(source: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source) {
    size += (chunk as Buffer).length;
    if (size > MAX_AVATAR_BYTES) {
      source.resume();
      throw new ImageTooLargeError();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The stored square of an uploaded picture, or a 4xx DomainError saying what is wrong with it. */
export async function avatarImage(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0 || !avatarFormatOf(bytes.subarray(0, 16))) throw new ValidationError(NOT_AN_IMAGE, [], 'NOT_AN_IMAGE');
  let width: number | undefined;
  let height: number | undefined;
  try {
    // The header only: what the picture claims, read before any pixel is decoded (no pixel limit
    // here, so a claim past it is told apart from a damaged file).
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw new ValidationError(UNREADABLE, [], 'NOT_AN_IMAGE');
  }
  if (!width || !height || !dimensionsAllowed(width, height)) {
    throw new ValidationError(`The image is too big: at most ${MAX_AVATAR_SIDE} x ${MAX_AVATAR_SIDE} pixels`, [], 'IMAGE_DIMENSIONS');
  }
  try {
    // rotate(): a phone's JPEG stands the right way up (EXIF orientation); EXIF (place, device) is not kept.
    // The decoder's own limit too, should a file's frames disagree with its header.
    const image: Sharp = sharp(bytes, { limitInputPixels: MAX_AVATAR_PIXELS, failOn: 'truncated' });
    return await image.rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
  } catch {
    throw new ValidationError(UNREADABLE, [], 'NOT_AN_IMAGE');
  }
}

/** Stores the viewer's uploaded picture and makes it their avatar; the previous upload is removed. */
export async function uploadAvatar(deps: AvatarDeps, viewer: User | null, source: Readable) {
  if (!viewer) {
    source.resume();
    throw new AuthenticationError();
  }
  const picture = await avatarImage(await readBounded(source));
  const version = crypto.createHash('sha256').update(picture).digest('hex').slice(0, 16);
  const key = avatarStorageKey(viewer.id, version);
  await deps.storage.write(key, Readable.from([picture]));
  const before = await deps.db.user.findUniqueOrThrow({ where: { id: viewer.id }, select: { profileImage: true } });
  const user = await deps.db.user.update({ where: { id: viewer.id }, data: { profileImage: avatarUrl(viewer.id, version) } });
  const old = avatarKeyOf(viewer.id, before.profileImage);
  if (old && old !== key) await deps.storage.delete(old);
  deps.events.publish('profileChanged', viewer.id);
  return { profileImage: user.profileImage!, size: picture.length, width: AVATAR_SIZE, height: AVATAR_SIZE, contentType: 'image/webp' };
}

/** Removes the viewer's picture, uploaded or an address: their initials show instead. */
export async function removeAvatar(deps: AvatarDeps, viewer: User | null) {
  if (!viewer) throw new AuthenticationError();
  const before = await deps.db.user.findUniqueOrThrow({ where: { id: viewer.id }, select: { profileImage: true } });
  const user = await deps.db.user.update({ where: { id: viewer.id }, data: { profileImage: null } });
  const old = avatarKeyOf(viewer.id, before.profileImage);
  if (old) await deps.storage.delete(old);
  deps.events.publish('profileChanged', viewer.id);
  return user;
}

/** The uploaded avatar of a user, for GET /api/users/{id}/avatar: its storage key and version (the ETag), or null. */
export async function storedAvatar(db: Db, userId: string): Promise<{ key: string; version: string } | null> {
  if (!isRecordId(userId)) return null;
  const user = await db.user.findUnique({ where: { id: userId }, select: { profileImage: true } });
  const key = avatarKeyOf(userId, user?.profileImage ?? null);
  return key ? { key, version: key.slice(key.lastIndexOf('/') + 1, -'.webp'.length) } : null;
}
