import type { ErrorCode } from '../errors.ts';

/** Payments: the charge, escrow and disputes. Each code with its kind (docs/decisions.md "One error language"). */
export const PAYMENTS_ERROR_CODES = {
  PAYMENT_DECLINED: 'PAYMENT_DECLINED',
  PAYMENT_IN_PROGRESS: 'CONFLICT',
  ESCROW_WINDOW_CLOSED: 'CONFLICT',
  IDEMPOTENCY_KEY_REUSED: 'CONFLICT',
  // A dispute's evidence (dispute-evidence.rules.ts): past its window, a file of a type not taken, too many files.
  EVIDENCE_WINDOW_CLOSED: 'CONFLICT',
  EVIDENCE_FILE_TYPE: 'INVALID_INPUT',
  TOO_MANY_FILES: 'INVALID_INPUT',
} as const satisfies Record<string, ErrorCode>;
