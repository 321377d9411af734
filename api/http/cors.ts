import type { MiddlewareHandler } from 'hono';
import type { OriginPolicy } from './origin.ts';

const ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
// What our own clients send: JSON, the GraphQL CSRF header, request ids and data API keys.
const ALLOW_HEADERS = 'content-type, accept, x-graphql-csrf, x-request-id, x-api-key, idempotency-key';
const EXPOSE_HEADERS = 'x-request-id, x-total-count, retry-after';

/**
 * CORS for /graphql and /api/*: only origins listed in CORS_ORIGINS get Access-Control-Allow-*
 * headers (with credentials). Same-origin pages need none, and any other origin gets none, so a
 * browser refuses to hand it the answer or to send it a non-simple request (docs/decisions.md, "Hardening: the HTTP edge").
 */
export function corsFor(policy: OriginPolicy): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('origin');
    const listed = !!origin && policy.isListed(origin);
    const preflight = c.req.method === 'OPTIONS' && !!origin && !!c.req.header('access-control-request-method');
    if (preflight) {
      // Answered here for every origin; without the Allow headers the browser stops.
      const headers = new Headers({ vary: 'Origin' });
      if (listed) {
        headers.set('access-control-allow-origin', origin);
        headers.set('access-control-allow-credentials', 'true');
        headers.set('access-control-allow-methods', ALLOW_METHODS);
        headers.set('access-control-allow-headers', ALLOW_HEADERS);
        headers.set('access-control-max-age', '600');
      }
      return new Response(null, { status: 204, headers });
    }
    await next();
    c.res.headers.append('vary', 'Origin');
    if (listed) {
      c.res.headers.set('access-control-allow-origin', origin);
      c.res.headers.set('access-control-allow-credentials', 'true');
      c.res.headers.set('access-control-expose-headers', EXPOSE_HEADERS);
    } else {
      // Nothing downstream (Yoga included) may grant what the policy did not.
      for (const name of ['access-control-allow-origin', 'access-control-allow-credentials', 'access-control-expose-headers']) c.res.headers.delete(name);
    }
  };
}
