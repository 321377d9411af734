import { builder } from './builder.ts';
import {
  AuthenticationError,
  ConflictError,
  DomainError,
  EmailNotVerifiedError,
  NotFoundError,
  PermissionError,
  RateLimitedError,
  ValidationError,
  ERROR_CODES,
  ERROR_REASONS,
} from '../domain/errors.ts';

// Stable names a client may match on (api/domain/errors.ts, each area's codes); REST sends the same
// as `code`. One enum for every area: the Error interface's field has one type.
export const ErrorReasonEnum = builder.enumType('ErrorReason', {
  values: ERROR_REASONS,
  description: 'Why the business said no. REST answers the same name as `code`, with the status of its ErrorCode.',
});

export const ErrorCodeEnum = builder.enumType('ErrorCode', {
  values: ERROR_CODES,
  description: 'The kind of an expected failure: one per error type; REST maps it to the HTTP status.',
});

// Expected failures are part of the schema: clients select `... on Error { message code }`.
export const ErrorInterface = builder.interfaceRef<DomainError>('Error').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    code: t.field({ type: ErrorCodeEnum, description: 'The kind of failure; REST maps it to the HTTP status.', resolve: (e) => e.code }),
    reason: t.field({
      type: ErrorReasonEnum,
      description: 'Why, finer than the code (e.g. DUE_DILIGENCE_REQUIRED, INVALID_TRANSITION): match on this, not on the message.',
      resolve: (e) => e.reason,
    }),
  }),
});

builder.objectType(DomainError, { name: 'BaseError', interfaces: [ErrorInterface], isTypeOf: (e) => e instanceof DomainError && e.constructor === DomainError });

const FieldErrorRef = builder.objectRef<{ field: string; message: string }>('FieldError').implement({
  fields: (t) => ({ field: t.exposeString('field'), message: t.exposeString('message') }),
});

builder.objectType(ValidationError, {
  name: 'ValidationError',
  interfaces: [ErrorInterface],
  isTypeOf: (e) => e instanceof ValidationError,
  fields: (t) => ({ fieldErrors: t.field({ type: [FieldErrorRef], resolve: (e) => e.fieldErrors }) }),
});

for (const [cls, name] of [
  [AuthenticationError, 'AuthenticationError'],
  [PermissionError, 'PermissionError'],
  [NotFoundError, 'NotFoundError'],
  [ConflictError, 'ConflictError'],
] as const) {
  builder.objectType(cls as typeof DomainError, { name, interfaces: [ErrorInterface], isTypeOf: (e) => e instanceof cls });
}

builder.objectType(RateLimitedError, {
  name: 'RateLimitedError',
  interfaces: [ErrorInterface],
  isTypeOf: (e) => e instanceof RateLimitedError,
  fields: (t) => ({ retryAfterSeconds: t.exposeInt('retryAfterSeconds') }),
});

builder.objectType(EmailNotVerifiedError, {
  name: 'EmailNotVerifiedError',
  interfaces: [ErrorInterface],
  isTypeOf: (e) => e instanceof EmailNotVerifiedError,
  fields: (t) => ({
    email: t.exposeString('email'),
    emailVerificationRequired: t.boolean({ resolve: () => true }),
  }),
});
