import { filter, pipe } from 'graphql-yoga';
import { builder } from './builder.ts';
import { selectable } from './prisma-query.ts';
import { plainId } from './global-ids.ts';
import type { AppServices, Context } from '../context.ts';
import { sharedFeedOf } from '../events/shared-feed.ts';
import type { TicketUpdatedEvent } from '../events/events.ts';
import { SenderType, TicketPriority, TicketStatus } from '../db/generated/prisma/enums.ts';
import { nextStatuses } from '../domain/transitions/transition.ts';
import { TICKET_MACHINE } from '../domain/support/tickets.machine.ts';
import { canAccessTicket } from '../domain/policies.ts';
import { supportGrantCookie } from '../domain/support/support.grant.ts';
import {
  activeTicketCount,
  createTicket,
  myTickets,
  sendMessage,
  ticketFor,
  updateTicket,
  type SupportCaller,
} from '../domain/support/support.service.ts';
import { AuthenticationError, ConflictError, NotFoundError, PermissionError, RateLimitedError, ValidationError } from '../domain/errors.ts';

// Support tickets (docs/decisions.md "Support tickets"): the widget (visitors with the grant cookie,
// logged-in owners) and the admin support center. Rules live in api/domain/support.

const TicketStatusEnum = builder.enumType(TicketStatus, { name: 'TicketStatus' });
const TicketPriorityEnum = builder.enumType(TicketPriority, { name: 'TicketPriority' });
const SenderTypeEnum = builder.enumType(SenderType, { name: 'SenderType' });

const callerOf = (ctx: Context): SupportCaller => ({ viewer: ctx.viewer, grant: ctx.supportGrant });
const ticketIdOf = (id: unknown) => plainId(String(id), 'SupportTicket');

