import { z } from 'zod';

// Inputs of two-factor sign-in. A code is an authenticator's six digits or a recovery code; which
// one is told apart by the service (two-factor.rules.ts).

const code = z.string({ error: 'Code is required' }).trim().min(1, 'Code is required').max(64, 'Code is too long');
const password = z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200);

export const confirmTwoFactorInput = z.object({ code, password });
export const disableTwoFactorInput = z.object({ code, password });
export const regenerateRecoveryCodesInput = z.object({ password });
export const completeTwoFactorLoginInput = z.object({
  challenge: z.string({ error: 'Challenge is required' }).trim().min(1, 'Challenge is required').max(2048),
  code,
});
