import { Hono, type MiddlewareHandler } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { Yoga } from '../graphql/yoga.ts';
import { authRoutes } from './auth.routes.ts';
import { sessionRoutes } from './sessions.routes.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';
import { accountRoutes } from './account.routes.ts';
import { avatarRoutes } from './avatar.routes.ts';
import { billingRoutes } from './billing.routes.ts';
import { marketRoutes } from './market.routes.ts';
import { bidRoutes } from './bids.routes.ts';
import { purchaseRoutes } from './purchases.routes.ts';
import { diligenceRoutes } from './diligence.routes.ts';
import { listingRoutes } from './listing.routes.ts';
import { releaseRoutes } from './releases.routes.ts';
import { freshnessRoutes } from './freshness.routes.ts';
import { listingLifecycleRoutes } from './listing-lifecycle.routes.ts';
import { paymentRoutes } from './payment.routes.ts';
import { disputeEvidenceRoutes } from './dispute-evidence.routes.ts';
import { sampleRoutes } from './sample.routes.ts';
import { invoiceRoutes } from './invoices.routes.ts';
import { dataRoutes } from './data.routes.ts';
import { earningsRoutes } from './earnings.routes.ts';
import { supportRoutes } from './support.routes.ts';
import { reviewRoutes } from './reviews.routes.ts';
import { messagingRoutes } from './messaging.routes.ts';
import { tradingRoutes } from './trading.routes.ts';
import { notificationRoutes } from './notifications.routes.ts';
import { webhookRoutes } from './webhooks.routes.ts';
import { eventRoutes } from './events.routes.ts';
import { BadRequestBody, jsonError } from './respond.ts';
import { invalidInputOf } from '../db/input-errors.ts';
import { contextFor, json, type ClientIp } from './execute.ts';
import { bearerOf } from '../domain/tokens/tokens.rules.ts';
import { InsufficientScopeError } from '../domain/tokens/scope-error.ts';
import { tokenRoutes } from './tokens.routes.ts';
import { openApiDocument, PATH_ALIASES } from './openapi/document.ts';
import { docsPage } from './openapi/docs-page.ts';

/** Each room's routes and where they are mounted, in order: the first to match a path answers it. */
const ROOMS: ReadonlyArray<readonly [string, (yoga: Yoga, clientIp: ClientIp) => Hono<{ Bindings: HttpBindings }>]> = [
  ['/auth', authRoutes],
  ['/auth', sessionRoutes],
  ['/auth', twoFactorRoutes],
  ['/auth', accountRoutes],
  ['/', avatarRoutes],
  ['/', billingRoutes],
  ['/due-diligence', diligenceRoutes],
  ['/payments', paymentRoutes],
  ['/payments', disputeEvidenceRoutes],
  ['/', invoiceRoutes],
  ['/data', dataRoutes],
  ['/', listingRoutes],
  ['/', releaseRoutes],
  ['/', freshnessRoutes],
  ['/', listingLifecycleRoutes],
  ['/', sampleRoutes],
  ['/', marketRoutes],
  ['/', bidRoutes],
  ['/', purchaseRoutes],
  ['/', reviewRoutes],
  ['/', messagingRoutes],
  ['/', notificationRoutes],
  ['/', webhookRoutes],
  ['/', eventRoutes],
  ['/', tradingRoutes],
  ['/', earningsRoutes],
  ['/support', supportRoutes],
  ['/', tokenRoutes],
];

/**
 * A refused API token (malformed, unknown, expired, revoked) is 401 on every /api path, whatever
 * the route would have answered an anonymous caller (docs/decisions.md "Issue 27: API tokens").
 * Mounted by api/app.ts before the routes; the context it builds is the one the route then uses.
 */
export function bearerGate(yoga: Yoga, clientIp: ClientIp): MiddlewareHandler<{ Bindings: HttpBindings }> {
  return async (c, next) => {
    if (bearerOf(c.req.header('authorization')) === undefined) return next();
    const ctx = await contextFor(yoga, c, clientIp(c), 'any');
    if (ctx.tokenRejection !== null) return jsonError(c, 'INVALID_API_TOKEN', ctx.tokenRejection);
    return next();
  };
}

/** The REST compatibility layer: every documented /api/... path (mounted at /api). */
export function restRouter(yoga: Yoga, clientIp: ClientIp) {
  const api = new Hono<{ Bindings: HttpBindings }>();
  for (const [path, routes] of ROOMS) api.route(path, routes(yoga, clientIp));
  // The unambiguous paths of the lookups whose first path a template could confuse with a sibling's
  // (./openapi/document.ts): the same route answers, as if called at its first path.
  for (const alias of PATH_ALIASES) {
    api.get(alias.path, (c) => {
      const url = new URL(c.req.url);
      url.pathname = alias.original.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(c.req.param(name) ?? ''));
      return api.fetch(new Request(url, c.req.raw), c.env);
    });
  }
  // The OpenAPI document of the routes above, generated from them once, and its reference page.
  let document: ReturnType<typeof openApiDocument> | undefined;
  api.get('/openapi.json', async (c) => json(c, await (document ??= openApiDocument(api))));
  api.route('/docs', docsPage());
  api.onError((error, c) => {
    if (error instanceof BadRequestBody) return jsonError(c, error.code, error.message);
    if (error instanceof InsufficientScopeError) return jsonError(c, 'INSUFFICIENT_SCOPE', error.message, { scope: error.scope });
    // A value the database refused (a NUL byte in a path or body) is the caller's bad input.
    const invalid = invalidInputOf(error);
    if (invalid) return jsonError(c, invalid.reason, invalid.message);
    throw error;
  });
  return api;
}
