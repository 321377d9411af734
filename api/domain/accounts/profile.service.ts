import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { User } from '../../db/generated/prisma/client.ts';
import { AuthenticationError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';

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

/** The dashboard's Profile: a user changes their own display name and picture. */
export async function updateProfile(db: Db, viewer: User | null, rawInput: unknown) {
  if (!viewer) throw new AuthenticationError();
  const input = parseInput(updateProfileInput, rawInput);
  return db.user.update({
    where: { id: viewer.id },
    data: { name: input.name, ...(input.profileImage !== undefined ? { profileImage: input.profileImage || null } : {}) },
  });
}
