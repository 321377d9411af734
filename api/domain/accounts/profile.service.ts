import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { User } from '../../db/generated/prisma/client.ts';
import { AuthenticationError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { avatarKeyOf } from './avatar.rules.ts';

const updateProfileInput = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name is too long'),
  // An https (or http) image address, or empty to remove the picture.
  profileImage: z
    .string()
    .trim()
    .max(2000, 'Image address is too long')
    .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), 'Profile image must be an http(s) address')
    .optional()
    .nullable(),
});

/**
 * The dashboard's Profile: a user changes their own display name and picture. The picture sent
 * back as it is (an uploaded avatar's own address) leaves it alone; another one replaces an
 * uploaded avatar, whose file then goes.
 */
export async function updateProfile(db: Db, viewer: User | null, rawInput: unknown, storage?: FileStorage) {
  if (!viewer) throw new AuthenticationError();
  const raw = rawInput as { profileImage?: unknown } | null;
  const unchanged = raw?.profileImage != null && raw.profileImage === viewer.profileImage;
  const input = parseInput(updateProfileInput, unchanged ? { ...raw, profileImage: undefined } : rawInput);
  const user = await db.user.update({
    where: { id: viewer.id },
    data: { name: input.name, ...(input.profileImage !== undefined ? { profileImage: input.profileImage || null } : {}) },
  });
  const uploaded = avatarKeyOf(viewer.id, viewer.profileImage);
  if (uploaded && storage && user.profileImage !== viewer.profileImage) await storage.delete(uploaded);
  return user;
}
