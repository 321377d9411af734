import { createGraphQLError, type Plugin } from 'graphql-yoga';
import type { Logger } from '../logger.ts';
import { acceptsGzip, COMPRESS_OVER_BYTES, gzip } from './compression.ts';
import { applyCors, isPreflight, preflightHeaders } from './cors.ts';
import type { OriginPolicy } from './origin.ts';
import { requestIdFrom, requestScope } from './request-id.ts';
import { applySecurityHeaders, graphiqlCsp } from './security-headers.ts';

// /graphql is served by Yoga itself, straight from node:http (api/app.ts `listener`): adapting each
// request to a WHATWG Request for Hono first cost half of the throughput of `{ __typename }`
// (docs/performance.md "Per-request overhead"). What Hono's middlewares do for the other routes
// (request id and log line, security headers, CORS, body limit, compression) is done here, as one
// Yoga plugin, so /graphql behaves the same whichever adapter hands it the request.

export const GRAPHQL_BODY_LIMIT = 1024 * 1024;
const TOO_LARGE = JSON.stringify({ message: 'Request body too large (limit 1 MB)' });

export interface GraphQLEdgeOptions {
  origins: OriginPolicy;
  logger: Logger;
  /** The GraphiQL page last rendered (outside production): its inline scripts are allowed by hash. */
  graphiqlHtml: () => string | undefined;
}

export function graphqlEdge({ origins, logger, graphiqlHtml }: GraphQLEdgeOptions): Plugin {
  const startedAt = new WeakMap<Request, number>();
  return {
    instrumentation: {
      // Every log line written while serving the request carries its id (api/logger.ts). Behind
      // Hono (in-process tests) the scope exists already and is kept.
      request({ request }, wrapped) {
        startedAt.set(request, performance.now());
        if (requestScope.getStore()) return wrapped();
        return requestScope.run({ requestId: requestIdFrom(request.headers.get('x-request-id')) }, wrapped);
      },
    },
    onRequest({ request, endResponse, fetchAPI }) {
      if (isPreflight(request.method, request.headers)) {
        endResponse(new fetchAPI.Response(null, { status: 204, headers: preflightHeaders(origins, request.headers.get('origin')!) }));
        return;
      }
      // A body announced over the limit is refused before it is read; one sent without a length
      // is cut as it streams (onRequestParse).
      const length = Number(request.headers.get('content-length') ?? 0);
      if (length > GRAPHQL_BODY_LIMIT) {
        endResponse(new fetchAPI.Response(TOO_LARGE, { status: 413, headers: { 'content-type': 'application/json' } }));
      }
    },
    // Yoga's own limit (maxRequestBodySize, off in api/app.ts) pipes every body through a
    // TransformStream, a tenth of the CPU of `{ __typename }`. A body with a Content-Length needs
    // none: Node reads no more than it announces, and onRequest refused one announced over the
    // limit. Only a body sent without a length (chunked) is counted as it streams.
    onRequestParse({ request, requestParser, setRequestParser, fetchAPI }) {
      if (request.headers.has('content-length') || !request.body || !requestParser) return;
      setRequestParser((req) => requestParser(withBodyLimit(req, GRAPHQL_BODY_LIMIT, fetchAPI)));
    },
    async onResponse({ request, response, setResponse, fetchAPI }) {
      const requestId = requestScope.getStore()?.requestId;
      let answer = response;
      const type = answer.headers.get('content-type') ?? '';
      if (answer.status === 413) {
        // Yoga's own limit (a body sent without a length) answers as the announced case above does.
        answer = new fetchAPI.Response(TOO_LARGE, { status: 413, headers: { 'content-type': 'application/json' } });
        setResponse(answer);
      } else if (type.startsWith('text/html')) {
        const html = graphiqlHtml();
        if (html) answer.headers.set('content-security-policy', graphiqlCsp(html));
      } else if (/^application\/(?:graphql-response\+)?json\b/.test(type) && acceptsGzip(request.headers.get('accept-encoding'))) {
        // JSON answers over 1 KB travel compressed, as the REST ones do (api/http/compression.ts).
        const body = Buffer.from(await answer.arrayBuffer());
        if (body.length > COMPRESS_OVER_BYTES) {
          const headers = new fetchAPI.Headers(answer.headers);
          headers.set('content-encoding', 'gzip');
          headers.delete('content-length');
          headers.append('vary', 'Accept-Encoding');
          answer = new fetchAPI.Response(await gzip(body), { status: answer.status, headers });
        } else {
          answer = new fetchAPI.Response(body, { status: answer.status, headers: answer.headers });
        }
        setResponse(answer);
      }
      applySecurityHeaders(answer.headers);
      applyCors(answer.headers, origins, request.headers.get('origin'));
      if (requestId) answer.headers.set('x-request-id', requestId);
      const started = startedAt.get(request);
      logger.info(
        { requestId, method: request.method, path: '/graphql', status: answer.status, ms: started === undefined ? undefined : Math.round(performance.now() - started) },
        'request',
      );
    },
  };
}

/** The request with a body that fails once more than `limit` bytes have come (answered 413, see onResponse). */
function withBodyLimit(request: Request, limit: number, fetchAPI: { Request: typeof Request; TransformStream: typeof TransformStream }): Request {
  // Node's own ReadableStream pipes only into Node's own TransformStream (Yoga does the same).
  const Transform = request.body instanceof ReadableStream ? globalThis.TransformStream : fetchAPI.TransformStream;
  let bytes = 0;
  const body = request.body!.pipeThrough(
    new Transform<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        bytes += chunk.byteLength;
        if (bytes > limit) controller.error(createGraphQLError('Request body too large', { extensions: { http: { status: 413 }, code: 'REQUEST_ENTITY_TOO_LARGE' } }));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new fetchAPI.Request(request.url, { method: request.method, headers: request.headers, signal: request.signal, body, duplex: 'half' } as RequestInit);
}
