import type { Context as HonoContext, MiddlewareHandler } from 'hono';
import { SCOPES, SESSION_ONLY, type Scope } from '../../domain/tokens/tokens.rules.ts';
import { describeRoute, resolver, validator } from 'hono-openapi';
import { z } from 'zod';
import { BadRequestBody, jsonError, readJsonObject } from '../respond.ts';
import { codesOfStatus, REST_ERROR_CODES } from '../statuses.ts';
import type { Tag } from './tags.ts';

// Each REST route describes itself where it is defined: `documented({...})` is a middleware that
// does nothing at request time and carries the route's OpenAPI operation, and the zod schemas that
// validate its query and body (`queryOf`, `readBody`) are the ones the document prints. The
// document is generated from the router's own routes (./document.ts), so a route cannot be added,
// removed or renamed without the document following (docs/decisions.md "The OpenAPI document").

/** Every code an error body may carry, each with one status (the table in the document's description). */
export const ErrorCode = z
  .enum(REST_ERROR_CODES)
  .describe('What went wrong, as a stable name: match on it, not on the message. Each code has one status (the table in the description of this document; each answer lists its codes).')
  .meta({ id: 'ErrorCode' });

/** Every REST error: `{ code, message, requestId }` (docs/decisions.md "One error language"). */
export const ErrorAnswer = z
  .object({
    code: ErrorCode,
    message: z.string().describe('What went wrong, in words a person can read.'),
    requestId: z.string().describe('The id of the request, also in X-Request-Id: quote it when asking about an answer.'),
    fieldErrors: z.array(z.object({ field: z.string(), message: z.string() })).optional().describe('One message per invalid field of the body.'),
    retryAfterSeconds: z.number().int().optional().describe('With 429: when to try again (also in Retry-After).'),
    email: z.string().optional(),
    emailVerificationRequired: z.boolean().optional().describe('With 403 at login: the address is not verified yet.'),
  })
  .meta({ id: 'Error' });

/** Who may call a route: decides its security requirement and the refusals it documents. */
export type Access = 'public' | 'signed-in' | 'provider' | 'admin' | 'api-key' | 'visitor';

const SECURITY: Record<Access, Array<Record<string, string[]>>> = {
  public: [],
  'signed-in': [{ session: [] }],
  provider: [{ session: [] }],
  admin: [{ session: [] }],
  'api-key': [{ apiKey: [] }],
  // Support tickets: an account's session, or the grant cookie the ticket's visitor received.
  visitor: [{ session: [] }, { supportGrant: [] }, {}],
};

const ACCESS_NOTE: Record<Access, string> = {
  public: 'Anyone, signed in or not.',
  'signed-in': 'Signed-in users (the session cookie).',
  provider: 'Signed-in providers whose due diligence is approved.',
  admin: 'Administrators only.',
  'api-key': 'A buyer with access, authenticated by the `X-API-Key` header.',
  visitor: 'The ticket\'s owner (session or the visitor\'s grant cookie) and administrators.',
};

const REFUSALS: Record<number, string> = {
  400: 'Bad input: the message says what to change; nothing was changed.',
  401: 'Not signed in (or no valid key).',
  402: 'The payment provider declined the charge.',
  403: 'Signed in, but not allowed.',
  404: 'Not found, or not visible to the caller.',
  409: 'In conflict with the current state (a duplicate, or a status that does not allow it).',
  413: 'Too large.',
  416: 'The requested range is outside the file.',
  422: 'The file cannot be streamed as records: download it instead (`downloadPath`).',
  429: 'Too many attempts: wait `retryAfterSeconds`.',
};

/** The scopes a personal API token (`Authorization: Bearer`, Dashboard → Developers) may carry: the domain's own list. */
export const TOKEN_SCOPES = SCOPES;
export type TokenScope = Scope;

type Schema = z.ZodType;
type Answer = Schema | { description: string; schema?: Schema; content?: Record<string, { schema: Record<string, unknown> }>; headers?: Record<string, unknown> };

