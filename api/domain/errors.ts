// Expected failures of the business, with a kind and a code the GraphQL schema exposes as enums and
// the REST layer maps to an HTTP status in one table (api/rest/statuses.ts; docs/decisions.md
// "One error language"). Anything else is a bug and is masked.
import { ACCOUNTS_ERROR_CODES } from './accounts/accounts.errors.ts';
import { DELIVERY_ERROR_CODES } from './delivery/delivery.errors.ts';
import { DILIGENCE_ERROR_CODES } from './diligence/diligence.errors.ts';
import { LISTINGS_ERROR_CODES } from './listings/listings.errors.ts';
import { MARKET_ERROR_CODES } from './market/market.errors.ts';
import { PAYMENTS_ERROR_CODES } from './payments/payments.errors.ts';
import { TOKENS_ERROR_CODES } from './tokens/tokens.errors.ts';

/** The kind of an expected failure: which GraphQL error type carries it, which HTTP status answers it. */
export const ERROR_CODES = [
  'INVALID_INPUT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'TOO_LARGE',
  'RATE_LIMITED',
  'EMAIL_NOT_VERIFIED',
  'PAYMENT_DECLINED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Why the business said no, finer than the kind: the kind picks the GraphQL union member and the
 * HTTP status, the code (GraphQL `reason`, REST `code`) lets a client (or a test) tell apart failures
 * of one kind, e.g. a listing refused because due diligence is missing from one refused because it
 * is someone else's. Each area lists its own codes with their kind (api/domain/<area>/<area>.errors.ts,
 * as Saleor keeps an error_codes.py per module); these are the ones every area shares. Codes are
 * stable names: add new ones, never rename one a client may match on (docs/decisions.md "One error language").
 */
export const COMMON_ERROR_CODES = {
  INVALID_INPUT: 'INVALID_INPUT',
  LOGIN_REQUIRED: 'UNAUTHENTICATED',
  NOT_ALLOWED: 'FORBIDDEN',
  ADMIN_REQUIRED: 'FORBIDDEN',
  NOT_OWNER: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  INVALID_TRANSITION: 'CONFLICT',
  ALREADY_EXISTS: 'CONFLICT',
  TOO_LARGE: 'TOO_LARGE',
  RATE_LIMITED: 'RATE_LIMITED',
} as const satisfies Record<string, ErrorCode>;

/** Every code with its kind: the shared ones and each area's. */
export const KIND_OF_REASON = {
  ...COMMON_ERROR_CODES,
  ...ACCOUNTS_ERROR_CODES,
  ...DILIGENCE_ERROR_CODES,
  ...LISTINGS_ERROR_CODES,
  ...MARKET_ERROR_CODES,
  ...PAYMENTS_ERROR_CODES,
  ...TOKENS_ERROR_CODES,
  ...DELIVERY_ERROR_CODES,
} as const;

export type ErrorReason = keyof typeof KIND_OF_REASON;

export const ERROR_REASONS = Object.keys(KIND_OF_REASON) as ErrorReason[];

/** The codes of one kind: a PermissionError takes only a FORBIDDEN code, so a code always has one kind. */
export type ReasonOf<K extends ErrorCode> = { [R in ErrorReason]: (typeof KIND_OF_REASON)[R] extends K ? R : never }[ErrorReason];

export function isReasonOf<K extends ErrorCode>(reason: ErrorReason, kind: K): reason is ReasonOf<K> {
  return KIND_OF_REASON[reason] === kind;
}

/** The reason an error carries when its thrower names none: the general one of its kind. */
export const defaultReasonOfCode = {
  INVALID_INPUT: 'INVALID_INPUT',
  UNAUTHENTICATED: 'LOGIN_REQUIRED',
  FORBIDDEN: 'NOT_ALLOWED',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  TOO_LARGE: 'TOO_LARGE',
  RATE_LIMITED: 'RATE_LIMITED',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  PAYMENT_DECLINED: 'PAYMENT_DECLINED',
} as const satisfies { [K in ErrorCode]: ReasonOf<K> };

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly reason: ErrorReason;
  constructor(code: ErrorCode, message: string, reason: ErrorReason = defaultReasonOfCode[code]) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.reason = reason;
  }
}

export interface FieldError {
  field: string;
  message: string;
}

export class ValidationError extends DomainError {
  readonly fieldErrors: FieldError[];
  constructor(message: string, fieldErrors: FieldError[] = [], reason: ReasonOf<'INVALID_INPUT'> = 'INVALID_INPUT') {
    super('INVALID_INPUT', message, reason);
    this.fieldErrors = fieldErrors;
  }
}

export class AuthenticationError extends DomainError {
  constructor(message = 'Authentication required', reason: ReasonOf<'UNAUTHENTICATED'> = 'LOGIN_REQUIRED') {
    super('UNAUTHENTICATED', message, reason);
  }
}

export class PermissionError extends DomainError {
  constructor(message = 'You are not allowed to do that', reason: ReasonOf<'FORBIDDEN'> = 'NOT_ALLOWED') {
    super('FORBIDDEN', message, reason);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found', reason: ReasonOf<'NOT_FOUND'> = 'NOT_FOUND') {
    super('NOT_FOUND', message, reason);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, reason: ReasonOf<'CONFLICT'> = 'CONFLICT') {
    super('CONFLICT', message, reason);
  }
}

export class RateLimitedError extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, message = 'Too many attempts. Please try again later.') {
    super('RATE_LIMITED', message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export class EmailNotVerifiedError extends DomainError {
  readonly email: string;
  constructor(email: string) {
    super('EMAIL_NOT_VERIFIED', 'Please verify your email before logging in');
    this.email = email;
  }
}
