import path from 'node:path';
import type { IncomingMessage, RequestListener } from 'node:http';
import { Hono, type MiddlewareHandler } from 'hono';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { DomainError } from './domain/errors.ts';
import { createLogger, type Logger } from './logger.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { memoryRateLimiter, redisRateLimiter, reportingLimiter, type RateLimiter } from './rate-limiter.ts';
import { applyRateLimitHeaders } from './http/rate-limit-headers.ts';
import { apiCallerLimit } from './http/api-limit.ts';
import { createEventBus, type EventBus } from './events/event-bus.ts';
import { createJobRunner } from './jobs/job-runner.ts';
import { testClockRoutes } from './http/test-clock.ts';
import { registerPaymentJobs } from './domain/payments/payments.jobs.ts';
import { registerInvoiceJobs } from './domain/invoices/invoices.jobs.ts';
import { simulatedPaymentProvider, type PaymentProvider } from './domain/payments/payment-provider.ts';
import { registerTradingJobs } from './domain/trading/positions.service.ts';
import { registerUploadJobs } from './domain/listings/upload.service.ts';
import { registerNotificationJobs } from './domain/notifications/notifications.jobs.ts';
import { registerFreshnessJobs } from './domain/freshness/freshness.jobs.ts';
import { registerWebhookJobs } from './domain/webhooks/webhooks.jobs.ts';
import type { FileStorage } from './storage/storage.ts';
import { storageFor } from './storage/storage-for.ts';
import { clientAddress } from './auth/client-address.ts';
import type { AppServices } from './context.ts';
import { buildYoga, type ServerContext } from './graphql/yoga.ts';
import { createPublicResponseCache } from './graphql/response-cache.ts';
import { bearerGate, restRouter } from './rest/router.ts';
import { idempotency } from './rest/idempotency.ts';
import type { ClientIp } from './rest/execute.ts';
import { allowedMethodsOf } from './rest/allowed-methods.ts';
import { jsonError } from './rest/respond.ts';
import { originPolicy } from './http/origin.ts';
import { corsFor } from './http/cors.ts';
import { isMultipartPath, restWriteGuard } from './http/rest-guard.ts';
import { securityHeaders } from './http/security-headers.ts';
import { requestIdFrom, requestScope } from './http/request-id.ts';
import { countSitemapListings, publicListing, sitemapListings } from './domain/market/seo.ts';
import { bootPageServer } from './http/boot-head.ts';
import { crawlerRoutes } from './http/crawlers.ts';
import { withCacheControl } from './http/compression.ts';
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

const JSON_BODY_LIMIT = 1024 * 1024;
const GRAPHQL_PATH = '/graphql';

/**
 * Builds the whole application without listening or other side effects, so tests drive it
 * in-process. api/server.ts is the only file that listens.
 */
