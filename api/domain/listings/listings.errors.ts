import type { ErrorCode } from '../errors.ts';

/** Listings and their files. Each code with its kind (docs/decisions.md "One error language"). */
export const LISTINGS_ERROR_CODES = {
  FILE_NOT_FOUND: 'INVALID_INPUT',
  FILE_IN_USE: 'INVALID_INPUT',
  UNSUPPORTED_FILE: 'INVALID_INPUT',
  // a live listing's file changes through a new release, not an edit
  RELEASE_REQUIRED: 'INVALID_INPUT',
  // Releases are files: a listing delivered by link, or one not (or no longer) on the market, takes none.
  NOT_A_FILE_LISTING: 'CONFLICT',
} as const satisfies Record<string, ErrorCode>;