export interface RouteDoc {
  summary: string;
  description?: string;
  tag: Tag;
  access: Access;
  /**
   * What a personal API token (the `bearerAuth` scheme) needs here: every one of these scopes (a
   * route whose documents need two areas lists both), or 'session-only' where tokens are refused
   * (403 SESSION_REQUIRED). Required of every route that is not public (api/rest/token-scopes.routes.test.ts).
   */
  tokenScopes?: TokenScope[] | typeof SESSION_ONLY;
  /** The JSON body's schema: the same one `readBody` validates with. */
  body?: Schema;
  /** A multipart upload instead of a JSON body: the form field that carries the file. */
  upload?: { field: string; description: string };
  /** A body to copy: what the reference page shows and its "Try it out" starts from. */
  example?: Record<string, unknown>;
  /** Successful answers by status: a schema (JSON) or a full answer description. */
  answers: Record<number, Answer>;
  /** Refusals besides the ones `access` implies (401, 403) and bad input (400). 429 marks a limited route. */
  errors?: number[];
}

const ref = (kind: 'headers' | 'parameters' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** The headers of a limited route's answers (docs/decisions.md "Issue 27: a strict OpenAPI document and the SDK"). */
export const RATE_LIMIT_HEADERS = { RateLimit: ref('headers', 'RateLimit'), 'RateLimit-Policy': ref('headers', 'RateLimitPolicy') };

const binary = { type: 'string', format: 'binary' } as const;
const FILE_HEADERS = {
  ETag: ref('headers', 'ETag'),
  'Accept-Ranges': ref('headers', 'AcceptRanges'),
  'Content-Disposition': ref('headers', 'ContentDisposition'),
};

/** A media type without its parameters (`text/csv; charset=utf-8` -> `text/csv`). */
const mediaType = (type: string) => type.split(';')[0]!.trim();

/**
 * A stored file's answers: 200 the whole file, 206 a range of it, each in the types the file may
 * have (the domain's own lists). The document adds Range and If-Range to an operation with a 206.
 */
export function fileAnswers(what: string, types: readonly string[], extra: Record<string, { schema: Record<string, unknown> }> = {}) {
  const content = { ...Object.fromEntries([...new Set(['application/octet-stream', ...types.map(mediaType)])].map((type) => [type, { schema: binary }])), ...extra };
  return {
    200: { description: `${what}: the whole file (Accept-Ranges, ETag, Last-Modified, Content-Disposition).`, content, headers: FILE_HEADERS },
    206: { description: 'The requested range of the same file.', content, headers: { ...FILE_HEADERS, 'Content-Range': ref('headers', 'ContentRange') } },
  };
}

const json = (schema: Schema) => ({ 'application/json': { schema: resolver(schema) } });

/** `documented` for one room's routes: they share the tag the reference page groups them under. */
export function documentedAs(tag: Tag): (doc: Omit<RouteDoc, 'tag'>) => MiddlewareHandler {
  return (doc) => documented({ ...doc, tag });
}

/** Who may call: the access's schemes, and a token with the route's scopes besides (a public route stays open). */
function securityOf(doc: RouteDoc): Array<Record<string, string[]>> {
  const base = SECURITY[doc.access];
  if (!doc.tokenScopes || doc.tokenScopes === SESSION_ONLY) return base;
  // Scopes are named by `x-token-scopes` and the description: OpenAPI lists scopes in a requirement
  // only for OAuth 2 and OpenID schemes.
  return [...(base.length ? base : [{}]), { bearerAuth: [] }];
}

/** What the description says of personal API tokens: the scopes they need here, or that they are refused. */
function tokenNote(doc: RouteDoc): string {
  if (!doc.tokenScopes) return '';
  if (doc.tokenScopes === SESSION_ONLY) return 'Not with a personal API token: tokens are refused here (403 `SESSION_REQUIRED`), sign in with a password session.';
  const names = doc.tokenScopes.map((s) => `\`${s}\``);
  const need = names.length === 1 ? `the scope ${names[0]} (403 \`INSUFFICIENT_SCOPE\` without it)` : `the scopes ${names.join(', ')}: it needs all of them (403 \`INSUFFICIENT_SCOPE\` without any one)`;
  const keyNote = doc.access === 'api-key' ? ', sent instead of `X-API-Key`: then the purchase of the token\'s own user decides' : '';
  return `Or a personal API token (\`Authorization: Bearer\`) with ${need}${keyNote}.`;
}

export function documented(doc: RouteDoc): MiddlewareHandler {
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(doc.answers)) {
    if (answer instanceof z.ZodType) responses[status] = { description: 'OK', content: json(answer) };
    else responses[status] = { description: answer.description, headers: answer.headers, content: answer.content ?? (answer.schema ? json(answer.schema) : undefined) };
  }
  const limited = doc.errors?.includes(429) ?? false;
  if (limited) {
    for (const [status, response] of Object.entries(responses) as Array<[string, { headers?: Record<string, unknown> }]>) {
      if (status.startsWith('2')) response.headers = { ...response.headers, ...RATE_LIMIT_HEADERS };
    }
  }
  const refusals = new Set([400, ...(doc.errors ?? [])]);
  if (doc.access !== 'public') refusals.add(401);
  if (doc.access === 'admin' || doc.access === 'provider') refusals.add(403);
  // A token is refused with 401 (invalid), 403 INSUFFICIENT_SCOPE or 403 SESSION_REQUIRED.
  if (doc.tokenScopes) {
    refusals.add(401);
    refusals.add(403);
  }
  for (const status of [...refusals].sort()) {
    const codes = codesOfStatus(status).map((code) => `\`${code}\``).join(', ');
    responses[status] = {
      description: `${REFUSALS[status] ?? 'Refused'} Codes: ${codes}.`,
      headers:
        status === 401
          ? { 'WWW-Authenticate': { description: 'The challenge: the session cookie, the X-API-Key header on the data routes, or `Bearer` for an invalid API token.', schema: { type: 'string' } } }
          : status === 429
            ? { ...RATE_LIMIT_HEADERS, 'Retry-After': ref('headers', 'RetryAfter') }
            : undefined,
      content: json(ErrorAnswer),
    };
  }
  return describeRoute({
    tags: [doc.tag],
    summary: doc.summary,
    description: [
      doc.description,
      `**Who:** ${ACCESS_NOTE[doc.access]} ${tokenNote(doc)}`.trim(),
    ]
      .filter(Boolean)
      .join('\n\n'),
    ...(doc.tokenScopes === SESSION_ONLY ? { 'x-token-session-only': true } : doc.tokenScopes ? { 'x-token-scopes': [...doc.tokenScopes] } : {}),
    security: securityOf(doc),
    parameters: doc.access === 'api-key' ? [ref('parameters', 'XApiKey') as never] : undefined,
    requestBody: doc.upload
      ? { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties: { [doc.upload.field]: { type: 'string', format: 'binary', description: doc.upload.description } }, required: [doc.upload.field] } } } }
      : doc.body
        ? { required: true, content: { 'application/json': { schema: resolver(doc.body), example: doc.example } } }
        : undefined,
    responses: responses as never,
  });
}

