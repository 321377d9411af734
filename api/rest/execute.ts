import { GraphQLError, parse, validate, type DocumentNode, type ExecutionResult } from 'graphql';
import type { Context as HonoContext } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { Yoga } from '../graphql/yoga.ts';
import { schema } from '../graphql/schema.ts';
import { defaultReasonOfCode, type ErrorCode } from '../domain/errors.ts';
import { isRestErrorCode } from './statuses.ts';
import type { Context } from '../context.ts';
import { jsonError } from './respond.ts';
import { gzipOnce, jsonAnswer, type GzipOnce } from '../http/compression.ts';
import { etagOf } from '../http/etag.ts';

/**
 * A document whose result and variables have TypeScript types, so a route reads `data.contract`
 * with its shape instead of `any` (the types are written beside each document).
 */
export interface TypedDocument<TData, TVariables = Record<string, unknown>> extends DocumentNode {
  readonly __data?: TData;
  readonly __variables?: TVariables;
}

/**
 * A REST route runs a GraphQL document against the same schema, context and plugins as /graphql,
 * so every rule (authorization included) is written once. Documents are parsed and validated when
 * the module loads: a broken one fails at start and in tests, not at a customer's request.
 */
export function operation<TData = Record<string, any>, TVariables = Record<string, unknown>>(source: string): TypedDocument<TData, TVariables> {
  const document = parse(source);
  const errors = validate(schema, document);
  if (errors.length) throw new Error(`Invalid REST operation: ${errors.map((e) => e.message).join('; ')}\n${source}`);
  return document;
}

/**
 * The result of a mutation whose field `K` is a union of an Error member and a success member
 * carrying `data` of type `T` (the shape every mutation of the schema has).
 */
export type MutationResult<K extends string, T> = Record<K, { __typename: string; data?: T; code?: string; message?: string }>;

/** What `respondWithResult` hands to `ok`: the success member's `data`, or the field itself. */
type SuccessOf<V> = NonNullable<V> extends { data?: infer D } ? NonNullable<D> : NonNullable<V>;

export interface OperationResult<TData = Record<string, any>> {
  /** Undefined when the request never ran (its variables did not fit the schema's types). */
  data: TData | null | undefined;
  errors: readonly GraphQLError[] | undefined;
  context: Context;
}

interface RequestGraphQL {
  context: Context;
  execute: ReturnType<Yoga['getEnveloped']>['execute'];
  /** How many of the context's Set-Cookie headers the response already carries. */
  cookiesSent: number;
}

// One context per HTTP request: a route that runs several documents (a check, then the change;
// or page after page) authenticates once and sees one viewer throughout.
const ofRequest = new WeakMap<HonoContext, Promise<RequestGraphQL>>();

function requestGraphQL(yoga: Yoga, c: HonoContext, clientIp: string): Promise<RequestGraphQL> {
  let entry = ofRequest.get(c);
  if (!entry) {
    entry = (async () => {
      const { execute, contextFactory } = yoga.getEnveloped({ request: c.req.raw, clientIp, params: { query: '' } });
      return { context: (await contextFactory()) as unknown as Context, execute, cookiesSent: 0 };
    })();
    ofRequest.set(c, entry);
  }
  return entry;
}

/** Copies the Set-Cookie headers the context collected since the last call onto the response. */
function sendCookies(c: HonoContext, entry: RequestGraphQL) {
  const cookies = entry.context.responseCookies;
  for (const cookie of cookies.slice(entry.cookiesSent)) c.header('set-cookie', cookie, { append: true });
  entry.cookiesSent = cookies.length;
}

export async function runOperation<TData, TVariables>(
  yoga: Yoga,
  c: HonoContext,
  clientIp: string,
  document: TypedDocument<TData, TVariables>,
  variables?: TVariables,
): Promise<OperationResult<TData>> {
  const entry = await requestGraphQL(yoga, c, clientIp);
  const variableValues = (variables ?? {}) as Record<string, unknown>;
  const result = (await entry.execute({ schema, document, variableValues, contextValue: entry.context })) as ExecutionResult;
  sendCookies(c, entry);
  return { data: result.data as TData | null | undefined, errors: result.errors, context: entry.context };
}

/** A GraphQL error with a domain code becomes that code's status; anything else is a 500. */
export function respondWithGraphQLErrors(c: HonoContext, errors: readonly GraphQLError[], data?: unknown) {
  const first = errors[0]!;
  // No data at all: the body's values did not fit the expected types (e.g. a string for a number).
  if (data === undefined && !first.path) return jsonError(c, 'INVALID_INPUT', `Invalid input: ${first.message.replace(/^Variable "\$\w+" got invalid value .*?; /, '')}`);
  // `code` of the REST error is the domain's code (GraphQL's `reason`); its kind is GraphQL's `code`.
  const reason = first.extensions?.reason;
  if (isRestErrorCode(reason)) return jsonError(c, reason, first.message);
  return jsonError(c, 'INTERNAL_ERROR', 'Internal server error');
}