builder.prismaNode('SupportTicket', {
  id: { field: 'id' },
  // Its grant (the browser that opened it), its owner, administrators.
  authScopes: (ticket, ctx) => canAccessTicket(ctx.viewer, ctx.supportGrant, ticket),
  fields: (t) => ({
    ticketId: t.exposeString('id', { description: 'The plain id used by the REST paths (/api/support/tickets/{id}).' }),
    subject: t.exposeString('subject'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    priority: t.expose('priority', { type: TicketPriorityEnum }),
    status: t.expose('status', { type: TicketStatusEnum }),
    nextStatuses: t.field({
      type: [TicketStatusEnum],
      description: 'The statuses this ticket may move to next (the ticket machine; administrators move it).',
      resolve: (ticket) => [...nextStatuses(TICKET_MACHINE, ticket.status)],
    }),
    userId: t.exposeString('userId', { nullable: true, description: 'The account that opened it; null for a visitor.' }),
    assignedToId: t.exposeString('assignedToId', { nullable: true }),
    assignedTo: t.relation('assignedTo', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    resolvedAt: t.expose('resolvedAt', { type: 'DateTime', nullable: true }),
    messages: t.relation('messages', { description: 'The thread, oldest first.', query: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } }),
  }),
});

builder.prismaObject('SupportMessage', {
  fields: (t) => ({
    messageId: t.exposeString('id'),
    ticketId: t.exposeString('ticketId'),
    senderId: t.exposeString('senderId', { nullable: true }),
    senderType: t.expose('senderType', { type: SenderTypeEnum }),
    senderName: t.exposeString('senderName', { nullable: true }),
    message: t.exposeString('message'),
    isFromAdmin: t.boolean({ description: 'Written by the support team.', resolve: (m) => m.senderType === 'admin' }),
    adminName: t.string({ nullable: true, description: 'The team member’s name on a team message.', resolve: (m) => (m.senderType === 'admin' ? m.senderName : null) }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.queryFields((t) => ({
  supportTicket: t.prismaField({
    type: 'SupportTicket',
    description: 'A ticket its grant, its owner or an administrator may read (NOT_FOUND / FORBIDDEN otherwise).',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const ticket = await ticketFor(ctx.db, callerOf(ctx), ticketIdOf(args.id));
      return ctx.db.supportTicket.findUniqueOrThrow({ ...selectable(query), where: { id: ticket.id } });
    },
  }),
  myTickets: t.prismaField({
    type: ['SupportTicket'],
    description: 'The widget’s tickets: those this browser opened and, logged in, the user’s own; newest first.',
    resolve: (query, _root, _args, ctx) => myTickets(ctx.db, callerOf(ctx), selectable(query)),
  }),
  supportTickets: t.prismaConnection({
    type: 'SupportTicket',
    cursor: 'id',
    description: 'The support queue, newest first (administrators).',
    authScopes: { admin: true },
    args: { status: t.arg({ type: TicketStatusEnum }), priority: t.arg({ type: TicketPriorityEnum }) },
    totalCount: (_root, args, ctx) => ctx.db.supportTicket.count({ where: { status: args.status ?? undefined, priority: args.priority ?? undefined } }),
    resolve: (query, _root, args, ctx) =>
      ctx.db.supportTicket.findMany({
        ...selectable(query),
        where: { status: args.status ?? undefined, priority: args.priority ?? undefined },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      }),
  }),
  activeTicketCount: t.int({
    description: 'Open and in-progress tickets (the admin support center’s header).',
    authScopes: { admin: true },
    resolve: (_root, _args, ctx) => activeTicketCount(ctx.db),
  }),
}));

const CreateSupportTicketInput = builder.inputType('CreateSupportTicketInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    email: t.string({ required: true }),
    subject: t.string({ required: true }),
    message: t.string({ required: true }),
    priority: t.field({ type: TicketPriorityEnum, description: 'medium when omitted.' }),
  }),
});

const SendSupportMessageInput = builder.inputType('SendSupportMessageInput', {
  fields: (t) => ({
    ticketId: t.id({ required: true }),
    message: t.string({ required: true }),
    senderName: t.string({ description: 'Administrators only: the name shown on a team message (default "Support Agent"); ignored otherwise.' }),
  }),
});

const UpdateSupportTicketInput = builder.inputType('UpdateSupportTicketInput', {
  fields: (t) => ({
    ticketId: t.id({ required: true }),
    assignToMe: t.boolean({ description: 'Assign to the calling administrator (and move to in_progress).' }),
    assignedTo: t.id({ description: 'Assign to this administrator (and move to in_progress).' }),
    status: t.field({ type: TicketStatusEnum, description: 'resolved records resolvedAt.' }),
  }),
});

builder.mutationFields((t) => ({
  createSupportTicket: t.prismaField({
    type: 'SupportTicket',
    errors: { types: [ValidationError, RateLimitedError] },
    description: 'Anyone opens a ticket; a visitor’s browser gets the grant cookie for it.',
    args: { input: t.arg({ type: CreateSupportTicketInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const { limiter, config } = ctx.services;
      const ticket = await createTicket(ctx.services, ctx.viewer, input, { limiter, clientIp: ctx.clientIp, ...config.ticketLimits });
      if (!ctx.viewer) {
        ctx.supportGrant.push(ticket.id);
        ctx.responseCookies.push(await supportGrantCookie(ctx.services.config.sessionSecret, ctx.supportGrant, ctx.secureCookies));
      }
      return ctx.db.supportTicket.findUniqueOrThrow({ ...selectable(query), where: { id: ticket.id } });
    },
  }),
  sendSupportMessage: t.prismaField({
    type: 'SupportMessage',
    errors: { types: [ValidationError, PermissionError, NotFoundError, ConflictError] },
    description: 'An administrator answers as the team (the visitor gets a mail); anyone else writes as the ticket’s side.',
    args: { input: t.arg({ type: SendSupportMessageInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const message = await sendMessage(ctx.services, callerOf(ctx), ticketIdOf(input.ticketId), input, ctx.appUrl);
      return ctx.db.supportMessage.findUniqueOrThrow({ ...selectable(query), where: { id: message.id } });
    },
  }),
  updateSupportTicket: t.prismaField({
    type: 'SupportTicket',
    errors: { types: [ValidationError, AuthenticationError, PermissionError, NotFoundError, ConflictError] },
    description: 'Assign to Me, Mark In Progress, Mark Resolved, Close Ticket (administrators; the ticket machine).',
    authScopes: { admin: true },
    args: { input: t.arg({ type: UpdateSupportTicketInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const assignedTo = input.assignToMe ? ctx.viewer!.id : input.assignedTo != null ? plainId(String(input.assignedTo), 'User') : undefined;
      const ticket = await updateTicket(ctx.services, ctx.viewer, ticketIdOf(input.ticketId), { assignedTo, status: input.status ?? undefined });
      return ctx.db.supportTicket.findUniqueOrThrow({ ...selectable(query), where: { id: ticket.id } });
    },
  }),
}));

builder.subscriptionFields((t) => ({
  supportTicketUpdated: t.prismaField({
    type: 'SupportTicket',
    description: 'The ticket again whenever it is answered or moved (for whoever may read it).',
    args: { ticketId: t.arg.id({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const ticket = await ticketFor(ctx.db, callerOf(ctx), ticketIdOf(args.ticketId));
      return ctx.services.events.subscribe('ticketUpdated', ticket.id);
    },
    resolve: (query, event, _args, ctx) => ctx.db.supportTicket.findUniqueOrThrow({ ...selectable(query), where: { id: (event as TicketUpdatedEvent).ticketId } }),
  }),
  supportMessageAdded: t.prismaField({
    type: 'SupportMessage',
    description: 'Each new message of the ticket (for whoever may read it).',
    args: { ticketId: t.arg.id({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const ticket = await ticketFor(ctx.db, callerOf(ctx), ticketIdOf(args.ticketId));
      return pipe(
        ctx.services.events.subscribe('ticketUpdated', ticket.id),
        filter((event) => event.change === 'message' && event.messageId !== null),
      );
    },
    resolve: (query, event, _args, ctx) => ctx.db.supportMessage.findUniqueOrThrow({ ...selectable(query), where: { id: (event as TicketUpdatedEvent).messageId! } }),
  }),
  // Named like the query field, so a client writes each push over the count it queried (the admin
  // support center's header); one count per change of the queue and administrator watching.
  activeTicketCount: t.int({
    description: 'Open and in-progress tickets again whenever the queue changes (administrators).',
    authScopes: { admin: true },
    // One count for every administrator watching: computed once per change (api/events/shared-feed.ts).
    subscribe: (_root, _args, ctx) => activeTicketCountFeed(ctx.services).subscribe(),
    resolve: (count: number) => count,
  }),
  supportQueueChanged: t.prismaField({
    type: 'SupportTicket',
    description: 'A ticket that was opened, answered or moved (administrators’ queue).',
    authScopes: { admin: true },
    subscribe: (_root, _args, ctx) => ctx.services.events.subscribe('supportQueueChanged'),
    resolve: (query, event, _args, ctx) => ctx.db.supportTicket.findUniqueOrThrow({ ...selectable(query), where: { id: (event as TicketUpdatedEvent).ticketId } }),
  }),
}));

function activeTicketCountFeed(services: AppServices) {
  return sharedFeedOf<number>(services, 'activeTicketCount', () => ({
    listen: () => services.events.subscribe('supportQueueChanged'),
    compute: () => activeTicketCount(services.db),
    logger: services.logger,
  }));
}
