import { z } from 'zod';

export const MAX_BILLING_NAME = 200;
export const MAX_BILLING_ADDRESS = 500;

/** Billing name and postal address, both optional; blank means none. */
export const billingDetailsInput = z.object({
  name: z.string().trim().max(MAX_BILLING_NAME, `The billing name is at most ${MAX_BILLING_NAME} characters`).nullish(),
  address: z.string().trim().max(MAX_BILLING_ADDRESS, `The billing address is at most ${MAX_BILLING_ADDRESS} characters`).nullish(),
});

export const statementMonthInput = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'The month is written YYYY-MM, e.g. 2026-03'),
  providerId: z.string().nullish(),
});