/**
 * Reads a mutation's result union: an Error member becomes `{ code, message, requestId }` with its code's status, the
 * success member's `data` is passed to `ok`.
 */
export function respondWithResult<TData, K extends keyof TData & string>(
  c: HonoContext,
  result: OperationResult<TData>,
  field: K,
  ok: (data: SuccessOf<TData[K]>) => Response | Promise<Response>,
) {
  if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
  const value = (result.data as Record<string, any> | null | undefined)?.[field];
  if (value && typeof value.code === 'string' && typeof value.message === 'string') {
    const { code, reason, message, __typename, fieldErrors, ...extra } = value;
    if (Array.isArray(fieldErrors) && fieldErrors.length) extra.fieldErrors = fieldErrors;
    if (typeof extra.retryAfterSeconds === 'number') c.header('retry-after', String(extra.retryAfterSeconds));
    return jsonError(c, isRestErrorCode(reason) ? reason : (defaultReasonOfCode[code as ErrorCode] ?? 'INVALID_INPUT'), message, extra);
  }
  return ok(value?.data ?? value);
}

export function json(c: HonoContext, body: unknown, status = 200) {
  return jsonAnswer(c, JSON.stringify(body), status);
}

/** Where a connection's page ends. */
export interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

/** One page of a connection, as REST documents select it. */
export interface ConnectionPage<T> {
  edges: ReadonlyArray<{ node: T }>;
  pageInfo: PageInfo;
}

/**
 * Every node of a connection, read page by page: `read(after)` answers a page, or the Response to
 * give instead (an error, a refusal), which is returned as it is.
 */
export async function everyPage<T>(read: (after: string | null) => Promise<ConnectionPage<T> | Response>): Promise<T[] | Response> {
  const nodes: T[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await read(after);
    if (page instanceof Response) return page;
    for (const edge of page.edges) nodes.push(edge.node);
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return nodes;
    after = page.pageInfo.endCursor;
  }
}

/**
 * A list answered whole: its length is in X-Total-Count, the header paged lists carry too
 * (docs/decisions.md "REST conventions"), or `total` when the list stops short of every item.
 */
export function jsonList(c: HonoContext, items: readonly unknown[], total = items.length) {
  c.header('x-total-count', String(total));
  return json(c, items);
}

// Answers served from the response cache are the same objects request after request (in-process
// store): their REST shape is built and serialized once, not per request (a page of 20 contracts is
// 40 KB of JSON), and compressed once. Only for shapes that depend on the data alone, never on who asks.
const shapedBodies = new WeakMap<object, { text: string; gzipped: GzipOnce; etag: string }>();

/** `json(c, shape(data))`, serialized (and compressed) once per `data` object. */
export function jsonShaped<T extends object>(c: HonoContext, data: T, shape: (data: T) => unknown) {
  let body = shapedBodies.get(data);
  if (body === undefined) {
    const text = JSON.stringify(shape(data));
    body = { text, gzipped: gzipOnce(text), etag: etagOf(text) };
    shapedBodies.set(data, body);
  }
  return jsonAnswer(c, body.text, 200, body.gzipped, body.etag);
}

/** The request's context (session, services) for routes that call the domain directly (byte streams). */
export async function contextFor(yoga: Yoga, c: HonoContext, clientIp: string): Promise<Context> {
  const entry = await requestGraphQL(yoga, c, clientIp);
  sendCookies(c, entry);
  return entry.context;
}

/**
 * The request's context without sending its cookies yet (the route's first operation sends them):
 * the REST layer's own middleware (Idempotency-Key) finds the viewer here, authenticated once for
 * the request as the route will be, whatever the credential (cookie, API token).
 */
export async function requestContext(yoga: Yoga, c: HonoContext, clientIp: string): Promise<Context> {
  return (await requestGraphQL(yoga, c, clientIp)).context;
}

/**
 * A REST list of every node of a connection: runs `document` page by page (its `$after`), `pick`
 * finds the page in each answer (or the Response to give instead: not logged in, not yours), and
 * `shape` makes each node the spec's JSON. An error of the operation answers as respondWithGraphQLErrors.
 */
export async function listEveryPage<TData, T>(
  yoga: Yoga,
  c: HonoContext,
  clientIp: string,
  document: TypedDocument<TData>,
  variables: Record<string, unknown>,
  pick: (data: TData | null | undefined) => ConnectionPage<T> | Response | Promise<Response>,
  shape: (node: T) => unknown,
): Promise<Response> {
  const all = await everyPage<T>(async (after) => {
    const { data, errors } = await runOperation(yoga, c, clientIp, document, { ...variables, after });
    if (errors?.length) return respondWithGraphQLErrors(c, errors, data);
    return pick(data);
  });
  return all instanceof Response ? all : jsonList(c, all.map(shape));
}

/** The caller's address, by the app's one rule (TRUST_PROXY): what every route passes to runOperation. */
export type ClientIp = (c: HonoContext<{ Bindings: HttpBindings }>) => string;
