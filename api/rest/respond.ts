import type { Context as HonoContext } from 'hono';
import { isJsonMediaType } from '../http/content-type.ts';
import { jsonAnswer } from '../http/compression.ts';
import { MAX_REQUEST_JSON_DEPTH, tooDeep } from '../http/request-limits.ts';

// Every REST error is JSON `{ "message": "..." }` (the product decision "Errors (REST)"), with extra
// fields only where the spec names them (emailVerificationRequired) or they help (fieldErrors).
export function jsonError(c: HonoContext, status: number, message: string, extra: Record<string, unknown> = {}) {
  return jsonAnswer(c, JSON.stringify({ message, ...extra }), status);
}

export class BadRequestBody extends Error {
  constructor(
    message: string,
    /** The reason code answered with it, when there is one (a body that failed its schema: INVALID_INPUT). */
    readonly code?: string,
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
