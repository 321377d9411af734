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
  /** Change email: another account has the new address (at the request or when the link is opened). */
  EMAIL_TAKEN: 'CONFLICT',
  /** Change email: the new address is the one the account already has. */
  SAME_EMAIL: 'INVALID_INPUT',
  /** Avatar: the bytes are not a PNG, JPEG or WebP image, or the image cannot be read (truncated, corrupt). */
  NOT_AN_IMAGE: 'INVALID_INPUT',
  /** Avatar: more bytes than the limit. */
  IMAGE_TOO_LARGE: 'TOO_LARGE',
  /** Avatar: wider or taller than the limit (a small file that would decode to a huge picture). */
  IMAGE_DIMENSIONS: 'INVALID_INPUT',
  /** Delete account: the confirmation word was not typed. */
  CONFIRMATION_REQUIRED: 'INVALID_INPUT',
  /** Delete account: open escrow, disputes, listings with buyers or accepted bids come first. */
  ACCOUNT_HAS_OPEN_OBLIGATIONS: 'CONFLICT',
  /** Delete account: an administrator's account is not deleted by self-service. */
  ADMIN_ACCOUNT: 'CONFLICT',
} as const satisfies Record<string, ErrorCode>;
