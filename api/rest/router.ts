import { Hono, type Context as HonoContext } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { Yoga } from '../graphql/yoga.ts';
import { authRoutes } from './auth.routes.ts';
import { marketRoutes } from './market.routes.ts';
import { bidRoutes } from './bids.routes.ts';
import { purchaseRoutes } from './purchases.routes.ts';
import { diligenceRoutes } from './diligence.routes.ts';
import { listingRoutes } from './listing.routes.ts';
import { paymentRoutes } from './payment.routes.ts';
import { dataRoutes } from './data.routes.ts';
import { earningsRoutes } from './earnings.routes.ts';
import { supportRoutes } from './support.routes.ts';
import { reviewRoutes } from './reviews.routes.ts';
import { messagingRoutes } from './messaging.routes.ts';
import { tradingRoutes } from './trading.routes.ts';
import { BadRequestBody, jsonError } from './respond.ts';
import { invalidInputOf } from '../db/input-errors.ts';
import { json } from './execute.ts';
import { openApiDocument } from './openapi/document.ts';
import { docsPage } from './openapi/docs-page.ts';

/** The REST compatibility layer: every documented /api/... path (mounted at /api). */
export function restRouter(yoga: Yoga, clientIp: (c: HonoContext<{ Bindings: HttpBindings }>) => string) {
  const api = new Hono<{ Bindings: HttpBindings }>();
  api.route('/auth', authRoutes(yoga, clientIp));
  api.route('/due-diligence', diligenceRoutes(yoga, clientIp));
  api.route('/payments', paymentRoutes(yoga, clientIp));
  api.route('/data', dataRoutes(yoga, clientIp));
  api.route('/', listingRoutes(yoga, clientIp));
  api.route('/', marketRoutes(yoga, clientIp));
  api.route('/', bidRoutes(yoga, clientIp));
  api.route('/', purchaseRoutes(yoga, clientIp));
  api.route('/', reviewRoutes(yoga, clientIp));
  api.route('/', messagingRoutes(yoga, clientIp));
  api.route('/', tradingRoutes(yoga, clientIp));
  api.route('/', earningsRoutes(yoga, clientIp));
  api.route('/support', supportRoutes(yoga, clientIp));
  // The OpenAPI document of the routes above, generated from them once, and its reference page.
  let document: ReturnType<typeof openApiDocument> | undefined;
  api.get('/openapi.json', async (c) => json(c, await (document ??= openApiDocument(api))));
  api.route('/docs', docsPage());
  api.onError((error, c) => {
    if (error instanceof BadRequestBody) return jsonError(c, 400, error.message, error.code ? { code: error.code } : {});
    // A value the database refused (a NUL byte in a path or body) is the caller's bad input.
    const invalid = invalidInputOf(error);
    if (invalid) return jsonError(c, 400, invalid.message, { code: invalid.reason });
    throw error;
  });
  return api;
}
