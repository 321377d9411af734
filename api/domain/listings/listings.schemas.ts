import { z } from 'zod';
import { DataAccessType, DataFormat, PricingModel, UpdateFrequency } from '../../db/generated/prisma/enums.ts';
import { parseCategory } from '../market/categories.ts';
import { jsonDepth, MAX_STORED_JSON_DEPTH } from '../json-depth.ts';
import { AMOUNT_TEXT } from '../money/money.ts';

// The listing form as the specification sends it (product decision: every category; REST accepts
// the category's slug or label).

const values = <T extends Record<string, string>>(e: T) => Object.values(e) as [T[keyof T], ...T[keyof T][]];

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** The listing form's fields, each with its rule (the edit of a live listing picks some of them). */
export const listingFields = z.object({
  title: z.string({ error: 'Title must be at least 5 characters' }).trim().min(5, 'Title must be at least 5 characters').max(200, 'Title must be at most 200 characters'),
  description: z.string({ error: 'Description must be at least 50 characters' }).trim().min(50, 'Description must be at least 50 characters').max(10_000),
  category: z
    .string({ error: 'Category is required' })
    .trim()
    .min(1, 'Category is required')
    .transform((v, ctx) => {
      const slug = parseCategory(v);
      if (!slug) ctx.addIssue({ code: 'custom', message: `Unknown category: ${v}` });
      return slug!;
    }),
  price: z
    .string({ error: 'Price is required' })
    .trim()
    .min(1, 'Price is required')
    .regex(AMOUNT_TEXT, 'Price must be a number with at most two decimals')
    .refine((v) => Number(v) > 0, 'Price must be greater than 0'),
  pricingModel: z.enum(values(PricingModel), { error: 'Pricing model must be one_time, monthly_subscription or annual_subscription' }).default('one_time'),
  dataFormat: z.enum(values(DataFormat), { error: 'Data format is required' }),
  updateFrequency: z.enum(values(UpdateFrequency), { error: 'Update frequency is required' }),
  sampleSize: required('Sample size is required').pipe(z.string().max(200)),
  geographicCoverage: required('Geographic coverage is required').pipe(z.string().max(200)),
  dataSource: z.string({ error: 'Please describe your data source' }).trim().min(10, 'Please describe your data source').max(2000),
  dataAccessType: z.enum(values(DataAccessType), { error: 'Please select how buyers will access the data' }),
  dataAccessUrl: z
    .string()
    .trim()
    .max(2000)
    .optional()
    .nullable()
    .refine((v) => !v || /^https?:\/\/\S+$/i.test(v), 'Data access URL must be an http(s) address')
    .transform((v) => v || null),
  accessInstructions: z.string().trim().max(5000).optional().nullable().transform((v) => v || null),
  deliveryMethod: z.string().trim().max(50).optional().nullable().transform((v) => v || null),
  recordCount: z.number().int().min(0).optional().nullable(),
  dataFields: z.array(z.string().trim().min(1).max(100)).max(500).optional().nullable(),
  sampleData: z
    .array(
      z
        .record(z.string(), z.unknown())
        // Stored and sent back to every reader of the listing: bounded like the rows a file's profile samples.
        .refine((row) => jsonDepth(row, MAX_STORED_JSON_DEPTH) <= MAX_STORED_JSON_DEPTH, `Sample rows may nest at most ${MAX_STORED_JSON_DEPTH} levels`),
    )
    .max(50, 'At most 50 sample rows')
    .optional()
    .nullable(),
  isEnterprise: z.boolean().optional().default(false),
  fileId: z.string().trim().optional().nullable().transform((v) => v || null),
  complianceAcknowledged: z.literal(true, { error: 'You must acknowledge compliance requirements' }),
  qualityAcknowledged: z.literal(true, { error: 'You must acknowledge data quality requirements' }),
  legalAcknowledged: z.literal(true, { error: 'You must acknowledge legal requirements' }),
});

export const listingInput = listingFields
  // How buyers get the data decides what must come with the listing.
  .refine((v) => v.dataAccessType === 'external_link' || v.fileId, { message: 'Please upload the data file', path: ['fileId'] })
  .refine((v) => v.dataAccessType === 'file_upload' || v.dataAccessUrl, { message: 'Please give the data access URL', path: ['dataAccessUrl'] });

export type ListingInput = z.output<typeof listingInput>;

export const listingReviewInput = z.object({
  status: z.enum(['active', 'rejected'], { error: 'Invalid status: use active (approve) or rejected' }),
  reviewNotes: z.string().trim().max(2000).optional().nullable().transform((v) => v || null),
  rejectionReason: z.string().trim().max(2000).optional().nullable().transform((v) => v || null),
});
