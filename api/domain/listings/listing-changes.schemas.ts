import { z } from 'zod';
import { listingFields } from './listings.schemas.ts';

// Editing a listing that is on the market (docs/decisions.md "Issue 26: listings that change"):
// only the fields sent change. Each field keeps the listing form's own rule.

/** Wording, samples and price: they change the listing at once. */
export const AT_ONCE_FIELDS = ['title', 'description', 'price', 'sampleSize', 'geographicCoverage', 'dataSource', 'accessInstructions', 'deliveryMethod', 'sampleData'] as const;

/** What buyers get and where the listing is found: proposed in a revision that an administrator reviews. */
export const REVIEWED_FIELDS = ['category', 'dataAccessType', 'dataAccessUrl'] as const;

const pick = Object.fromEntries([...AT_ONCE_FIELDS, ...REVIEWED_FIELDS].map((k) => [k, true])) as { [K in (typeof AT_ONCE_FIELDS)[number] | (typeof REVIEWED_FIELDS)[number]]: true };

export const listingChangesInput = listingFields
  .pick(pick)
  .partial()
  // The file is not edited: a new file is a new release (the releases of issue 26), which buyers are told of.
  .extend({ fileId: z.string().nullish() })
  .strict();

export type ListingChanges = z.output<typeof listingChangesInput>;

export const revisionReviewInput = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'Invalid status: use approved or rejected' }),
  rejectionReason: z.string().trim().max(2000).optional().nullable().transform((v) => v || null),
});
