import { z } from 'zod';

// A publication as GraphQL and REST send it (docs/decisions.md "Issue 26: releases").

export const publishReleaseInput = z.object({
  fileId: z.string({ error: 'Upload the release file first and send its fileId' }).trim().min(1, 'Upload the release file first and send its fileId'),
  version: z
    .string({ error: 'Give the release a version, e.g. 2026-11 or v2' })
    .trim()
    .min(1, 'Give the release a version, e.g. 2026-11 or v2')
    .max(40, 'A version has at most 40 characters')
    // It travels in ?release= and in file names: letters, digits and . _ - + only.
    .regex(/^[\p{L}\p{N}][\p{L}\p{N}._+-]*$/u, 'A version uses letters, digits and . _ - + only (e.g. 2026-11, v2.1)'),
  notes: z
    .string()
    .trim()
    .max(5000, 'Release notes have at most 5000 characters')
    .nullish()
    .transform((v) => v || null),
});

export type PublishReleaseInput = z.output<typeof publishReleaseInput>;