export function createApp(opts: AppOptions) {
  const { config } = opts;
  const logger = opts.logger ?? createLogger(config.logLevel);
  // Every limit a request meets is noted in its async scope, for its RateLimit headers (api/http/rate-limit-headers.ts).
  const limiter = reportingLimiter(
    opts.limiter ??
      (config.redisUrl ? redisRateLimiter(new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }), config.redisKeys.rateLimits) : memoryRateLimiter()),
    () => requestScope.getStore()?.rateLimits,
  );
  // Timed work: started by api/server.ts; tests run due jobs with jobs.runDue(now).
  const jobs = createJobRunner({ db: opts.database.prisma, logger, clock: opts.clock });
  // Anonymous answers are cached (docs/decisions.md "Response cache"); every event published
  // through services.events, by a request or a job, invalidates what it changed.
  const responseCache = createPublicResponseCache(config, logger);
  const events = opts.events ?? createEventBus({ redisUrl: config.redisUrl, logger, channelPrefix: config.redisKeys.events });
  const services: AppServices = {
    config,
    db: opts.database.prisma,
    sql: opts.database.sql,
    mailer: opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox'), from: config.mailFrom, logger }),
    limiter,
    logger,
    events: responseCache ? responseCache.invalidating(events) : events,
    jobs,
    // DATA_DIR/files, or the S3 bucket several instances share (S3_BUCKET).
    storage: opts.storage ?? storageFor(config),
    paymentProvider: opts.paymentProvider ?? simulatedPaymentProvider(),
  };
  // Escrow release 24 hours after payment (docs/decisions.md, "Commerce (server side): payments, escrow and disputes"),
  // and the reconcile of a confirmation that was interrupted ("Payments: one confirmation charges").
  registerPaymentJobs(jobs, { ...services, provider: services.paymentProvider, reconcileAfterMs: config.paymentReconcileAfterMs });
  // Receipts after payment and the monthly statement notices (docs/decisions.md, "Issue 25: receipts and invoices").
  registerInvoiceJobs(jobs, { ...services, appUrl: config.publicUrl ?? `http://localhost:${config.port}` });
  // Paper positions marked at each sale's price: stop-loss and take-profit (docs/decisions.md "Trading").
  registerTradingJobs(jobs, services);
  // Uploads no listing took are removed after UPLOAD_RETENTION_MS (docs/decisions.md "Uploads not in a listing").
  registerUploadJobs(jobs, services);
  // Recorded events told to the people concerned, in the bell and by mail (docs/decisions.md "Issue 25: notifications").
  registerNotificationJobs(jobs, { ...services, appUrl: config.publicUrl ?? `http://localhost:${config.port}`, secret: config.sessionSecret });
  // Each listing's next release checked against its update frequency (docs/decisions.md "Issue 26: the freshness promise").
  registerFreshnessJobs(jobs, services);
  // Events POSTed, signed, to the webhook endpoints of the people concerned (docs/decisions.md "Issue 27: webhooks and the event feed").
  registerWebhookJobs(jobs, { sessionSecret: config.sessionSecret, allowPrivateNetworks: config.webhooks.allowPrivateNetworks, logger });
  const origins = originPolicy(config.corsOrigins, config.publicUrl);
  const yoga = buildYoga(services, origins, responseCache);
  const app = new Hono<{ Bindings: HttpBindings }>();

  // Every response carries its request id, and every log line written while serving it (by
  // Yoga, REST, the domain) carries the same id through the request's async scope.
  // /graphql has the same edge as a Yoga plugin (api/http/graphql-edge.ts): Yoga serves it from node:http.
  const notGraphQL = (middleware: MiddlewareHandler): MiddlewareHandler => (c, next) => (c.req.path === GRAPHQL_PATH ? next() : middleware(c, next));
  app.use('*', notGraphQL(async (c, next) => {
    const requestId = requestIdFrom(c.req.header('x-request-id'));
    const started = performance.now();
    const scope = { requestId, rateLimits: [] };
    await requestScope.run(scope, () => next());
    const stamp = (headers: Headers) => {
      headers.set('x-request-id', requestId);
      applyRateLimitHeaders(headers, c.res.status, scope.rateLimits);
    };
    try {
      stamp(c.res.headers);
    } catch {
      // A response with immutable headers (e.g. one passed through from fetch): copy it.
      c.res = new Response(c.res.body, c.res);
      stamp(c.res.headers);
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
  // Programs (a bearer token, an X-API-Key) share one generous quota each (docs/api-rate-limits.md).
  app.use('/api/*', apiCallerLimit(limiter, config.apiLimits));

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
  app.use('/api/*', (c, next) => (isMultipartPath(c.req.path) || c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : jsonBodyLimit(c, next)));

  // In-process callers (tests' app.fetch) reach Yoga through Hono; the server bypasses Hono (`listener`).
  app.on(['GET', 'POST', 'OPTIONS'], GRAPHQL_PATH, (c) =>
    yoga.fetch(c.req.raw, { clientIp: clientIpOf(c.env?.incoming, c.req.header('x-forwarded-for'), config.trustProxy) } satisfies ServerContext),
  );
  // The journeys' clock (TEST_HOOKS=1 only; api/http/test-clock.ts).
  if (config.testHooks) app.route('/api', testClockRoutes(jobs));
  const restClientIp = (c: Parameters<ClientIp>[0]) => clientIpOf(c.env?.incoming, c.req.header('x-forwarded-for'), config.trustProxy);
  // A refused API token is 401 before anything else of a REST request (api/rest/router.ts bearerGate).
  app.use('/api/*', bearerGate(yoga, restClientIp));
  // Every REST POST honours Idempotency-Key (api/rest/idempotency.ts), after the body limit, before any route.
  app.use('/api/*', idempotency(yoga, restClientIp));
  const rest = restRouter(yoga, restClientIp);
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
  // (and the page's head for search engines and link previews: docs/decisions.md "Issue 28: found by search engines")
  const bootPage = bootPageServer(config.staticDir, { contract: (id) => publicListing(services.db, id), publicUrl: config.publicUrl });
  // /robots.txt and /sitemap.xml (api/http/crawlers.ts)
  app.route(
    '/',
    crawlerRoutes({
      countListings: () => countSitemapListings(services.db),
      listings: (range) => sitemapListings(services.db, range),
      publicUrl: config.publicUrl,
    }),
  );
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
      await responseCache?.close();
      await limiter.close();
      // The S3 client's sockets, when the app made it (a storage passed in is its caller's).
      if (!opts.storage) await services.storage.close();
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
