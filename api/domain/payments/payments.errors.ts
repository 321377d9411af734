import type { ErrorCode } from '../errors.ts';

/** Payments: the charge, escrow and disputes. Each code with its kind (docs/decisions.md "One error language"). */
export const PAYMENTS_ERROR_CODES = {
  PAYMENT_DECLINED: 'PAYMENT_DECLINED',
  PAYMENT_IN_PROGRESS: 'CONFLICT',
  ESCROW_WINDOW_CLOSED: 'CONFLICT',
  IDEMPOTENCY_KEY_REUSED: 'CONFLICT',
} as const satisfies Record<string, ErrorCode>;
