import { Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { z } from 'zod';
import type { Yoga } from '../graphql/yoga.ts';
import { json, listEveryPage, operation, respondWithResult, runOperation, type ClientIp, type ConnectionPage, type MutationResult } from './execute.ts';
import { jsonError } from './respond.ts';
import { TOTAL_HEADER } from './page-links.ts';
import { refuseOtherBuyer } from './signed-in.ts';
import { PURCHASE_FIELDS, restPurchase, type PurchaseNode } from './purchase-shape.ts';
import { body, documentedAs, field, readBody } from './openapi/describe.ts';
import { PurchaseAnswer } from './openapi/shapes.ts';

/** The routes of this file under one heading of the reference page. */
const doc = documentedAs('Market');

// REST compatibility for purchases (the specification): starting one at the server's price, and a
// buyer's own list; the same GraphQL fields the web app reads, reshaped to the spec's JSON.

const ERROR_FIELDS = `__typename ... on Error { message code reason ... on ValidationError { fieldErrors { field message } } ... on RateLimitedError { retryAfterSeconds } }`;

const CREATE_PURCHASE = operation<MutationResult<'createPurchase', PurchaseNode>>(`mutation RestCreatePurchase($input: CreatePurchaseInput!) {
  createPurchase(input: $input) { ${ERROR_FIELDS} ... on MutationCreatePurchaseSuccess { data { ${PURCHASE_FIELDS} } } } }`);
const MY_PURCHASES = operation<{ viewer: { userId: string; purchases: ConnectionPage<PurchaseNode> } | null }>(`query RestMyPurchases($after: String) { viewer { userId purchases(first: 100, after: $after) {
  pageInfo { hasNextPage endCursor } edges { node { ${PURCHASE_FIELDS} } } } } }`);

const CANCEL_RENEWAL = operation<MutationResult<'cancelSubscription', PurchaseNode>>(`mutation RestCancelRenewal($input: CancelSubscriptionInput!) {
  cancelSubscription(input: $input) { ${ERROR_FIELDS} ... on MutationCancelSubscriptionSuccess { data { ${PURCHASE_FIELDS} } } } }`);

// Nothing to send: the purchase in the path is the whole request.
const CancelRenewalBody = body({});

const PurchaseBody = body({
  contractId: field,
  buyerId: field.nullish().describe('If sent, it must be the signed-in user.'),
  status: z.literal('pending', { error: 'A new purchase has status pending' }).optional(),
});

export function purchaseRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  // POST /api/purchases { buyerId, contractId, status: 'pending' }
  r.post('/purchases', doc({
    access: 'signed-in',
    tokenScopes: ['trade'],
    summary: 'Start a purchase at the server\'s price (pending until paid)',
    body: PurchaseBody,
    example: { contractId: '0196c4a0-0000-7000-8000-000000000001', status: 'pending' },
    answers: { 201: PurchaseAnswer },
    errors: [403, 404, 409],
  }), async (c) => {
    const body = await readBody(c, PurchaseBody);
    const denied = await refuseOtherBuyer(yoga, c, clientIp, body.buyerId);
    if (denied) return denied;
    if (body.status !== undefined && body.status !== 'pending') return jsonError(c, 'INVALID_INPUT', 'A new purchase has status pending');
    const input = { contractId: typeof body.contractId === 'string' || typeof body.contractId === 'number' ? String(body.contractId) : '' };
    const result = await runOperation(yoga, c, clientIp(c), CREATE_PURCHASE, { input });
    return respondWithResult(c, result, 'createPurchase', (data) => json(c, restPurchase(data), 201));
  });

  // GET /api/purchases/buyer/{userId}: the logged-in user's own purchases only.
  r.get('/purchases/buyer/:userId', doc({
    access: 'signed-in',
    tokenScopes: ['data:read'],
    summary: "The signed-in buyer's purchases (only one's own)",
    answers: { 200: { description: 'The purchases', schema: z.array(PurchaseAnswer), headers: TOTAL_HEADER } },
    errors: [403],
  }), async (c) => {
    return listEveryPage(yoga, c, clientIp(c), MY_PURCHASES, {}, (data) => {
      const viewer = data?.viewer;
      if (!viewer) return jsonError(c, 'LOGIN_REQUIRED', 'Authentication required');
      if (viewer.userId !== c.req.param('userId')) return jsonError(c, 'NOT_OWNER', 'You can only read your own purchases');
      return viewer.purchases;
    }, restPurchase);
  });

  // POST /api/purchases/{id}/cancel-renewal: the buyer stops a subscription renewing (access lasts to the period's end).
  r.post('/purchases/:id/cancel-renewal', doc({
    access: 'signed-in',
    tokenScopes: ['trade'],
    summary: 'Stop a subscription from renewing (its buyer; access lasts until the end of the paid period)',
    description: 'No more renewals are charged; the data stays open until `accessExpiresAt`. Cancelling a purchase that does not renew answers it unchanged. The body may be empty.',
    body: CancelRenewalBody,
    answers: { 200: PurchaseAnswer },
    errors: [403, 404],
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), CANCEL_RENEWAL, { input: { purchaseId: c.req.param('id') } });
    return respondWithResult(c, result, 'cancelSubscription', (data) => json(c, restPurchase(data)));
  });

  return r;
}
