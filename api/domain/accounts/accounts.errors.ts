import type { ErrorCode } from '../errors.ts';

/** Accounts: sign-up, login and e-mail verification. Each code with its kind (docs/decisions.md "One error language"). */
export const ACCOUNTS_ERROR_CODES = {
  INVALID_TOKEN: 'INVALID_INPUT',
  INVALID_CREDENTIALS: 'UNAUTHENTICATED',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
} as const satisfies Record<string, ErrorCode>;
