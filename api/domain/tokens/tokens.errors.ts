import type { ErrorCode } from '../errors.ts';

/** Personal API tokens (docs/decisions.md "Issue 27: API tokens"). Each code with its kind. */
export const TOKENS_ERROR_CODES = {
  /** A bearer token that is malformed, unknown, expired or revoked: 401 with an RFC 6750 challenge. */
  INVALID_API_TOKEN: 'UNAUTHENTICATED',
  /** The token authenticates but its scopes do not cover the call: 403 naming the missing scope. */
  INSUFFICIENT_SCOPE: 'FORBIDDEN',
  /** Credentials and token management need a signed-in session: a token never mints tokens or changes a password. */
  SESSION_REQUIRED: 'FORBIDDEN',
  /** The scope `admin` asked by someone who is not an administrator. */
  ADMIN_SCOPE_REFUSED: 'FORBIDDEN',
  /** Already as many live tokens as a person may hold. */
  TOKEN_LIMIT_REACHED: 'CONFLICT',
} as const satisfies Record<string, ErrorCode>;
