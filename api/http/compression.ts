import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { pipeline, Readable } from 'node:stream';
import type { Context as HonoContext, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { revalidate } from './etag.ts';

// How answers travel (docs/decisions.md "Web delivery"):
// - JSON answers (GraphQL and REST) over 1 KB are gzip-compressed when the client accepts it.
// - The data stream (GET /api/data/stream) is compressed as it is read, brotli or gzip as
//   Accept-Encoding prefers (negotiateStreamEncoding, compressStream). The download is not: it
//   answers Range requests with exact byte positions of the file.
// - The web app's files are compressed once, at build time (.br and .gz beside each file, vite
//   config), and served as the browser accepts them; hashed assets are cached for a year, everything
//   else (index.html) is revalidated on each load so a new release is picked up at once.

// REST answers are compressed where their JSON text is made (`jsonAnswer`), not by a middleware
// after the fact: a middleware cannot see the size of an answer that has no Content-Length, so
// Hono's compress() piped every answer, even 200 bytes, through a CompressionStream, and turned the
// adapter's plain string answer into a stream (a quarter of the CPU of GET /api/auth/user,
// docs/performance.md "Per-request overhead").

/** Answers up to this many bytes are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_OVER_BYTES = 1024;
/** zlib's gzip, off the event loop (libuv's thread pool). */
export const gzip = promisify(zlib.gzip);

/** Whether an Accept-Encoding header accepts gzip (`gzip;q=0` refuses it; `*` accepts it unless refused). */
export function acceptsGzip(header: string | null | undefined): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name === 'gzip' || name === 'x-gzip') return accepted;
    if (name === '*') wildcard = accepted;
  }
  return wildcard;
}

/** The gzip form of a JSON text, made once per text object where the caller keeps it (cached answers). */
export type GzipOnce = () => Promise<Buffer>;

/**
 * A JSON answer from its text: gzip-compressed when it is over 1 KB and the client accepts gzip
 * (`Vary: Accept-Encoding` on every answer that size, compressed or not). `gzipped` gives the
 * compressed bytes of this same text when the caller has them already (see jsonShaped).
 */
export function jsonAnswer(c: HonoContext, text: string, status = 200, gzipped?: GzipOnce, etag?: string): Response | Promise<Response> {
  const status_ = status as ContentfulStatusCode;
  if (status === 200) {
    const notModified = revalidate(c, text, etag);
    if (notModified) return notModified;
  }
  // text.length counts UTF-16 units: a text of at most 1024/3 units is at most 1 KB in UTF-8.
  if (text.length <= COMPRESS_OVER_BYTES / 3 || Buffer.byteLength(text) <= COMPRESS_OVER_BYTES) {
    return c.body(text, status_, { 'content-type': 'application/json' });
  }
  if (!acceptsGzip(c.req.header('accept-encoding'))) return c.body(text, status_, { 'content-type': 'application/json', vary: 'Accept-Encoding' });
  return (gzipped ?? (() => gzip(text)))().then((bytes) =>
    c.body(bytes as Uint8Array<ArrayBuffer>, status_, { 'content-type': 'application/json', 'content-encoding': 'gzip', vary: 'Accept-Encoding' }),
  );
}

/** Compresses a text once, on first use, and keeps the bytes (answers served again and again). */
export function gzipOnce(text: string): GzipOnce {
  let bytes: Promise<Buffer> | undefined;
  return () => (bytes ??= gzip(text));
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

/** A content coding a byte stream may be sent in. */
export type StreamEncoding = 'br' | 'gzip';

/**
 * The coding to send a stream in, from Accept-Encoding (RFC 9110 12.5.3): the accepted one with the
 * highest q-value, brotli before gzip at equal q; `*` stands for any not named; q=0 refuses. Null:
 * send it as it is (no header, or nothing we have is accepted).
 */
export function negotiateStreamEncoding(header: string | null | undefined): StreamEncoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.trim().toLowerCase().split(';');
    const name = rawName!.trim();
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    q.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);
  }
  const weight = (coding: StreamEncoding) => q.get(coding) ?? q.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).reduce<StreamEncoding | null>((chosen, coding) => (weight(coding) > (chosen ? weight(chosen) : 0) ? coding : chosen), null);
  return best;
}

/**
 * A byte stream compressed as it is read: one chunk of the source at a time through zlib, flushed
 * after each chunk so a record is sent when it is ready (a stream client works on the first
 * records before the last is read). Memory stays that of zlib's window whatever the size; brotli
 * at quality 5, near gzip's speed. Closing the result (a client that leaves) closes the source.
 */
export function compressStream(source: AsyncIterable<Uint8Array>, encoding: StreamEncoding): AsyncIterable<Buffer> {
  const coder =
    encoding === 'br'
      ? zlib.createBrotliCompress({ flush: zlib.constants.BROTLI_OPERATION_FLUSH, params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH });
  return pipeline(Readable.from(source, { objectMode: false }), coder, () => undefined);
}
