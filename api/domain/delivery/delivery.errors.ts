import type { ErrorCode } from '../errors.ts';

/** Data delivery: the access call, downloads and streams with an API key. Each code with its kind (docs/decisions.md "One error language"). */
export const DELIVERY_ERROR_CODES = {
  ACCESS_EXPIRED: 'FORBIDDEN',
  // No key, an unknown key or a key rotated away.
  INVALID_API_KEY: 'UNAUTHENTICATED',
  // A key of another contract, or a purchase without live access (payment pending, refunded, expired).
  ACCESS_DENIED: 'FORBIDDEN',
  // A release the buyer's purchases do not include (docs/decisions.md "Issue 26: releases").
  RELEASE_NOT_INCLUDED: 'FORBIDDEN',
} as const satisfies Record<string, ErrorCode>;
