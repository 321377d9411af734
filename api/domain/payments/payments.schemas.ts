import { z } from 'zod';
import { DisputeReason, PaymentMethod } from '../../db/generated/prisma/enums.ts';
import { isMoney } from '../money/money.ts';

export const PAYMENT_METHODS = Object.values(PaymentMethod);
export const DISPUTE_REASONS = Object.values(DisputeReason);
export const MISSING_DISPUTE_DETAILS = 'Please provide a reason and description for the dispute';
export const MAX_DISPUTE_DESCRIPTION = 5000;

export const createPaymentInput = z.object({
  contractId: z.string().min(1, 'contractId is required'),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: `paymentMethod must be one of: ${PAYMENT_METHODS.join(', ')}` }),
  // What the page showed as the total to pay (price + 2.5% fee); checked, never trusted.
  amount: z
    .string()
    .trim()
    .refine((v) => isMoney(v), 'amount must be an amount with at most two decimals')
    .optional()
    .nullable(),
  idempotencyKey: z.string().trim().min(1).max(255, 'The Idempotency-Key is at most 255 characters').optional().nullable(),
  // A subscription renews automatically with the card paid with (kept at the provider); omitted: unchanged.
  autoRenew: z.boolean({ error: 'autoRenew must be true or false' }).optional().nullable(),
});
export type CreatePaymentInput = z.output<typeof createPaymentInput>;

const digits = (label: string, pattern: RegExp) => z.string().transform((v) => v.replace(/[\s-]/g, '')).refine((v) => pattern.test(v), `${label} is not valid`);

export const cardInput = z.object({
  number: digits('Card number', /^\d{12,19}$/),
  expMonth: z.coerce.number({ error: 'Expiry month is not valid' }).int().min(1, 'Expiry month is not valid').max(12, 'Expiry month is not valid'),
  // Two digits mean 20xx, as cards print it.
  expYear: z.coerce
    .number({ error: 'Expiry year is not valid' })
    .int()
    .min(0)
    .max(9999)
    .transform((y) => (y < 100 ? 2000 + y : y)),
  cvc: digits('CVC', /^\d{3,4}$/),
});

export const confirmPaymentInput = z.object({
  paymentId: z.string().min(1, 'paymentId is required'),
  card: cardInput.optional().nullable(),
});

export const openDisputeInput = z.object({
  paymentId: z.string().min(1, 'paymentId is required'),
  reason: z.enum(DISPUTE_REASONS, { error: MISSING_DISPUTE_DETAILS }),
  description: z
    .string({ error: MISSING_DISPUTE_DETAILS })
    .trim()
    .min(1, MISSING_DISPUTE_DETAILS)
    .max(MAX_DISPUTE_DESCRIPTION, `The description is at most ${MAX_DISPUTE_DESCRIPTION} characters`),
});

export const settleDisputeInput = z.object({
  paymentId: z.string().min(1, 'paymentId is required'),
  decision: z.enum(['refund', 'release'], { error: 'decision must be refund or release' }),
  note: z.string().trim().max(2000, 'The note is at most 2000 characters').optional().nullable(),
});
