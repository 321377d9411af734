import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from './builder.ts';
import { selectable } from './prisma-query.ts';
import { plainId } from './global-ids.ts';
import { UserType } from './user.ts';
import { AuthenticationError, ConflictError, NotFoundError, ValidationError } from '../domain/errors.ts';
import { isSelf } from '../domain/policies.ts';
import { notificationKind } from '../domain/notifications/notification-kinds.ts';
import { WEBHOOK_EVENT_TYPES } from '../domain/webhooks/webhooks.rules.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  enableWebhookEndpoint,
  eventFeed,
  redeliverWebhookDelivery,
  sendWebhookTest,
  type WebhookServiceDeps,
} from '../domain/webhooks/webhooks.service.ts';
import type { User, WebhookEndpoint } from '../db/generated/prisma/client.ts';
import type { Context } from '../context.ts';

// Webhooks and the event feed (docs/decisions.md "Issue 27: webhooks and the event feed"). An
// endpoint, its deliveries and the feed exist only for their owner: for anyone else every lookup
// answers as for nothing. The signing secret is answered once, by createWebhookEndpoint.

const NOBODY = '00000000-0000-0000-0000-000000000000';
const viewerId = (ctx: Context) => ctx.viewer?.id ?? NOBODY;
const selfOnly = { authScopes: (user: User, _args: unknown, ctx: Context) => isSelf(ctx.viewer, user.id), unauthorizedResolver: () => null } as const;

const deps = (ctx: Context): WebhookServiceDeps => ({
  db: ctx.db,
  jobs: ctx.services.jobs,
  sessionSecret: ctx.services.config.sessionSecret,
  webhooks: ctx.services.config.webhooks,
});

export const WebhookDeliveryStatusEnum = builder.enumType('WebhookDeliveryStatus', {
  values: {
    pending: { description: 'Not delivered yet: an attempt is due' },
    succeeded: { description: 'The endpoint answered 2xx' },
    failed: { description: 'Every attempt failed (three days of retries, a failed redelivery, or the endpoint was disabled)' },
  } as const,
});

const WebhookEventType = builder.objectRef<{ type: string; label: string }>('WebhookEventType').implement({
  description: 'An event type an endpoint may subscribe to.',
  fields: (t) => ({ type: t.exposeString('type', { description: 'e.g. bid.accepted' }), label: t.exposeString('label') }),
});

builder.prismaObject('WebhookAttempt', {
  description: 'One POST of a delivery.',
  fields: (t) => ({
    number: t.exposeInt('number', { description: '1 for the first attempt.' }),
    manual: t.exposeBoolean('manual', { description: 'A redelivery asked by the owner.' }),
    statusCode: t.exposeInt('statusCode', { nullable: true, description: 'What the endpoint answered; null when it did not (timeout, refused address...).' }),
    durationMs: t.exposeInt('durationMs'),
    responseExcerpt: t.exposeString('responseExcerpt', { nullable: true, description: 'At most the first 1 KB of the answer.' }),
    error: t.exposeString('error', { nullable: true, description: 'Why the attempt failed; null for a 2xx.' }),
    at: t.expose('at', { type: 'DateTime' }),
  }),
});

builder.prismaNode('WebhookDelivery', {
  id: { field: 'id' },
  findUnique: (id, ctx) => ({ id, endpoint: { userId: viewerId(ctx) } }),
  include: { event: { select: { type: true } } },
  fields: (t) => ({
    deliveryId: t.exposeString('id', { description: 'The plain id REST takes (POST /api/webhooks/{id}/deliveries/{deliveryId}/redeliver).' }),
    eventId: t.exposeString('eventId', { description: 'The event sent (DataPit-Event-Id): receivers de-duplicate on it.' }),
    eventType: t.string({ resolve: (d) => d.event.type }),
    status: t.field({ type: WebhookDeliveryStatusEnum, resolve: (d) => d.status }),
    attempts: t.exposeInt('attempts', { description: 'Attempts made so far.' }),
    nextAttemptAt: t.expose('nextAttemptAt', { type: 'DateTime', nullable: true, description: 'When the next retry runs (pending deliveries).' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true }),
    attemptLog: t.relation('attemptLog', { description: 'Every attempt, newest first.', query: { orderBy: [{ number: 'desc' }, { at: 'desc' }], take: 50 } }),
  }),
});

