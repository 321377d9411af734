import type { IncomingMessage } from 'node:http';
import { createYoga, maskError, type Plugin, type YogaInitialContext } from 'graphql-yoga';
import { GraphQLError } from 'graphql';
import { PothosValidationError } from '@pothos/core';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { DomainError, ValidationError } from '../domain/errors.ts';
import { invalidInputOf } from '../db/input-errors.ts';
import { createContext, requestInfoFromFetch, requestInfoFromNode, withConnectionAuthorization, type AppServices, type Context } from '../context.ts';
import type { OriginPolicy } from '../http/origin.ts';
import { graphqlEdge } from '../http/graphql-edge.ts';
import { requestScope } from '../http/request-id.ts';
import { mediaTypeOf } from '../http/content-type.ts';
import { introspectionDepthLimit, requestShapeLimits } from '../http/graphql-limits.ts';
import { schema } from './schema.ts';
import { usePersistedWebOperations } from './persisted-operations.ts';
import { useCompiledMarketReads } from './compiled-execution.ts';
import type { PublicResponseCache } from './response-cache.ts';
import { useTokenScopes } from './token-scopes.ts';
import { useLoadersPerSubscriptionEvent } from './loaders.ts';

// The GraphQL server: the schema with its context, error masking and plugins. api/app.ts mounts
// it at /graphql; api/rest and api/websocket.ts run their operations through it.

/** What the HTTP server (and tests) pass to Yoga besides the request. */
export interface ServerContext {
  clientIp?: string;
  /** Set for graphql-ws operations: the HTTP upgrade request. */
  req?: IncomingMessage;
  /** graphql-ws: the client's connection_init payload (`{ authorization: "Bearer ..." }` for a token). */
  connectionParams?: Record<string, unknown>;
}

export type Yoga = ReturnType<typeof buildYoga>;

// GraphiQL's introspection query is 15 fields deep; a little room for other tools' variants.
const INTROSPECTION_DEPTH_LIMIT = 20;

// The context of each request, so the response can carry the Set-Cookie headers it collected.
const contextOfRequest = new WeakMap<Request, Context>();

