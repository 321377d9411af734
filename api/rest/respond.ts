import type { Context as HonoContext } from 'hono';
import { isJsonMediaType } from '../http/content-type.ts';
import { jsonAnswer } from '../http/compression.ts';
import { requestIdFrom, requestScope } from '../http/request-id.ts';
import { challengeOf, STATUS_OF_CODE, type RestErrorCode } from './statuses.ts';
import type { ReasonOf } from '../domain/errors.ts';
import { MAX_REQUEST_JSON_DEPTH, tooDeep } from '../http/request-limits.ts';
import { insufficientScopeChallenge, invalidTokenChallenge } from '../domain/tokens/tokens.rules.ts';

/**
 * Every REST error is JSON `{ "code", "message", "requestId" }` (docs/decisions.md "One error
 * language"): the code picks the status (api/rest/statuses.ts), the request id finds the server's
 * log lines of it. Extra fields only where the spec names them (emailVerificationRequired) or they
 * help (fieldErrors, retryAfterSeconds). A 401 names its challenge in WWW-Authenticate.
 */
export function jsonError(c: HonoContext, code: RestErrorCode, message: string, extra: Record<string, unknown> = {}) {
  const status = STATUS_OF_CODE[code];
  // A refused API token gets the Bearer challenges of RFC 6750 (docs/decisions.md "Issue 27: API tokens").
  if (code === 'INVALID_API_TOKEN') c.header('www-authenticate', invalidTokenChallenge(message));
  else if (status === 401) c.header('www-authenticate', challengeOf(code));
  // The scope a token lacks goes in the challenge (the message names it too), not in the body.
  if (code === 'INSUFFICIENT_SCOPE') {
    const { scope, ...rest } = extra;
    if (typeof scope === 'string') c.header('www-authenticate', insufficientScopeChallenge(scope));
    extra = rest;
  }
  return jsonAnswer(c, errorBody(code, message, extra), status);
}

/** The error body, for answers built outside a Hono context's helpers (a byte stream's refusal). */
export function errorBody(code: RestErrorCode, message: string, extra: Record<string, unknown> = {}) {
  return JSON.stringify({ code, message, ...extra, requestId: requestScope.getStore()?.requestId ?? requestIdFrom(undefined) });
}

export class BadRequestBody extends Error {
  constructor(
    message: string,
    /** The code answered with it: a body that cannot be read or failed its schema is INVALID_INPUT. */
    readonly code: ReasonOf<'INVALID_INPUT'> = 'INVALID_INPUT',
  ) {
    super(message);
  }
}

/** Reads a JSON object body; anything else (wrong type, malformed JSON) is a 400, never a 500. */
export async function readJsonObject(c: HonoContext): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type');
  // Requiring JSON also keeps cross-site form posts out (they cannot send application/json). The
  // media type is parsed: `text/plain; x=application/json` is text/plain. (api/http/rest-guard.ts
  // refuses such writes before any route runs; this is the second line.)
  if (type !== undefined && !isJsonMediaType(type)) throw new BadRequestBody('Expected a JSON body (Content-Type: application/json)');
  const text = await c.req.text();
  if (text.trim() === '') return {};
  if (type === undefined) throw new BadRequestBody('Expected a JSON body (Content-Type: application/json)');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BadRequestBody('Malformed JSON body');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new BadRequestBody('The JSON body must be an object');
  // Before any schema walks it (api/http/request-limits.ts).
  if (tooDeep(value)) throw new BadRequestBody(`The JSON body is nested deeper than ${MAX_REQUEST_JSON_DEPTH} levels`, 'INVALID_INPUT');
  return value as Record<string, unknown>;
}

/** The named fields as strings ('' when absent), so the domain's own rules say what is missing. */
export function strings<K extends string>(body: Record<string, unknown>, keys: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const key of keys) {
    const v = body[key];
    out[key] = typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
  }
  return out;
}
