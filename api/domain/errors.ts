// Expected failures of the business, with a code the GraphQL schema exposes and the REST layer
// maps to an HTTP status (the product decision "Errors (REST)"). Anything else is a bug and is masked.

export type ErrorCode =
  | 'INVALID_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_LARGE'
  | 'RATE_LIMITED'
  | 'EMAIL_NOT_VERIFIED'
  | 'PAYMENT_DECLINED';

/**
 * Why the business said no, finer than the code: the code picks the HTTP status, the reason lets a
 * client (or a test) tell apart failures that share a status, e.g. a listing refused because due
 * diligence is missing from one refused because it is someone else's. Reasons are stable names:
 * add new ones, never rename one a client may match on.
 */
export const ERROR_REASONS = [
  // 400
  'INVALID_INPUT',
  'INVALID_AMOUNT',
  'INVALID_TOKEN',
  'FILE_NOT_FOUND',
  'FILE_IN_USE',
  'UNSUPPORTED_FILE',
  // 401
  'LOGIN_REQUIRED',
  'INVALID_CREDENTIALS',
  // 403
  'NOT_ALLOWED',
  'ADMIN_REQUIRED',
  'NOT_OWNER',
  'DUE_DILIGENCE_REQUIRED',
  'OWN_CONTRACT',
  'ACCESS_EXPIRED',
  'EMAIL_NOT_VERIFIED',
  // 404
  'NOT_FOUND',
  // 409
  'CONFLICT',
  'INVALID_TRANSITION',
  'CONTRACT_NOT_ACTIVE',
  'APPLICATION_EXISTS',
  'ADMIN_EXEMPT',
  'ALREADY_EXISTS',
  'ESCROW_WINDOW_CLOSED',
  'IDEMPOTENCY_KEY_REUSED',
  'PAYMENT_IN_PROGRESS',
  // 402
  'PAYMENT_DECLINED',
  // 413, 429
  'TOO_LARGE',
  'RATE_LIMITED',
] as const;

export type ErrorReason = (typeof ERROR_REASONS)[number];

/** The reason an error carries when its thrower names none: the general one of its code. */
export const defaultReasonOfCode: Record<ErrorCode, ErrorReason> = {
  INVALID_INPUT: 'INVALID_INPUT',
  UNAUTHENTICATED: 'LOGIN_REQUIRED',
  FORBIDDEN: 'NOT_ALLOWED',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  TOO_LARGE: 'TOO_LARGE',
  RATE_LIMITED: 'RATE_LIMITED',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  PAYMENT_DECLINED: 'PAYMENT_DECLINED',
};

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
  constructor(message: string, fieldErrors: FieldError[] = [], reason: ErrorReason = 'INVALID_INPUT') {
    super('INVALID_INPUT', message, reason);
    this.fieldErrors = fieldErrors;
  }
}

export class AuthenticationError extends DomainError {
  constructor(message = 'Authentication required', reason: ErrorReason = 'LOGIN_REQUIRED') {
    super('UNAUTHENTICATED', message, reason);
  }
}

export class PermissionError extends DomainError {
  constructor(message = 'You are not allowed to do that', reason: ErrorReason = 'NOT_ALLOWED') {
    super('FORBIDDEN', message, reason);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found', reason: ErrorReason = 'NOT_FOUND') {
    super('NOT_FOUND', message, reason);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, reason: ErrorReason = 'CONFLICT') {
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

/** HTTP status of each code, used by the REST layer. */
export const statusOfCode: Record<ErrorCode, number> = {
  INVALID_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  RATE_LIMITED: 429,
  EMAIL_NOT_VERIFIED: 403,
  // The payment provider refused the charge (a declined card): the payment is failed, not the request.
  PAYMENT_DECLINED: 402,
};