/** `responseCache`: the app's (api/app.ts wires its invalidation into the event bus), if it is on. */
export function buildYoga(services: AppServices, origins: OriginPolicy, responseCache?: PublicResponseCache) {
  const { config } = services;
  // The GraphiQL page (outside production) runs inline scripts: its CSP allows exactly those, by hash.
  let graphiqlHtml: string | undefined;
  const sessionCookies: Plugin = {
    onResponse({ request, response }) {
      const ctx = contextOfRequest.get(request);
      for (const cookie of ctx?.responseCookies ?? []) response.headers.append('set-cookie', cookie);
    },
  };
  return createYoga<ServerContext, Context>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    // GraphiQL bundled (the default loads from a CDN, unreachable on closed networks).
    graphiql: config.production ? false : { subscriptionsProtocol: 'WS', title: 'DATA PIT GraphQL' },
    renderGraphiQL: (options) => (graphiqlHtml = renderGraphiQL(options)),
    // The 1 MB limit is the edge's (api/http/graphql-edge.ts), cheaper for bodies with a length.
    maxRequestBodySize: false,
    // Expected (domain) failures keep their message and carry their code; anything else is masked.
    maskedErrors: {
      maskError(error, message, isDev) {
        const original = error instanceof GraphQLError ? error.originalError : undefined;
        if (error instanceof GraphQLError && original instanceof DomainError) {
          return new GraphQLError(original.message, {
            nodes: error.nodes,
            path: error.path,
            extensions: { code: original.code, reason: original.reason },
          });
        }
        // The caller's bad input, not our fault: a malformed global id or cursor (Pothos), a value
        // the database refuses (a NUL byte ...). INVALID_INPUT, so REST answers 400, not 500.
        const invalid = original instanceof PothosValidationError ? new ValidationError(original.message) : invalidInputOf(original);
        if (error instanceof GraphQLError && invalid) {
          return new GraphQLError(invalid.message, { nodes: error.nodes, path: error.path, extensions: { code: invalid.code, reason: invalid.reason } });
        }
        // Yoga's answer to a body that is not JSON quotes the parser's error (the body echoed back): kept out of the JSON, not deleted (Yoga reads it to answer 400).
        if (error instanceof GraphQLError && error.extensions?.originalError) Object.defineProperty(error.extensions, 'originalError', { enumerable: false });
        return maskError(error, message, isDev);
      },
    },
    // Yoga logs each error it masks or maps. A mapped domain error (not logged in, not found, ...)
    // is an expected answer, not a fault: info, not error.
    logging: {
      debug: (...args) => services.logger.debug(...logArgs(args)),
      info: (...args) => services.logger.info(...logArgs(args)),
      warn: (...args) => services.logger.warn(...logArgs(args)),
      error: (...args) => {
        const err = args.find((a) => a instanceof Error);
        const original = err instanceof GraphQLError ? err.originalError : err;
        if (original instanceof DomainError) services.logger.info({ code: original.code }, original.message);
        else services.logger.error(...logArgs(args, 'GraphQL error'));
      },
    },
    // CORS is decided by api/http/cors.ts for /graphql and /api alike (Yoga's default echoes any origin).
    cors: false,
    context: async (init: YogaInitialContext & ServerContext) => {
      const info = init.req
        ? withConnectionAuthorization(requestInfoFromNode(init.req, config.trustProxy), init.connectionParams)
        : requestInfoFromFetch(init.request, init.clientIp ?? 'unknown');
      // The id checked by the request middleware, never the raw header.
      const ctx = await createContext(services, { ...info, requestId: requestScope.getStore()?.requestId });
      if (init.request) contextOfRequest.set(init.request, ctx);
      return ctx;
    },
    plugins: [
      graphqlEdge({ origins, logger: services.logger, graphiqlHtml: () => graphiqlHtml }),
      csrfPrevention(),
      // Deeply nested documents and variables, before anything parses or coerces them.
      requestShapeLimits(),
      // The web app's operations by id (api/graphql/persisted-operations.ts); any other query as text.
      usePersistedWebOperations(),
      EnvelopArmorPlugin({
        // __schema is exempt here (GraphiQL's introspection needs 15 levels): introspectionDepthLimit below.
        maxDepth: { n: 12 },
        // Aliases of __typename count too (the default lets any number of them through).
        maxAliases: { n: 15, allowList: [] },
        maxDirectives: { n: 30 },
        maxTokens: { n: 10_000 },
        // graphql-armor's cost is static (it does not multiply by page sizes); pages are capped
        // at 100 and depth at 12, so this only stops absurdly wide documents.
        costLimit: { maxCost: 100_000 },
        // Suggestions ("Did you mean ...?") map the schema for an attacker; off in production.
        blockFieldSuggestion: { enabled: config.production },
      }),
      introspectionDepthLimit(INTROSPECTION_DEPTH_LIMIT),
      sessionCookies,
      // Personal API tokens: refused (401) or held to their scopes (403) before anything executes,
      // and before the compiled reads and the response cache could answer (api/graphql/token-scopes.ts).
      useTokenScopes(),
      // A subscription's events each read with loaders of their own (api/graphql/loaders.ts).
      useLoadersPerSubscriptionEvent(),
      // graphql-jit for the market's public lists (api/graphql/compiled-execution.ts); before the
      // response cache, so a hit still skips execution.
      useCompiledMarketReads(),
      // Anonymous answers cached; services.events invalidates them on publish (docs/decisions.md "Response cache").
      responseCache?.plugin ?? {},
    ],
  });
}

/**
 * CSRF prevention for cookie-authenticated GraphQL: a browser can send a cross-site "simple"
 * request (form post, text/plain, or GET) with cookies but never one with a JSON content type or
 * a custom header without a CORS preflight. So requests that are neither JSON nor carry our
 * header are refused. (Mutations over GET are already refused by Yoga.)
 */
function csrfPrevention(): Plugin {
  return {
    onRequest({ request, endResponse, fetchAPI }) {
      if (request.method === 'OPTIONS') return;
      // The media type itself, not a substring: `text/plain; x=application/json` is text/plain.
      const mediaType = mediaTypeOf(request.headers.get('content-type'));
      const safe =
        request.headers.has('x-graphql-csrf') ||
        (request.method === 'POST' && (mediaType === 'application/json' || mediaType === 'application/graphql-response+json')) ||
        (request.method === 'GET' && (request.headers.get('accept') ?? '').includes('text/html'));
      if (!safe) {
        endResponse(
          new fetchAPI.Response(
            JSON.stringify({ errors: [{ message: 'Requests to /graphql must be JSON POSTs or carry the x-graphql-csrf header.' }] }),
            { status: 403, headers: { 'content-type': 'application/json' } },
          ),
        );
      }
    },
  };
}

/** Yoga's log arguments as pino's (object, message): an error under `err`, a leading string as the message. */
function logArgs(args: unknown[], fallback = 'graphql'): [Record<string, unknown>, string] {
  const err = args.find((a) => a instanceof Error);
  const rest = args.filter((a) => a !== err);
  const msg = typeof rest[0] === 'string' ? (rest.shift() as string) : fallback;
  return [{ ...(err ? { err } : {}), ...(rest.length ? { detail: rest.length === 1 ? rest[0] : rest } : {}) }, msg];
}
