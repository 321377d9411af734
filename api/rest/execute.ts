import { GraphQLError, parse, validate, type DocumentNode, type ExecutionResult } from 'graphql';
import type { Context as HonoContext } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Yoga } from '../app.ts';
import { schema } from '../graphql/schema.ts';
import { statusOfCode, type ErrorCode } from '../domain/errors.ts';
import type { Context } from '../context.ts';
import { jsonError } from './respond.ts';

/**
 * A REST route runs a GraphQL document against the same schema, context and plugins as /graphql,
 * so every rule (authorization included) is written once. Documents are parsed and validated when
 * the module loads: a broken one fails at start and in tests, not at a customer's request.
 */
export function operation(source: string): DocumentNode {
  const document = parse(source);
  const errors = validate(schema, document);
  if (errors.length) throw new Error(`Invalid REST operation: ${errors.map((e) => e.message).join('; ')}\n${source}`);
  return document;
}

export interface OperationResult {
  /** Undefined when the request never ran (its variables did not fit the schema's types). */
  data: Record<string, any> | null | undefined;
  errors: readonly GraphQLError[] | undefined;
  context: Context;
}

export async function runOperation(
  yoga: Yoga,
  c: HonoContext,
  clientIp: string,
  document: DocumentNode,
  variables: Record<string, unknown> = {},
): Promise<OperationResult> {
  const { execute, contextFactory } = yoga.getEnveloped({
    request: c.req.raw,
    clientIp,
    params: { query: '', variables },
  });
  const contextValue = (await contextFactory()) as unknown as Context;
  const result = (await execute({ schema, document, variableValues: variables, contextValue })) as ExecutionResult;
  for (const cookie of contextValue.responseCookies) c.header('set-cookie', cookie, { append: true });
  return { data: result.data as Record<string, any> | null | undefined, errors: result.errors, context: contextValue };
}

/** A GraphQL error with a domain code becomes that code's status; anything else is a 500. */
export function respondWithGraphQLErrors(c: HonoContext, errors: readonly GraphQLError[], data?: unknown) {
  const first = errors[0]!;
  // No data at all: the body's values did not fit the expected types (e.g. a string for a number).
  if (data === undefined && !first.path) return jsonError(c, 400, `Invalid input: ${first.message.replace(/^Variable "\$\w+" got invalid value .*?; /, '')}`);
  const code = first.extensions?.code as ErrorCode | undefined;
  if (code && code in statusOfCode) return jsonError(c, statusOfCode[code], first.message);
  return jsonError(c, 500, 'Internal server error');
}

/**
 * Reads a mutation's result union: an Error member becomes `{ message }` with its status, the
 * success member's `data` is passed to `ok`.
 */
export function respondWithResult(
  c: HonoContext,
  result: OperationResult,
  field: string,
  ok: (data: any) => Response | Promise<Response>,
) {
  if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
  const value = result.data?.[field];
  if (value && typeof value.code === 'string' && typeof value.message === 'string') {
    const { code, message, __typename, fieldErrors, ...extra } = value;
    if (Array.isArray(fieldErrors) && fieldErrors.length) extra.fieldErrors = fieldErrors;
    if (typeof extra.retryAfterSeconds === 'number') c.header('retry-after', String(extra.retryAfterSeconds));
    return jsonError(c, statusOfCode[code as ErrorCode] ?? 400, message, extra);
  }
  return ok(value?.data ?? value);
}

export function json(c: HonoContext, body: unknown, status = 200) {
  return c.json(body as object, status as ContentfulStatusCode);
}

/** The request's context (session, services) for routes that call the domain directly (byte streams). */
export async function contextFor(yoga: Yoga, c: HonoContext, clientIp: string): Promise<Context> {
  const { contextFactory } = yoga.getEnveloped({ request: c.req.raw, clientIp, params: { query: '' } });
  const ctx = (await contextFactory()) as unknown as Context;
  for (const cookie of ctx.responseCookies) c.header('set-cookie', cookie, { append: true });
  return ctx;
}
