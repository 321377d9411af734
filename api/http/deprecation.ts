import type { MiddlewareHandler } from 'hono';

// Marking a route deprecated (docs/api-versioning.md): every answer of the route says so in
//   Deprecation: @1767225600                         (RFC 9745: when it was deprecated, epoch seconds)
//   Sunset: Wed, 01 Jul 2026 00:00:00 GMT            (RFC 8594: when it stops answering)
//   Link: </api/docs>; rel="deprecation"; type="text/html", <…>; rel="successor-version"
// and the OpenAPI document marks the operation `deprecated: true` (it finds the middleware on the
// route with `deprecationOf`).

export interface Deprecation {
  /** When the route was deprecated (announced). */
  since: Date;
  /** When it stops answering: at least DEPRECATION_NOTICE_DAYS after `since` (docs/api-versioning.md). */
  sunset?: Date;
  /** What to use instead: a path or URL, sent as Link rel="successor-version". */
  successor?: string;
  /** Where the deprecation is explained; default the versioning policy. */
  link?: string;
}

/** How long a deprecated route keeps answering at least (docs/api-versioning.md). */
export const DEPRECATION_NOTICE_DAYS = 180;
/** The API reference page (served at /api/docs), where deprecated operations are marked and the policy is linked. */
export const DEPRECATION_POLICY_LINK = '/api/docs';

const DEPRECATION = Symbol('deprecation');

/** The Deprecation, Sunset and Link values of a deprecation. */
export function deprecationHeaders(d: Deprecation): { deprecation: string; sunset?: string; link: string } {
  const links = [`<${d.link ?? DEPRECATION_POLICY_LINK}>; rel="deprecation"; type="text/html"`];
  if (d.successor) links.push(`<${d.successor}>; rel="successor-version"`);
  return {
    deprecation: `@${Math.floor(d.since.getTime() / 1000)}`,
    ...(d.sunset ? { sunset: d.sunset.toUTCString() } : {}),
    link: links.join(', '),
  };
}

/**
 * The middleware that marks a route deprecated: `r.get(path, doc({...}), deprecated({...}), handler)`.
 * Refuses, when the route is declared, a sunset sooner than the notice the policy promises.
 */
export function deprecated(d: Deprecation): MiddlewareHandler {
  if (d.sunset && d.sunset.getTime() - d.since.getTime() < DEPRECATION_NOTICE_DAYS * 86_400_000) {
    throw new Error(`A deprecated route answers for at least ${DEPRECATION_NOTICE_DAYS} days after it is deprecated (docs/api-versioning.md)`);
  }
  const values = deprecationHeaders(d);
  const middleware: MiddlewareHandler = async (c, next) => {
    await next();
    const set = (headers: Headers) => {
      headers.set('deprecation', values.deprecation);
      if (values.sunset) headers.set('sunset', values.sunset);
      // Paged lists have a Link of their own: the deprecation's is added to it.
      headers.append('link', values.link);
    };
    try {
      set(c.res.headers);
    } catch {
      c.res = new Response(c.res.body, c.res);
      set(c.res.headers);
    }
  };
  return Object.assign(middleware, { [DEPRECATION]: d });
}

/** The deprecation a route's handler declares, if it is `deprecated(...)`: for the OpenAPI document's `deprecated: true`. */
export function deprecationOf(handler: unknown): Deprecation | undefined {
  return typeof handler === 'function' ? (handler as { [DEPRECATION]?: Deprecation })[DEPRECATION] : undefined;
}
