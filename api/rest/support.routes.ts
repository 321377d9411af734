import { Hono, type Context as HonoContext } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { Yoga } from '../graphql/yoga.ts';
import { contextFor, json, jsonList, listEveryPage, operation, respondWithGraphQLErrors, respondWithResult, runOperation, type MutationResult, type ClientIp } from './execute.ts';
import { refuseNonAdmin as refuseAnyoneButAdmin } from './signed-in.ts';
import { jsonError, strings } from './respond.ts';
import { PRIORITY_MESSAGE, STATUS_MESSAGE } from '../domain/support/support.schemas.ts';
import { z } from 'zod';
import { body, documentedAs, field, queryOf, readBody } from './openapi/describe.ts';
import { TicketAnswer, TicketMessageAnswer } from './openapi/shapes.ts';
import { TOTAL_HEADER } from './page-links.ts';

/** The routes of this file under one heading of the reference page. */
const doc = documentedAs('Support');

const PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
const STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
const PRIORITY = z.enum(PRIORITIES, { error: PRIORITY_MESSAGE });
const STATUS = z.enum(STATUSES, { error: STATUS_MESSAGE });
// Blank is the same as left out: the domain's rule then says what is missing.
const TicketBody = body({ name: field.optional(), email: field.optional(), subject: field.optional(), message: field.optional(), priority: z.union([PRIORITY, z.literal('')], { error: PRIORITY_MESSAGE }).nullish() });
const TicketMessageBody = body({ message: field.optional() });
const AdminReplyBody = body({ ticketId: field.optional(), message: field.optional(), senderName: field.nullish() });
const TicketUpdateBody = body({
  status: STATUS.nullish(),
  assignedTo: z.string({ error: 'assignedTo must be a user id' }).nullish().describe("An administrator's user id; empty to unassign."),
});
const QueueQuery = z.object({
  status: z.string().optional().describe('open, in_progress, resolved or closed; all (or empty) for every one.'),
  priority: z.string().optional().describe('low, medium, high or urgent; all (or empty) for every one.'),
});

// REST for support tickets (the specification): the widget's POST /api/support/tickets,
// GET and POST /api/support/tickets/{id}/messages (grant cookie, owner or administrator), and the
// admin support center's GET /api/support/admin/tickets, POST /api/support/messages and
// PATCH /api/support/tickets/{id} (administrators: 401 anonymous, 403 anyone else).

const TICKET_FIELDS = `ticketId subject name email priority status userId assignedToId createdAt updatedAt resolvedAt`;
const MESSAGE_FIELDS = `messageId ticketId senderId senderType senderName message isFromAdmin adminName createdAt`;
const ERROR_FIELDS = `__typename ... on Error { message code reason ... on ValidationError { fieldErrors { field message } } ... on RateLimitedError { retryAfterSeconds } }`;

interface TicketNode {
  ticketId: string;
  assignedToId: string | null;
  [field: string]: unknown;
}
interface MessageNode {
  messageId: string;
  [field: string]: unknown;
}

const CREATE = operation<MutationResult<'createSupportTicket', TicketNode>>(`mutation RestCreateSupportTicket($input: CreateSupportTicketInput!) {
  createSupportTicket(input: $input) { ${ERROR_FIELDS} ... on MutationCreateSupportTicketSuccess { data { ${TICKET_FIELDS} } } } }`);
const MESSAGES = operation<{ supportTicket: { messages: MessageNode[] } }>(`query RestSupportMessages($id: ID!) {
  supportTicket(id: $id) { messages { ${MESSAGE_FIELDS} } } }`);
const SEND = operation<MutationResult<'sendSupportMessage', MessageNode>>(`mutation RestSendSupportMessage($input: SendSupportMessageInput!) {
  sendSupportMessage(input: $input) { ${ERROR_FIELDS} ... on MutationSendSupportMessageSuccess { data { ${MESSAGE_FIELDS} } } } }`);
interface QueuePage {
  supportTickets: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: Array<{ node: TicketNode }> };
}
const QUEUE = operation<QueuePage>(`query RestSupportQueue(
  $status: TicketStatus, $priority: TicketPriority, $after: String) {
  supportTickets(status: $status, priority: $priority, first: 100, after: $after) { pageInfo { hasNextPage endCursor } edges { node { ${TICKET_FIELDS} } } } }`);
const UPDATE = operation<MutationResult<'updateSupportTicket', TicketNode>>(`mutation RestUpdateSupportTicket($input: UpdateSupportTicketInput!) {
  updateSupportTicket(input: $input) { ${ERROR_FIELDS} ... on MutationUpdateSupportTicketSuccess { data { ${TICKET_FIELDS} } } } }`);


/** The spec's ticket: id, subject, name, email, priority, status, assignedTo, createdAt, resolvedAt. */
function restTicket(node: TicketNode) {
  const { ticketId, assignedToId, ...rest } = node;
  return { id: ticketId, ...rest, assignedTo: assignedToId };
}

function restMessage(node: MessageNode) {
  const { messageId, ...rest } = node;
  return { id: messageId, ...rest };
}


