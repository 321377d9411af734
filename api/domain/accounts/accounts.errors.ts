import type { ErrorCode } from '../errors.ts';
import { TWO_FACTOR_ERROR_CODES } from './two-factor.errors.ts';

/** Accounts: sign-up, login, e-mail verification, sessions and password changes. Each code with its kind (docs/decisions.md "One error language"). */
export const ACCOUNTS_ERROR_CODES = {
  INVALID_TOKEN: 'INVALID_INPUT',
  INVALID_CREDENTIALS: 'UNAUTHENTICATED',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  /** Change password: the current password given is not the account's. */
  WRONG_CURRENT_PASSWORD: 'INVALID_INPUT',
  /** No session of the viewer's with that id (someone else's is not told apart from none). */
  SESSION_NOT_FOUND: 'NOT_FOUND',
  ...TWO_FACTOR_ERROR_CODES,
} as const satisfies Record<string, ErrorCode>;
