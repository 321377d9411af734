import path from 'node:path';
import type { IncomingMessage, RequestListener } from 'node:http';
import { createYoga, maskError, type Plugin, type YogaInitialContext } from 'graphql-yoga';
import { GraphQLError } from 'graphql';
import { DomainError, ValidationError } from './domain/errors.ts';
import { invalidInputOf } from './db/input-errors.ts';
import { PothosValidationError } from '@pothos/core';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { Hono, type MiddlewareHandler } from 'hono';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { bodyLimit } from 'hono/body-limit';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { createLogger, type Logger } from './logger.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './rate-limiter.ts';
import { createEventBus, type EventBus } from './events/event-bus.ts';
import { createJobRunner } from './jobs/job-runner.ts';
import { registerPaymentJobs } from './domain/payments/payments.jobs.ts';
import { simulatedPaymentProvider, type PaymentProvider } from './domain/payments/payment-provider.ts';
import { registerTradingJobs } from './domain/trading/positions.service.ts';
import { registerUploadJobs } from './domain/listings/upload.service.ts';
import { localDiskStorage, uploadsRoot, type FileStorage } from './storage/storage.ts';
import { clientAddress } from './auth/client-address.ts';
import { createContext, requestInfoFromFetch, requestInfoFromNode, type AppServices, type Context } from './context.ts';
import { schema } from './graphql/schema.ts';
import { restRouter } from './rest/router.ts';
import { usePersistedWebOperations } from './graphql/persisted-operations.ts';
import { allowedMethodsOf } from './rest/allowed-methods.ts';
import { jsonError } from './rest/respond.ts';
import { HTTPException } from 'hono/http-exception';
import { originPolicy, type OriginPolicy } from './http/origin.ts';
import { corsFor } from './http/cors.ts';
import { restWriteGuard } from './http/rest-guard.ts';
import { securityHeaders } from './http/security-headers.ts';
import { graphqlEdge } from './http/graphql-edge.ts';
import { requestIdFrom, requestScope } from './http/request-id.ts';
import { mediaTypeOf } from './http/content-type.ts';
import { introspectionDepthLimit, requestShapeLimits } from './http/graphql-limits.ts';
import { publicContractTitle } from './domain/market/contract-heading.ts';
import { bootPageServer } from './http/boot-head.ts';
import { withCacheControl } from './http/compression.ts';
import { useCompiledMarketReads } from './graphql/compiled-execution.ts';
import { usePublicResponseCache } from './graphql/response-cache.ts';
import { cutByDeadline, requestAbandoned } from './http/http-server.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  limiter?: RateLimiter;
  logger?: Logger;
  storage?: FileStorage;
  /** Domain events; default: through Redis with REDIS_URL, else in-process. */
  events?: EventBus;
  /** The clock of timed work (tests move it). */
  clock?: () => Date;
  /** Who takes the money; default the built-in simulation (docs/decisions.md, "Payments and escrow"). */
  paymentProvider?: PaymentProvider;
}

/** What the HTTP server (and tests) pass to Yoga besides the request. */
export interface ServerContext {
  clientIp?: string;
  /** Set for graphql-ws operations: the HTTP upgrade request. */
  req?: IncomingMessage;
}

export type Yoga = ReturnType<typeof buildYoga>;

const JSON_BODY_LIMIT = 1024 * 1024;
const GRAPHQL_PATH = '/graphql';
// GraphiQL's introspection query is 15 fields deep; a little room for other tools' variants.
const INTROSPECTION_DEPTH_LIMIT = 20;

/**
 * Builds the whole application without listening or other side effects, so tests drive it
 * in-process. api/server.ts is the only file that listens.
 */
