import crypto from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

type Directives = Record<string, string[]>;

/**
 * The Content-Security-Policy of the web app (and of every other response: JSON never needs more).
 * styled-components injects <style> elements at run time, hence 'unsafe-inline' for styles only;
 * scripts come from the built files alone. Profile pictures are any https image address
 * (docs/decisions.md "Profile"), hence img-src https:. connect-src 'self' covers the same-origin
 * WebSocket of graphql-ws.
 */
export const APP_CSP: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export function cspHeader(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * GraphiQL (outside production) is one page with an inline script and Monaco editor workers made
 * from blob: URLs. Its inline scripts are allowed by hash, not by 'unsafe-inline'.
 */
let lastGraphiql: { html: string; csp: string } | undefined;

export function graphiqlCsp(html: string): string {
  // The page is the same on every request (9 MB): hash it once.
  if (lastGraphiql?.html === html) return lastGraphiql.csp;
  const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${crypto.createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`,
  );
  const csp = cspHeader({
    ...APP_CSP,
    'script-src': ["'self'", ...hashes],
    'worker-src': ["'self'", 'blob:'],
  });
  lastGraphiql = { html, csp };
  return csp;
}

/**
 * nosniff, no framing, a referrer that keeps paths on this site, and the CSP above. A handler
 * that set its own Content-Security-Policy (GraphiQL) keeps it.
 */
export function securityHeaders(): MiddlewareHandler {
  const headers = secureHeaders({
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    // Browsers honour it over HTTPS only; no includeSubDomains, other hosts of the domain are not ours to pin.
    strictTransportSecurity: 'max-age=15552000',
    // Listed origins (CORS_ORIGINS) read the API through CORS, which this header does not block;
    // it stops other sites embedding our responses as images or scripts.
    crossOriginResourcePolicy: 'same-origin',
    overwrite: false,
  });
  const csp = cspHeader(APP_CSP);
  return async (c, next) => {
    await headers(c, async () => {
      await next();
      if (!c.res.headers.has('content-security-policy')) c.res.headers.set('content-security-policy', csp);
    });
  };
}