export function supportRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  /** 401 when logged out, 403 for anyone but an administrator. */
  async function refuseNonAdmin(c: HonoContext<{ Bindings: HttpBindings }>) {
    return refuseAnyoneButAdmin(c, await contextFor(yoga, c, clientIp(c), 'admin'));
  }

  // POST /api/support/tickets { name, email, subject, priority, message }: anyone; a visitor's
  // browser gets the grant cookie for the new ticket.
  r.post('/tickets', doc({
    access: 'public',
    tokenScopes: ['messages'],
    summary: 'Open a support ticket (visitors get a grant cookie to follow it)',
    body: TicketBody,
    example: { name: 'Sam Lee', email: 'sam@example.com', subject: 'Invoice for my purchase', message: 'Where can I download the invoice?', priority: 'medium' },
    answers: { 201: TicketAnswer },
    errors: [429],
  }), async (c) => {
    const body = await readBody(c, TicketBody);
    const fields = strings(body, ['name', 'email', 'subject', 'message']);
    const priority = body.priority || null;
    const result = await runOperation(yoga, c, clientIp(c), CREATE, { input: { ...fields, priority } });
    return respondWithResult(c, result, 'createSupportTicket', (data: TicketNode) => json(c, restTicket(data), 201));
  });

  // GET /api/support/tickets/{id}/messages: the thread, oldest first.
  r.get('/tickets/:id/messages', doc({
    access: 'visitor',
    tokenScopes: ['messages'],
    summary: "A ticket's messages",
    answers: { 200: { description: 'The messages', schema: z.array(TicketMessageAnswer), headers: TOTAL_HEADER } },
    errors: [403, 404],
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), MESSAGES, { id: c.req.param('id') });
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    return jsonList(c, result.data!.supportTicket.messages.map(restMessage));
  });

  // POST /api/support/tickets/{id}/messages { message, isFromAdmin }: isFromAdmin is the server's
  // to decide (a visitor's or user's message is never from the team).
  r.post('/tickets/:id/messages', doc({
    access: 'visitor',
    tokenScopes: ['messages'],
    summary: 'Add a message to a ticket',
    body: TicketMessageBody,
    example: { message: 'Thanks, found it.' },
    answers: { 201: TicketMessageAnswer },
    errors: [403, 404, 409],
  }), async (c) => {
    const { message } = strings(await readBody(c, TicketMessageBody), ['message']);
    const result = await runOperation(yoga, c, clientIp(c), SEND, { input: { ticketId: c.req.param('id'), message } });
    return respondWithResult(c, result, 'sendSupportMessage', (data: MessageNode) => json(c, restMessage(data), 201));
  });

  // GET /api/support/admin/tickets?status=&priority= ('all' or empty: no filter).
  r.get('/admin/tickets', doc({
    access: 'admin',
    tokenScopes: ['admin'],
    summary: 'The support queue',
    answers: { 200: { description: 'The tickets', schema: z.array(TicketAnswer), headers: TOTAL_HEADER } },
  }), queryOf(QueueQuery), async (c) => {
    const denied = await refuseNonAdmin(c);
    if (denied) return denied;
    const query = c.req.valid('query');
    const filterOf = (v: string | undefined) => (v === undefined || v.trim() === '' || v.trim() === 'all' ? null : v.trim());
    const status = filterOf(query.status);
    const priority = filterOf(query.priority);
    if (status !== null && !STATUS.safeParse(status).success) return jsonError(c, 'INVALID_INPUT', STATUS_MESSAGE);
    if (priority !== null && !PRIORITY.safeParse(priority).success) return jsonError(c, 'INVALID_INPUT', PRIORITY_MESSAGE);
    return listEveryPage(yoga, c, clientIp(c), QUEUE, { status, priority }, (data) => data!.supportTickets, restTicket);
  });

  // POST /api/support/messages { ticketId, senderId, senderType: 'admin', senderName, message }:
  // the team's reply (administrators). The sender is the session's administrator.
  r.post('/messages', doc({
    access: 'admin',
    tokenScopes: ['admin', 'messages'],
    summary: 'Reply to a ticket as the support team',
    body: AdminReplyBody,
    example: { ticketId: '0196c4a0-0000-7000-8000-000000000004', message: 'Invoices are under Dashboard, Purchases.' },
    answers: { 201: TicketMessageAnswer },
    errors: [404, 409],
  }), async (c) => {
    const denied = await refuseNonAdmin(c);
    if (denied) return denied;
    const { ticketId, message, senderName } = strings(await readBody(c, AdminReplyBody), ['ticketId', 'message', 'senderName']);
    if (!ticketId) return jsonError(c, 'INVALID_INPUT', 'ticketId is required');
    const result = await runOperation(yoga, c, clientIp(c), SEND, { input: { ticketId, message, senderName: senderName || null } });
    return respondWithResult(c, result, 'sendSupportMessage', (data: MessageNode) => json(c, restMessage(data), 201));
  });

  // PATCH /api/support/tickets/{id} { assignedTo, status, resolvedAt }: resolvedAt is recorded by
  // the server when the ticket becomes resolved (a client's time is not trusted).
  r.patch('/tickets/:id', doc({
    access: 'admin',
    tokenScopes: ['admin'],
    summary: "Change a ticket's status or assignee",
    body: TicketUpdateBody,
    example: { status: 'resolved' },
    answers: { 200: TicketAnswer },
    errors: [404, 409],
  }), async (c) => {
    const denied = await refuseNonAdmin(c);
    if (denied) return denied;
    const body = await readBody(c, TicketUpdateBody);
    const status = body.status ?? null;
    const assignedTo = body.assignedTo || null;
    const result = await runOperation(yoga, c, clientIp(c), UPDATE, { input: { ticketId: c.req.param('id'), status, assignedTo } });
    return respondWithResult(c, result, 'updateSupportTicket', (data: TicketNode) => json(c, restTicket(data)));
  });

  return r;
}
