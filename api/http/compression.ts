import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

// How answers travel (docs/decisions.md "Web delivery"):
// - JSON answers (GraphQL and REST) over 1 KB are compressed (gzip or deflate, as the client
//   accepts). Byte streams are not: a download answers Range requests with exact byte positions,
//   and the NDJSON stream and uploads are application/x-ndjson or files, so the filter leaves them.
// - The web app's files are compressed once, at build time (.br and .gz beside each file, vite
//   config), and served as the browser accepts them; hashed assets are cached for a year, everything
//   else (index.html) is revalidated on each load so a new release is picked up at once.

const JSON_ANSWER = /^application\/(?:graphql-response\+)?json\b/i;

/** Byte streams: a data file (even a JSON one) keeps its exact bytes, length and Range answers. */
const BYTE_STREAMS = /^\/api\/(?:data\/(?:download|stream)|files)\//;

export function jsonCompression(): MiddlewareHandler {
  const gzip = compress({ threshold: 1024, contentTypeFilter: JSON_ANSWER });
  return (c, next) => (BYTE_STREAMS.test(c.req.path) ? next() : gzip(c, next));
}

/** Vite names every file under /assets/ after its content's hash: such a name never changes meaning. */
export function cacheControlFor(requestPath: string): string {
  return /^\/assets\/[^/]+-[\w-]{8,}\.\w+$/.test(requestPath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Wraps a static file handler: a file it sends gets the Cache-Control of its path. */
export function withCacheControl(serve: MiddlewareHandler): MiddlewareHandler {
  return async (c, next) => {
    const res = await serve(c, next);
    if (res instanceof Response) res.headers.set('Cache-Control', cacheControlFor(c.req.path));
    return res;
  };
}
