import { Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { z } from 'zod';
import type { Yoga } from '../graphql/yoga.ts';
import { json, operation, respondWithGraphQLErrors, respondWithResult, runOperation, type ClientIp, type MutationResult, type PageInfo } from './execute.ts';
import { jsonError } from './respond.ts';
import { limitParam, offsetParam, PAGE_HEADERS, setPageHeaders } from './page-links.ts';
import { cursorAtOffset } from './page-walk.ts';
import { body, documentedAs, queryOf, readBody } from './openapi/describe.ts';
import { Instant } from './openapi/shapes.ts';
import { isRecordId } from '../db/ids.ts';
import { WEBHOOK_EVENT_TYPES } from '../domain/webhooks/webhooks.rules.ts';

/** The routes of this file under one heading of the reference page. */
const doc = documentedAs('Webhooks');

// Webhook endpoints over REST (docs/decisions.md "Issue 27: webhooks and the event feed"), the
// signed-in user's own only (401 logged out; another user's endpoint or delivery is a 404):
//   POST   /api/webhooks { url, eventTypes, description? }         201 with the signing secret, once
//   GET    /api/webhooks                                           the caller's endpoints
//   GET    /api/webhooks/event-types                               what eventTypes may name
//   DELETE /api/webhooks/{id}
//   POST   /api/webhooks/{id}/enable                               a disabled endpoint back on
//   POST   /api/webhooks/{id}/test                                 202: a webhook.test event is sent
//   GET    /api/webhooks/{id}/deliveries[?limit&offset]            newest first, with their attempts
//   POST   /api/webhooks/{id}/deliveries/{deliveryId}/redeliver    202: one more attempt, now

interface EndpointNode {
  endpointId: string;
  url: string;
  description: string | null;
  eventTypes: string[];
  allEvents: boolean;
  enabled: boolean;
  disabledAt: string | null;
  disabledReason: string | null;
  failureStreak: number;
  createdAt: string;
}
interface AttemptNode {
  number: number;
  manual: boolean;
  statusCode: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
  at: string;
}
interface DeliveryNode {
  deliveryId: string;
  eventId: string;
  eventType: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  nextAttemptAt: string | null;
  createdAt: string;
  finishedAt: string | null;
  attemptLog: AttemptNode[];
}
interface DeliveryPage {
  totalCount: number;
  pageInfo: PageInfo;
  edges: Array<{ node: DeliveryNode }>;
}

const ERROR_FIELDS = `__typename ... on Error { message code reason ... on ValidationError { fieldErrors { field message } } }`;
const ENDPOINT_FIELDS = 'endpointId url description eventTypes allEvents enabled disabledAt disabledReason failureStreak createdAt';
const DELIVERY_FIELDS = 'deliveryId eventId eventType status attempts nextAttemptAt createdAt finishedAt attemptLog { number manual statusCode durationMs responseExcerpt error at }';

const LIST = operation<{ viewer: { webhookEndpoints: EndpointNode[] | null } | null }>(`query RestWebhookEndpoints { viewer { webhookEndpoints { ${ENDPOINT_FIELDS} } } }`);
const CREATE = operation<MutationResult<'createWebhookEndpoint', { secret: string; endpoint: EndpointNode }>>(`mutation RestCreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {
  createWebhookEndpoint(input: $input) { ${ERROR_FIELDS} ... on MutationCreateWebhookEndpointSuccess { data { secret endpoint { ${ENDPOINT_FIELDS} } } } } }`);
const DELETE = operation<MutationResult<'deleteWebhookEndpoint', { deletedEndpointId: string }>>(`mutation RestDeleteWebhookEndpoint($input: DeleteWebhookEndpointInput!) {
  deleteWebhookEndpoint(input: $input) { ${ERROR_FIELDS} ... on MutationDeleteWebhookEndpointSuccess { data { deletedEndpointId } } } }`);
const ENABLE = operation<MutationResult<'enableWebhookEndpoint', EndpointNode>>(`mutation RestEnableWebhookEndpoint($input: EnableWebhookEndpointInput!) {
  enableWebhookEndpoint(input: $input) { ${ERROR_FIELDS} ... on MutationEnableWebhookEndpointSuccess { data { ${ENDPOINT_FIELDS} } } } }`);
const TEST = operation<MutationResult<'sendWebhookTest', { delivery: DeliveryNode }>>(`mutation RestSendWebhookTest($input: SendWebhookTestInput!) {
  sendWebhookTest(input: $input) { ${ERROR_FIELDS} ... on MutationSendWebhookTestSuccess { data { delivery { ${DELIVERY_FIELDS} } } } } }`);
const REDELIVER = operation<MutationResult<'redeliverWebhookDelivery', { delivery: DeliveryNode }>>(`mutation RestRedeliverWebhookDelivery($input: RedeliverWebhookDeliveryInput!) {
  redeliverWebhookDelivery(input: $input) { ${ERROR_FIELDS} ... on MutationRedeliverWebhookDeliverySuccess { data { delivery { ${DELIVERY_FIELDS} } } } } }`);
type PageVariables = { id: string; first: number; after: string | null };
const DELIVERIES = operation<{ webhookEndpoint: { deliveries?: DeliveryPage } | null }, PageVariables>(`query RestWebhookDeliveries($id: ID!, $first: Int!, $after: String) {
  webhookEndpoint(endpointId: $id) { deliveries(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { ${DELIVERY_FIELDS} } } } } }`);
const DELIVERY_ENDS = operation<{ webhookEndpoint: { deliveries?: { pageInfo: PageInfo } } | null }, PageVariables>(`query RestWebhookDeliveryPageEnds($id: ID!, $first: Int!, $after: String) {
  webhookEndpoint(endpointId: $id) { deliveries(first: $first, after: $after) { pageInfo { hasNextPage endCursor } } } }`);

const EVENT_TYPE = z.enum(WEBHOOK_EVENT_TYPES as [string, ...string[]]);
const uuidExample = '0196c4a0-0000-7000-8000-0000000000a1';

export const WebhookEndpointAnswer = z
  .object({
    id: z.string(),
    url: z.string().describe('Where events are POSTed.'),
    description: z.string().nullable(),
    eventTypes: z.array(EVENT_TYPE).describe('The event types sent; empty when every type is (`allEvents`).'),
    allEvents: z.boolean(),
    enabled: z.boolean().describe('false once disabled after failing for 3 days (POST /api/webhooks/{id}/enable turns it back on).'),
    disabledAt: Instant.nullable(),
    disabledReason: z.string().nullable(),
    failureStreak: z.number().int().describe('Failed attempts in a row.'),
    createdAt: Instant,
  })
  .meta({ id: 'WebhookEndpoint' });

const AttemptAnswer = z
  .object({
    number: z.number().int(),
    manual: z.boolean().describe('A redelivery asked by the owner.'),
    statusCode: z.number().int().nullable().describe('What the endpoint answered; null when it did not.'),
    durationMs: z.number().int(),
    responseExcerpt: z.string().nullable().describe('At most the first 1 KB of the answer.'),
    error: z.string().nullable(),
    at: Instant,
  })
  .meta({ id: 'WebhookAttempt' });

export const WebhookDeliveryAnswer = z
  .object({
    id: z.string(),
    eventId: z.string().describe('Also the DataPit-Event-Id header: de-duplicate on it.'),
    eventType: z.string(),
    status: z.enum(['pending', 'succeeded', 'failed']),
    attempts: z.number().int(),
    nextAttemptAt: Instant.nullable(),
    createdAt: Instant,
    finishedAt: Instant.nullable(),
    attemptLog: z.array(AttemptAnswer).describe('Newest first.'),
  })
  .meta({ id: 'WebhookDelivery' });

const CreateBody = body({
  url: z.string({ error: 'url is required' }).describe('https in production; it must resolve to public addresses only.'),
  eventTypes: z.array(z.union([EVENT_TYPE, z.literal('*')]), { error: 'eventTypes must be a list of event types, or ["*"]' }).describe('The event types to send, or ["*"] for all.'),
  description: z.string({ error: 'description must be text' }).nullish(),
});

const restEndpoint = ({ endpointId, ...rest }: EndpointNode) => ({ id: endpointId, ...rest });
const restDelivery = ({ deliveryId, ...rest }: DeliveryNode) => ({ id: deliveryId, ...rest });
const loggedOut = (c: Parameters<ClientIp>[0]) => jsonError(c, 'LOGIN_REQUIRED', 'Authentication required');
const PAGE = 20;
const DeliveriesQuery = z.object({ limit: limitParam(PAGE), offset: offsetParam() });

export function webhookRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  r.get('/webhooks', doc({
    access: 'signed-in',
    tokenScopes: ['webhooks'],
    summary: "The signed-in user's webhook endpoints",
    description: 'Newest first; at most 10. The signing secrets are never shown again.',
    answers: { 200: z.array(WebhookEndpointAnswer) },
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), LIST);
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    const list = result.data?.viewer?.webhookEndpoints;
    return list ? json(c, list.map(restEndpoint)) : loggedOut(c);
  });

  r.get('/webhooks/event-types', doc({
    access: 'public',
    summary: 'The event types an endpoint may subscribe to',
    answers: { 200: z.array(EVENT_TYPE) },
  }), (c) => json(c, WEBHOOK_EVENT_TYPES));

  r.post('/webhooks', doc({
    access: 'signed-in',
    tokenScopes: ['webhooks'],
    summary: 'Register a webhook endpoint; answers its signing secret, once',
    description:
      'Events concerning the caller are POSTed to `url` as JSON `{ id, type, createdAt, data }`, signed: `DataPit-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, with `DataPit-Event-Id` and `DataPit-Event-Type`. A non-2xx answer (a redirect included) or no answer within 5 s is retried with exponential backoff for 3 days; an endpoint failing for 3 days is disabled and its owner told. At most 10 endpoints (409 beyond). The URL must be http(s) (https in production) and reach public addresses only (400 otherwise).',
    body: CreateBody,
    example: { url: 'https://example.com/hooks/datapit', eventTypes: ['bid.accepted', 'payment.released'], description: 'Order sync' },
    answers: {
      201: {
        description: 'The endpoint, and its signing secret (shown this once)',
        schema: z.object({ secret: z.string().describe('whsec_…: keep it to verify signatures; it is never shown again.'), endpoint: WebhookEndpointAnswer }),
      },
    },
    errors: [409],
  }), async (c) => {
    const b = await readBody(c, CreateBody);
    const result = await runOperation(yoga, c, clientIp(c), CREATE, { input: { url: b.url, eventTypes: b.eventTypes, description: b.description ?? null } });
    return respondWithResult(c, result, 'createWebhookEndpoint', (data) => {
      // The signing secret is shown once: no cache keeps it, nor the Idempotency-Key store (api/rest/idempotency.ts).
      c.header('cache-control', 'no-store');
      return json(c, { secret: data.secret, endpoint: restEndpoint(data.endpoint) }, 201);
    });
  });

  r.delete('/webhooks/:id', doc({
    access: 'signed-in',
    tokenScopes: ['webhooks'],
    summary: 'Delete a webhook endpoint',
    description: 'With its delivery log; nothing more is sent to it. Another user’s endpoint is a 404.',
    answers: { 204: { description: 'Deleted' } },
    errors: [404],
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), DELETE, { input: { endpointId: c.req.param('id') } });
    return respondWithResult(c, result, 'deleteWebhookEndpoint', () => c.body(null, 204));
  });

  r.post('/webhooks/:id/enable', doc({
    access: 'signed-in',
    tokenScopes: ['webhooks'],
    summary: 'Turn a disabled webhook endpoint back on',
    description: 'Its failure streak starts again. The events it missed are in GET /api/events.',
    answers: { 200: WebhookEndpointAnswer },
    errors: [404],
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), ENABLE, { input: { endpointId: c.req.param('id') } });
    return respondWithResult(c, result, 'enableWebhookEndpoint', (data) => json(c, restEndpoint(data)));
  });

  r.post('/webhooks/:id/test', doc({
    access: 'signed-in',
    tokenScopes: ['webhooks'],
    summary: 'Send a webhook.test event to the endpoint',
    description: 'Through the same job as real events, within seconds: answers the delivery, `pending`; its log tells how it went. A disabled endpoint is a 409.',
    answers: { 202: { description: 'The delivery, queued', schema: WebhookDeliveryAnswer } },
    errors: [404, 409],
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), TEST, { input: { endpointId: c.req.param('id') } });
    return respondWithResult(c, result, 'sendWebhookTest', (data) => json(c, restDelivery(data.delivery), 202));
  });

  r.get('/webhooks/:id/deliveries', doc({
    access: 'signed-in',
    tokenScopes: ['webhooks'],
    summary: "An endpoint's deliveries, newest first, with their attempts",
    description: 'Paged with `limit` (20 by default, at most 100) and `offset`: the total is in `X-Total-Count`, the pages in `Link`.',
    answers: { 200: { description: 'A page of deliveries', schema: z.array(WebhookDeliveryAnswer), headers: PAGE_HEADERS } },
    errors: [404],
  }), queryOf(DeliveriesQuery), async (c) => {
    const q = c.req.valid('query');
    const limit = q.limit ?? PAGE;
    const offset = q.offset ?? 0;
    const raw = c.req.param('id');
    const id = encodeGlobalID('WebhookEndpoint', isRecordId(raw) ? raw : '00000000-0000-0000-0000-000000000000');
    const notFound = () => jsonError(c, 'NOT_FOUND', 'No such webhook endpoint');
    const start = await cursorAtOffset(offset, 100, async (first, after) => {
      const ends = await runOperation(yoga, c, clientIp(c), DELIVERY_ENDS, { id, first, after });
      if (ends.errors?.length) return respondWithGraphQLErrors(c, ends.errors, ends.data);
      return ends.data?.webhookEndpoint?.deliveries?.pageInfo ?? (ends.context.viewer ? notFound() : loggedOut(c));
    });
    if (start instanceof Response) return start;
    const result = await runOperation(yoga, c, clientIp(c), DELIVERIES, { id, first: limit, after: start.after });
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    const page = result.data?.webhookEndpoint?.deliveries;
    if (!page) return result.context.viewer ? notFound() : loggedOut(c);
    setPageHeaders(c, page.totalCount, { offset, limit, hasNext: !start.pastTheEnd && page.pageInfo.hasNextPage });
    return json(c, start.pastTheEnd ? [] : page.edges.map((e) => restDelivery(e.node)));
  });

  r.post('/webhooks/:id/deliveries/:deliveryId/redeliver', doc({
    access: 'signed-in',
    tokenScopes: ['webhooks'],
    summary: 'Send a delivery again, now',
    description: 'One more attempt whatever became of the delivery (a failure of it is not retried further); answers the delivery as it stands, the attempt follows within seconds. A disabled endpoint is a 409.',
    answers: { 202: { description: 'The delivery; the attempt is queued', schema: WebhookDeliveryAnswer } },
    errors: [404, 409],
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), REDELIVER, { input: { endpointId: c.req.param('id'), deliveryId: c.req.param('deliveryId') } });
    return respondWithResult(c, result, 'redeliverWebhookDelivery', (data) => json(c, restDelivery(data.delivery), 202));
  });

  return r;
}
