// What an uploaded avatar may be, decided on its bytes, never its name (docs/decisions.md
// "Issue 25: account settings"). Pure: no I/O.

/** Bytes accepted for an uploaded picture. */
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
/** Widest or tallest picture decoded: a few KB of PNG can claim 50,000 x 50,000 pixels (10 GB decoded). */
export const MAX_AVATAR_SIDE = 6000;
/** Pixels decoded at most (sharp refuses past this before decoding). */
export const MAX_AVATAR_PIXELS = 24_000_000;
/** The stored picture: a small square. */
export const AVATAR_SIZE = 256;

export type AvatarFormat = 'png' | 'jpeg' | 'webp';

const startsWith = (head: Uint8Array, magic: number[], at = 0) => magic.every((b, i) => head[at + i] === b);

/** The image format the first bytes announce, or null for anything else (SVG, GIF, HTML, a zip...). */
export function avatarFormatOf(head: Uint8Array): AvatarFormat | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  // RIFF....WEBP
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/** Whether decoding a picture of this size is allowed. */
export function dimensionsAllowed(width: number, height: number): boolean {
  return width > 0 && height > 0 && width <= MAX_AVATAR_SIDE && height <= MAX_AVATAR_SIDE && width * height <= MAX_AVATAR_PIXELS;
}

/** The stable address an uploaded avatar is served at; `version` changes with each upload so caches take the new one. */
export function avatarUrl(userId: string, version: string): string {
  return `/api/users/${userId}/avatar?v=${version}`;
}

/** The storage key of the avatar a profileImage address points to, when it is the user's uploaded one. */
export function avatarKeyOf(userId: string, profileImage: string | null): string | null {
  if (!profileImage) return null;
  const prefix = `/api/users/${userId}/avatar?v=`;
  if (!profileImage.startsWith(prefix)) return null;
  const version = profileImage.slice(prefix.length);
  return /^[a-f0-9]{16,64}$/.test(version) ? avatarStorageKey(userId, version) : null;
}

export function avatarStorageKey(userId: string, version: string): string {
  return `avatars/${userId}/${version}.webp`;
}