export function createApp(opts: AppOptions) {
  const { config } = opts;
  const logger = opts.logger ?? createLogger(config.logLevel);
  const limiter =
    opts.limiter ??
    (config.redisUrl ? redisRateLimiter(new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }), config.redisKeys.rateLimits) : memoryRateLimiter());
  // Timed work: started by api/server.ts; tests run due jobs with jobs.runDue(now).
  const jobs = createJobRunner({ db: opts.database.prisma, logger, clock: opts.clock });
  const services: AppServices = {
    config,
    db: opts.database.prisma,
    sql: opts.database.sql,
    mailer: opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox'), from: config.mailFrom, logger }),
    limiter,
    logger,
    events: opts.events ?? createEventBus({ redisUrl: config.redisUrl, logger, channelPrefix: config.redisKeys.events }),
    jobs,
    storage: opts.storage ?? localDiskStorage(uploadsRoot(config.dataDir)),
    paymentProvider: opts.paymentProvider ?? simulatedPaymentProvider(),
  };
  // Escrow release 24 hours after payment (docs/decisions.md, "Commerce (server side): payments, escrow and disputes"),
  // and the reconcile of a confirmation that was interrupted ("Payments: one confirmation charges").
  registerPaymentJobs(jobs, { ...services, provider: services.paymentProvider, reconcileAfterMs: config.paymentReconcileAfterMs });
  // Paper positions marked at each sale's price: stop-loss and take-profit (docs/decisions.md "Trading").
  registerTradingJobs(jobs, services);
  // Uploads no listing took are removed after UPLOAD_RETENTION_MS (docs/decisions.md "Uploads not in a listing").
  registerUploadJobs(jobs, services);
  const origins = originPolicy(config.corsOrigins, config.publicUrl);
  const yoga = buildYoga(services, origins);
  const app = new Hono<{ Bindings: HttpBindings }>();

  // Every response carries its request id, and every log line written while serving it (by
  // Yoga, REST, the domain) carries the same id through the request's async scope.
  // /graphql has the same edge as a Yoga plugin (api/http/graphql-edge.ts): Yoga serves it from node:http.
  const notGraphQL = (middleware: MiddlewareHandler): MiddlewareHandler => (c, next) => (c.req.path === GRAPHQL_PATH ? next() : middleware(c, next));
  app.use('*', notGraphQL(async (c, next) => {
    const requestId = requestIdFrom(c.req.header('x-request-id'));
    const started = performance.now();
    await requestScope.run({ requestId }, () => next());
    try {
      c.res.headers.set('x-request-id', requestId);
    } catch {
      // A response with immutable headers (e.g. one passed through from fetch): copy it.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set('x-request-id', requestId);
    }
    // A request whose client left mid-body (or a deadline cut, answering 408) got no answer from
    // here: logged as what was sent, 499 ("client closed request", as nginx logs it) or 408.
    const incoming = (c.env as HttpBindings | undefined)?.incoming;
    const abandoned = requestAbandoned(incoming);
    logger.info(
      {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: abandoned ? (cutByDeadline(incoming) ? 408 : 499) : c.res.status,
        ms: Math.round(performance.now() - started),
        ...(abandoned ? { aborted: true } : {}),
      },
      'request',
    );
  }));
  app.use('*', notGraphQL(securityHeaders()));
  app.use('/api/*', corsFor(origins));
  app.use('/api/*', restWriteGuard(origins));

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  // Ready means every service a request may need answers: the database, and Redis when the
  // rate-limit counters live there (without it every login fails).
  app.get('/readyz', async (c) => {
    const checks: Record<string, () => Promise<unknown>> = { database: () => services.db.$queryRaw`SELECT 1` };
    if (limiter.ping) checks.redis = () => limiter.ping!();
    const down: string[] = [];
    await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), READY_CHECK_MS);
        } catch (error) {
          down.push(name);
          logger.error({ err: error, service: name }, 'readiness check failed');
        }
      }),
    );
    if (down.length) return c.json({ status: 'unavailable', down, message: `unreachable: ${down.join(', ')}` }, 503);
    return c.json({ status: 'ready', database: opts.database.kind, ...(checks.redis ? { redis: 'up' } : {}) });
  });

  // JSON bodies are small; files travel through their own streaming routes, with their own limit.
  const jsonBodyLimit = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: (c) => jsonError(c, 'TOO_LARGE', 'Request body too large (limit 1 MB)') });
  // REST answers compress themselves where their JSON is made (jsonAnswer in api/http/compression.ts).
  // Uploads stream through their own route with the 500 MB limit of listing files.
  // A GET has no body to limit, and asking for one would build a whole WHATWG Request for nothing.
  app.use('/api/*', (c, next) => (c.req.path === '/api/uploads' || c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : jsonBodyLimit(c, next)));

  // In-process callers (tests' app.fetch) reach Yoga through Hono; the server bypasses Hono (`listener`).
  app.on(['GET', 'POST', 'OPTIONS'], GRAPHQL_PATH, (c) =>
    yoga.fetch(c.req.raw, { clientIp: clientIpOf(c.env?.incoming, c.req.header('x-forwarded-for'), config.trustProxy) } satisfies ServerContext),
  );
  const rest = restRouter(yoga, (c) => clientIpOf(c.env?.incoming, c.req.header('x-forwarded-for'), config.trustProxy));
  app.route('/api', rest);
  // Nothing answered: an unknown path is a 404; a known path asked with another method a 405 that
  // lists the methods it answers (OPTIONS, which asks just that, a 204).
  const allowedMethods = allowedMethodsOf(rest);
  app.all('/api/*', (c) => {
    const allowed = allowedMethods(c.req.path.slice('/api'.length));
    if (allowed.length === 0) return jsonError(c, 'NOT_FOUND', 'Not found');
    c.header('allow', [...allowed, 'OPTIONS'].join(', '));
    if (c.req.method === 'OPTIONS') return c.body(null, 204);
    return jsonError(c, 'METHOD_NOT_ALLOWED', `Method ${c.req.method} is not allowed here; allowed: ${allowed.join(', ')}`);
  });

  // The built web app, with an SPA fallback that never swallows /api or a missing asset.
  const staticRoot = path.relative(process.cwd(), config.staticDir) || '.';
  // the pages most visits start on: index.html with the page's heading in its boot frame
  const bootPage = bootPageServer(config.staticDir, { contractTitle: (id) => publicContractTitle(services.db, id) });
  app.get('/*', async (c, next) => (await bootPage(c)) ?? next());
  app.use('/*', withCacheControl(serveStatic({ root: staticRoot, precompressed: true })));
  const indexHtml = withCacheControl(serveStatic({ root: staticRoot, path: 'index.html', precompressed: true }));
  app.get('/*', (c, next) => (/\.\w+$/.test(c.req.path) ? next() : indexHtml(c, next)));

  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    // The body could not be read because the client left (or was cut by a deadline): nobody to
    // answer, and no fault of ours. The request line says so.
    if (requestAbandoned((c.env as HttpBindings | undefined)?.incoming)) {
      logger.debug({ err: error, path: c.req.path }, 'the client left before its request was read');
      return jsonError(c, 'CLIENT_CLOSED_REQUEST', 'Client closed the request');
    }
    // An expected refusal (not logged in, not found, ...) is the client's business, not an error of ours.
    if (error instanceof DomainError) {
      logger.info({ code: error.code, path: c.req.path }, error.message);
      return jsonError(c, error.reason, error.message);
    }
    logger.error({ err: error, path: c.req.path }, 'unhandled error');
    return jsonError(c, 'INTERNAL_ERROR', 'Internal server error');
  });

  const honoListener = getRequestListener(app.fetch);
  return {
    app,
    /**
     * The node:http request handler api/server.ts serves: /graphql goes to Yoga's own Node adapter
     * (no WHATWG Request built for Hono first: docs/performance.md "Per-request overhead"), every
     * other path to Hono.
     */
    listener: ((req, res) => {
      const url = req.url ?? '/';
      // The handler's promise is handed back: the shutdown drain counts a request whose client
      // left until its work is done (api/shutdown.ts `handle`), so the database is not closed under it.
      if (url === GRAPHQL_PATH || url.startsWith(GRAPHQL_PATH + '?')) return yoga.requestListener(req, res);
      return honoListener(req, res);
    }) satisfies RequestListener,
    yoga,
    services,
    /** Who may call with cookies from a browser; api/websocket.ts applies it to upgrades. */
    origins,
    jobs,
    async close() {
      // Timed work stops before the database closes (the caller closes it after this).
      await jobs.stop();
      await services.events.close();
      await limiter.close();
    },
  };
}

const READY_CHECK_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// One rule for the client address everywhere (TRUST_PROXY decides whether X-Forwarded-For counts).
function clientIpOf(incoming: IncomingMessage | undefined, forwardedFor: string | undefined, trustProxy: number): string {
  return clientAddress(incoming?.socket?.remoteAddress, forwardedFor, trustProxy);
}

// The context of each request, so the response can carry the Set-Cookie headers it collected.
const contextOfRequest = new WeakMap<Request, Context>();

export function buildYoga(services: AppServices, origins: OriginPolicy) {
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
        ? requestInfoFromNode(init.req, config.trustProxy)
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
      // Anonymous answers cached; services.events invalidates them on publish (docs/decisions.md "Response cache").
      // graphql-jit for the market's public lists (api/graphql/compiled-execution.ts); before the
      // response cache, so a hit still skips execution.
      useCompiledMarketReads(),
      usePublicResponseCache(services),
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
