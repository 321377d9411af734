import type { ErrorCode } from '../errors.ts';

/** The market: bids and purchases of a contract. Each code with its kind (docs/decisions.md "One error language"). */
export const MARKET_ERROR_CODES = {
  OWN_CONTRACT: 'FORBIDDEN',
  CONTRACT_NOT_ACTIVE: 'CONFLICT',
  INVALID_AMOUNT: 'INVALID_INPUT',
} as const satisfies Record<string, ErrorCode>;