/** The first problem of a failed validation, in the `{ message }` words the REST layer answers with. */
export function messageOf(issues: ReadonlyArray<{ message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> }>): string {
  const first = issues[0];
  if (!first) return 'Invalid input';
  const path = (first.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p)).join('.');
  // Messages written for a field already name it ("limit must be ..."); zod's defaults do not.
  return path && /^(Invalid|Expected|Too|Unrecognized)/.test(first.message) ? `${path}: ${first.message}` : first.message;
}

/** Validates (and documents) a route's query string with a zod object; bad input is a 400 INVALID_INPUT. */
export function queryOf<S extends Schema>(schema: S) {
  return validator('query', schema, (result, c) => {
    if (!result.success) return jsonError(c, 'INVALID_INPUT', messageOf(result.error as never));
  });
}

/** Reads the JSON body and validates it with the schema the route documents (`documented({ body })`). */
export async function readBody<S extends Schema>(c: HonoContext, schema: S): Promise<z.output<S>> {
  const parsed = schema.safeParse(await readJsonObject(c));
  if (!parsed.success) throw new BadRequestBody(messageOf(parsed.error.issues), 'INVALID_INPUT');
  return parsed.data;
}

// --- Fields of the bodies --------------------------------------------------------------------
// The bodies' schemas check types and leave the product's rules (required, lengths, ranges) to the
// domain, whose messages the screens and the REST answers share; they do not transform values, so a
// route reads the body exactly as it was sent.

/** A text field that also takes a number (clients send ids and amounts either way); routes read it as text. */
export const field = z.union([z.string(), z.number()]);

/** An amount of money: a number or a decimal string ("12.50"). */
export const money = z.union([z.number(), z.string()]).describe('An amount in US dollars, at most two decimals: a number or a decimal string.');

/**
 * A body object: the fields it names are checked, others are dropped, so a route can only read
 * what its schema (and so the document) names.
 */
export const body = <T extends z.core.$ZodLooseShape>(shape: T) => z.object(shape);
