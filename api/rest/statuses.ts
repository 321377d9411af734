import { KIND_OF_REASON, type ErrorCode, type ErrorReason } from '../domain/errors.ts';
import { SESSION_COOKIE } from '../auth/session.ts';

// The one table from an error's code to its HTTP status (docs/decisions.md "One error language").
// A domain code answers the status of its kind; the few codes only HTTP has are listed beside them.

const STATUS_OF_KIND: Record<ErrorCode, number> = {
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

/** Codes of HTTP itself, which no domain rule raises. */
const HTTP_ERROR_CODES = {
  METHOD_NOT_ALLOWED: 405,
  // A Range past the end of a downloaded file.
  RANGE_NOT_SATISFIABLE: 416,
  // A file past the row limits cannot be streamed as records: download it instead.
  NOT_STREAMABLE: 422,
  // Idempotency-Key (api/rest/idempotency.ts): not 1 to 255 printable characters; its first request
  // still running; its first answer not kept (it set a cookie or held a secret shown once).
  IDEMPOTENCY_KEY_INVALID: 400,
  IDEMPOTENCY_KEY_IN_PROGRESS: 409,
  IDEMPOTENT_ANSWER_NOT_KEPT: 409,
  // The client left before its request was read (as nginx logs it).
  CLIENT_CLOSED_REQUEST: 499,
  INTERNAL_ERROR: 500,
} as const;

/** Every code a REST error body may carry. */
export type RestErrorCode = ErrorReason | keyof typeof HTTP_ERROR_CODES;

/** Code -> status, for every code: what the OpenAPI document prints. */
export const STATUS_OF_CODE = {
  ...(Object.fromEntries(Object.entries(KIND_OF_REASON).map(([code, kind]) => [code, STATUS_OF_KIND[kind]])) as Record<ErrorReason, number>),
  ...HTTP_ERROR_CODES,
} satisfies Record<RestErrorCode, number>;

export const REST_ERROR_CODES = Object.keys(STATUS_OF_CODE) as [RestErrorCode, ...RestErrorCode[]];

/** The codes answered with a status, for the document. */
export function codesOfStatus(status: number): RestErrorCode[] {
  return REST_ERROR_CODES.filter((code) => STATUS_OF_CODE[code] === status);
}

/** The status of a domain error's kind (an error from elsewhere whose code is not known here). */
export function statusOfKind(kind: ErrorCode): number {
  return STATUS_OF_KIND[kind];
}

export function isRestErrorCode(code: unknown): code is RestErrorCode {
  return typeof code === 'string' && Object.hasOwn(STATUS_OF_CODE, code);
}

/**
 * The challenge a 401 names (RFC 9110 section 11.6.1): an API key in X-API-Key for the data routes,
 * the session cookie that POST /api/auth/login sets for everything else.
 */
export function challengeOf(code: RestErrorCode): string {
  return code === 'INVALID_API_KEY'
    ? 'ApiKey realm="data", header="X-API-Key"'
    : `Cookie realm="api", form-action="/api/auth/login", cookie-name="${SESSION_COOKIE}"`;
}
