import { z } from 'zod';
import { MAX_RATING, MAX_REVIEW_TEXT, MIN_RATING } from './reviews.rules.ts';

export const RATING_MESSAGE = `Rating must be a whole number of stars from ${MIN_RATING} to ${MAX_RATING}`;

export const reviewProviderInput = z.object({
  purchaseId: z.string({ error: 'purchaseId is required' }).trim().min(1, 'purchaseId is required'),
  rating: z
    .number({ error: RATING_MESSAGE })
    .int(RATING_MESSAGE)
    .min(MIN_RATING, RATING_MESSAGE)
    .max(MAX_RATING, RATING_MESSAGE),
  // Optional: blank text is no text.
  text: z
    .string({ error: 'Review text must be text' })
    .trim()
    .max(MAX_REVIEW_TEXT, `Review text must be at most ${MAX_REVIEW_TEXT} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
});

export type ReviewProviderInput = z.output<typeof reviewProviderInput>;
