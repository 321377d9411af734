import crypto from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

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
 * The headers every answer carries: nosniff, no framing, a referrer that keeps paths on this site,
 * cross-origin isolation of our answers, and the CSP above. One list for both edges: Hono's routes
 * (securityHeaders below) and /graphql, which Yoga serves itself (api/http/graphql-edge.ts).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': cspHeader(APP_CSP),
  'cross-origin-opener-policy': 'same-origin',
  // Listed origins (CORS_ORIGINS) read the API through CORS, which this header does not block;
  // it stops other sites embedding our responses as images or scripts.
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // Browsers honour it over HTTPS only; no includeSubDomains, other hosts of the domain are not ours to pin.
  'strict-transport-security': 'max-age=15552000',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  // The old XSS auditor is off: it caused leaks of its own; the CSP does its job.
  'x-xss-protection': '0',
};

/** Adds the security headers a response does not set itself (GraphiQL keeps its own CSP). */
export function applySecurityHeaders(headers: Headers): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!headers.has(name)) headers.set(name, value);
}

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    applySecurityHeaders(c.res.headers);
  };
}
