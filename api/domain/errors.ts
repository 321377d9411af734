// Expected failures of the business, with a code the GraphQL schema exposes and the REST layer
// maps to an HTTP status (DECISIONS.md "Errors (REST)"). Anything else is a bug and is masked.

export type ErrorCode =
  | 'INVALID_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_LARGE'
  | 'RATE_LIMITED'
  | 'EMAIL_NOT_VERIFIED';

export class DomainError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
  }
}

export interface FieldError {
  field: string;
  message: string;
}

export class ValidationError extends DomainError {
  readonly fieldErrors: FieldError[];
  constructor(message: string, fieldErrors: FieldError[] = []) {
    super('INVALID_INPUT', message);
    this.fieldErrors = fieldErrors;
  }
}

export class AuthenticationError extends DomainError {
  constructor(message = 'Authentication required') {
    super('UNAUTHENTICATED', message);
  }
}

export class PermissionError extends DomainError {
  constructor(message = 'You are not allowed to do that') {
    super('FORBIDDEN', message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found') {
    super('NOT_FOUND', message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super('CONFLICT', message);
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
};
