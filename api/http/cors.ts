import type { MiddlewareHandler } from 'hono';
import type { OriginPolicy } from './origin.ts';

const ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
// What clients send: JSON, the GraphQL CSRF header, request ids, credentials of programs (bearer
// tokens, data API keys), Idempotency-Key on writes, and the conditional and ranged reads of downloads.
const ALLOW_HEADERS = [
  'content-type', 'accept', 'x-graphql-csrf', 'x-request-id', 'authorization', 'x-api-key', 'idempotency-key',
  'range', 'if-range', 'if-none-match',
].join(', ');
// What a page from a listed origin may read of an answer (docs/decisions.md "Issue 27: API conventions").
const EXPOSE_HEADERS = [
  'x-request-id', 'x-total-count', 'x-total-count-exact', 'link', 'etag', 'content-range', 'content-disposition',
  'retry-after', 'ratelimit', 'ratelimit-policy', 'idempotent-replayed', 'deprecation', 'sunset', 'x-release',
].join(', ');

/** The answer to a CORS preflight: the Allow headers for a listed origin, none for any other. */
export function preflightHeaders(policy: OriginPolicy, origin: string): Headers {
  const headers = new Headers({ vary: 'Origin' });
  if (policy.isListed(origin)) {
    headers.set('access-control-allow-origin', origin);
    headers.set('access-control-allow-credentials', 'true');
    headers.set('access-control-allow-methods', ALLOW_METHODS);
    headers.set('access-control-allow-headers', ALLOW_HEADERS);
    headers.set('access-control-max-age', '600');
  }
  return headers;
}

export function isPreflight(method: string, headers: { get(name: string): string | null }): boolean {
  return method === 'OPTIONS' && !!headers.get('origin') && !!headers.get('access-control-request-method');
}

/** The CORS headers of an answer to `origin` (null: no Origin header, a same-origin or non-browser call). */
export function applyCors(headers: Headers, policy: OriginPolicy, origin: string | null): void {
  headers.append('vary', 'Origin');
  if (origin && policy.isListed(origin)) {
    headers.set('access-control-allow-origin', origin);
    headers.set('access-control-allow-credentials', 'true');
    headers.set('access-control-expose-headers', EXPOSE_HEADERS);
  } else {
    // Nothing downstream (Yoga included) may grant what the policy did not.
    for (const name of ['access-control-allow-origin', 'access-control-allow-credentials', 'access-control-expose-headers']) headers.delete(name);
  }
}

/**
 * CORS for /api/* (and /graphql, through api/http/graphql-edge.ts): only origins listed in
 * CORS_ORIGINS get Access-Control-Allow-* headers (with credentials). Same-origin pages need none,
 * and any other origin gets none, so a browser refuses to hand it the answer or to send it a
 * non-simple request (docs/decisions.md, "Hardening: the HTTP edge").
 */
export function corsFor(policy: OriginPolicy): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('origin') ?? null;
    // Answered here for every origin; without the Allow headers the browser stops.
    if (isPreflight(c.req.method, { get: (name) => c.req.header(name) ?? null })) return new Response(null, { status: 204, headers: preflightHeaders(policy, origin!) });
    await next();
    applyCors(c.res.headers, policy, origin);
  };
}
