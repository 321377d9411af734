import { createHash } from 'node:crypto';
import type { Context as HonoContext } from 'hono';

// REST GET answers carry an entity tag made from their JSON text, and a client that sends it back in
// If-None-Match gets a 304 without the body (RFC 9110 13.1.2). Weak tags: the gzip and the plain
// form of one text are the same answer. `Cache-Control: no-cache` lets a client keep an answer but
// makes it ask every time, so nothing it shows is ever stale; answers to a request with credentials
// are `private` besides, so no shared cache keeps one user's answer for another.
// (docs/decisions.md "REST conventions")

/** The weak entity tag of a JSON text. */
export function etagOf(text: string): string {
  return `W/"${createHash('sha1').update(text).digest('base64url')}"`;
}

/** Whether an If-None-Match header names `etag` (weak comparison; `*` names any). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/** Whether a request carries credentials, which makes its answer the caller's own. */
function carriesCredentials(c: HonoContext): boolean {
  return c.req.header('cookie') !== undefined || c.req.header('authorization') !== undefined || c.req.header('x-api-key') !== undefined;
}

/**
 * For a successful GET (or HEAD) JSON answer: sets ETag and Cache-Control, and answers the 304
 * when the client holds this text already (null otherwise).
 */
export function revalidate(c: HonoContext, text: string, etag?: string): Response | null {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return null;
  const tag = etag ?? etagOf(text);
  c.header('etag', tag);
  c.header('cache-control', carriesCredentials(c) ? 'private, no-cache' : 'no-cache');
  if (!matchesIfNoneMatch(c.req.header('if-none-match'), tag)) return null;
  return c.body(null, 304);
}