builder.prismaNode('WebhookEndpoint', {
  id: { field: 'id' },
  findUnique: (id, ctx) => ({ id, userId: viewerId(ctx) }),
  fields: (t) => ({
    endpointId: t.exposeString('id', { description: 'The plain id REST takes (/api/webhooks/{id}).' }),
    url: t.exposeString('url'),
    description: t.exposeString('description', { nullable: true }),
    eventTypes: t.exposeStringList('eventTypes', { description: 'The event types sent; empty when every type is (see allEvents).' }),
    allEvents: t.boolean({ resolve: (e) => e.eventTypes.length === 0, description: 'Every event type is sent (subscribed with ["*"]).' }),
    enabled: t.exposeBoolean('enabled'),
    disabledAt: t.expose('disabledAt', { type: 'DateTime', nullable: true }),
    disabledReason: t.exposeString('disabledReason', { nullable: true }),
    failureStreak: t.exposeInt('failureStreak', { description: 'Failed attempts in a row (a success resets it).' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    deliveries: t.relatedConnection('deliveries', {
      cursor: 'id',
      description: 'Newest first, each with its attempts.',
      query: () => ({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
      totalCount: true,
    }),
  }),
});

builder.prismaObjectFields(UserType, (t) => ({
  webhookEndpoints: t.prismaField({
    type: ['WebhookEndpoint'],
    nullable: true,
    description: "The user's webhook endpoints, newest first (at most 10); only the user reads these.",
    ...selfOnly,
    resolve: (query, user, _args, ctx) => ctx.db.webhookEndpoint.findMany({ ...selectable(query), where: { userId: user.id }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
  }),
}));

interface FeedEvent {
  id: string;
  type: string;
  createdAt: Date;
  data: unknown;
}

const EventType = builder.objectRef<FeedEvent>('Event').implement({
  description: 'One event of the product that concerned the viewer, as webhooks send it.',
  fields: (t) => ({
    eventId: t.exposeString('id', { description: 'Also the DataPit-Event-Id of its webhook deliveries.' }),
    type: t.exposeString('type', { description: 'In the one vocabulary of events (bid.accepted, payment.released...).' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    data: t.field({ type: 'JSON', description: 'The ids a reader needs (bidId, contractId, paymentId...).', resolve: (e) => e.data ?? {} }),
  }),
});

const EventFeedPage = builder.objectRef<{ events: FeedEvent[]; hasMore: boolean; nextCursor: string | null }>('EventFeedPage').implement({
  fields: (t) => ({
    events: t.field({ type: [EventType], resolve: (p) => p.events, description: 'Oldest first.' }),
    hasMore: t.exposeBoolean('hasMore', { description: 'More events follow this page: read on with nextCursor.' }),
    nextCursor: t.exposeString('nextCursor', { nullable: true, description: 'Pass as `after` to read on (also when hasMore is false: later events will follow it).' }),
  }),
});

builder.queryFields((t) => ({
  eventFeed: t.field({
    type: EventFeedPage,
    description: "The viewer's events, oldest first after the cursor `after`, so a program that was down catches up (GET /api/events).",
    authScopes: { loggedIn: true },
    args: {
      after: t.arg.string({ description: 'The nextCursor of the last page read; none: from the first event.' }),
      types: t.arg.stringList({ description: 'Only these event types.' }),
      first: t.arg.int({ description: 'Page size, 1 to 100 (default 50).' }),
    },
    resolve: (_root, args, ctx) => eventFeed(ctx.db, ctx.viewer, { after: args.after, types: args.types, limit: args.first }),
  }),
  webhookEndpoint: t.prismaField({
    type: 'WebhookEndpoint',
    nullable: true,
    description: "One of the viewer's webhook endpoints by its id (global or plain), with its deliveries; null for anyone else's. GET /api/webhooks/{id}/deliveries reads it (a token cannot use node, docs/decisions.md \"Issue 27: API tokens\").",
    args: { endpointId: t.arg.id({ required: true }) },
    resolve: (query, _root, args, ctx) =>
      ctx.viewer ? ctx.db.webhookEndpoint.findFirst({ ...selectable(query), where: { id: plainId(String(args.endpointId), 'WebhookEndpoint'), userId: ctx.viewer.id } }) : null,
  }),
  webhookEventTypes: t.field({
    type: [WebhookEventType],
    description: 'The event types an endpoint may subscribe to.',
    resolve: () => WEBHOOK_EVENT_TYPES.map((type) => ({ type, label: notificationKind(type)?.label ?? type })),
  }),
}));

const CreateInput = builder.inputType('CreateWebhookEndpointInput', {
  fields: (t) => ({
    url: t.string({ required: true, description: 'Where to POST (https in production; public addresses only).' }),
    eventTypes: t.stringList({ required: true, description: 'Event types to send, or ["*"] for all.' }),
    description: t.string({ description: 'What it is for (at most 200 characters).' }),
  }),
});
const EndpointIdInput = (name: string) =>
  builder.inputType(name, { fields: (t) => ({ endpointId: t.id({ required: true, description: 'The endpoint (its global or plain id).' }) }) });
const DeleteInput = EndpointIdInput('DeleteWebhookEndpointInput');
const EnableInput = EndpointIdInput('EnableWebhookEndpointInput');
const TestInput = EndpointIdInput('SendWebhookTestInput');
const RedeliverInput = builder.inputType('RedeliverWebhookDeliveryInput', {
  fields: (t) => ({
    endpointId: t.id({ required: true }),
    deliveryId: t.id({ required: true, description: 'A delivery of that endpoint (its global or plain id).' }),
  }),
});

const CreatedPayload = builder.objectRef<{ endpoint: WebhookEndpoint; secret: string }>('CreateWebhookEndpointPayload').implement({
  fields: (t) => ({
    secret: t.exposeString('secret', { description: 'The signing secret: shown this once, never again.' }),
    endpoint: t.prismaField({ type: 'WebhookEndpoint', resolve: (query, p, _args, ctx) => ctx.db.webhookEndpoint.findUniqueOrThrow({ ...selectable(query), where: { id: p.endpoint.id } }) }),
  }),
});
const DeletedPayload = builder.objectRef<{ id: string }>('DeleteWebhookEndpointPayload').implement({
  fields: (t) => ({
    deletedEndpointId: t.exposeString('id', { description: 'The plain id of the endpoint deleted.' }),
    deletedId: t.id({ description: 'Its global id (Relay @deleteRecord).', resolve: (p) => encodeGlobalID('WebhookEndpoint', p.id) }),
  }),
});
const DeliveryPayload = builder.objectRef<{ id: string }>('WebhookDeliveryPayload').implement({
  fields: (t) => ({
    delivery: t.prismaField({ type: 'WebhookDelivery', resolve: (query, p, _args, ctx) => ctx.db.webhookDelivery.findUniqueOrThrow({ ...selectable(query), where: { id: p.id } }) }),
  }),
});

const endpointIdOf = (id: string | number) => plainId(String(id), 'WebhookEndpoint');

builder.mutationFields((t) => ({
  createWebhookEndpoint: t.field({
    type: CreatedPayload,
    errors: { types: [ValidationError, AuthenticationError, ConflictError] },
    description: 'Registers a webhook endpoint of the viewer (at most 10) and answers its signing secret, once.',
    args: { input: t.arg({ type: CreateInput, required: true }) },
    resolve: (_root, { input }, ctx) => createWebhookEndpoint(deps(ctx), ctx.viewer, input),
  }),
  deleteWebhookEndpoint: t.field({
    type: DeletedPayload,
    errors: { types: [AuthenticationError, NotFoundError] },
    description: 'Deletes an endpoint of the viewer with its delivery log.',
    args: { input: t.arg({ type: DeleteInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ id: (await deleteWebhookEndpoint(deps(ctx), ctx.viewer, endpointIdOf(input.endpointId))).id }),
  }),
  enableWebhookEndpoint: t.prismaField({
    type: 'WebhookEndpoint',
    errors: { types: [AuthenticationError, NotFoundError] },
    description: 'Turns a disabled endpoint of the viewer back on (the events it missed are in eventFeed).',
    args: { input: t.arg({ type: EnableInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const endpoint = await enableWebhookEndpoint(deps(ctx), ctx.viewer, endpointIdOf(input.endpointId));
      return ctx.db.webhookEndpoint.findUniqueOrThrow({ ...selectable(query), where: { id: endpoint.id } });
    },
  }),
  sendWebhookTest: t.field({
    type: DeliveryPayload,
    errors: { types: [AuthenticationError, NotFoundError, ConflictError] },
    description: 'Sends a webhook.test event to the endpoint, through the same job as real events (within seconds).',
    args: { input: t.arg({ type: TestInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ id: (await sendWebhookTest(deps(ctx), ctx.viewer, endpointIdOf(input.endpointId))).id }),
  }),
  redeliverWebhookDelivery: t.field({
    type: DeliveryPayload,
    errors: { types: [AuthenticationError, NotFoundError, ConflictError] },
    description: 'One more attempt of a delivery, now (its attempts log tells how it went).',
    args: { input: t.arg({ type: RedeliverInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      id: (await redeliverWebhookDelivery(deps(ctx), ctx.viewer, endpointIdOf(input.endpointId), plainId(String(input.deliveryId), 'WebhookDelivery'))).id,
    }),
  }),
}));
