import { z } from 'zod';
import { SCOPES, TOKEN_DEFAULT_DAYS, TOKEN_MAX_DAYS, TOKEN_NAME_MAX } from './tokens.rules.ts';

export const createApiTokenInput = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(TOKEN_NAME_MAX, `Name is at most ${TOKEN_NAME_MAX} characters`),
  scopes: z
    .array(z.enum(SCOPES, { error: `Scopes are among ${SCOPES.join(', ')}` }), { error: 'Scopes must be a list' })
    .min(1, 'Choose at least one scope')
    .max(SCOPES.length, 'Too many scopes')
    .transform((s) => [...new Set(s)]),
  expiresInDays: z
    .number({ error: 'expiresInDays must be a number of days' })
    .int('expiresInDays must be a whole number of days')
    .min(1, 'A token lives at least 1 day')
    .max(TOKEN_MAX_DAYS, `A token lives at most ${TOKEN_MAX_DAYS} days`)
    .nullish()
    .transform((d) => d ?? TOKEN_DEFAULT_DAYS),
});
