import type { ErrorCode } from '../errors.ts';

/** Due diligence: who must apply, one application at a time. Each code with its kind (docs/decisions.md "One error language"). */
export const DILIGENCE_ERROR_CODES = {
  DUE_DILIGENCE_REQUIRED: 'FORBIDDEN',
  ADMIN_EXEMPT: 'CONFLICT',
  APPLICATION_EXISTS: 'CONFLICT',
} as const satisfies Record<string, ErrorCode>;
