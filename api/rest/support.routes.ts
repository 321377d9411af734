import { Hono, type Context as HonoContext } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { Yoga } from '../app.ts';
import { json, operation, respondWithGraphQLErrors, respondWithResult, runOperation, type OperationResult } from './execute.ts';
import { jsonError, readJsonObject, strings } from './respond.ts';
import { PRIORITY_MESSAGE, STATUS_MESSAGE } from '../domain/support/support.schemas.ts';

// REST for support tickets (the specification): the widget's POST /api/support/tickets,
// GET and POST /api/support/tickets/{id}/messages (grant cookie, owner or administrator), and the
// admin support center's GET /api/support/admin/tickets, POST /api/support/messages and
// PATCH /api/support/tickets/{id} (administrators: 401 anonymous, 403 anyone else).

const TICKET_FIELDS = `ticketId subject name email priority status userId assignedToId createdAt updatedAt resolvedAt`;
const MESSAGE_FIELDS = `messageId ticketId senderId senderType senderName message isFromAdmin adminName createdAt`;
const ERROR_FIELDS = `__typename ... on Error { message code reason } ... on ValidationError { fieldErrors { field message } } ... on RateLimitedError { retryAfterSeconds }`;

interface TicketNode {
  ticketId: string;
  assignedToId: string | null;
  [field: string]: unknown;
}
interface MessageNode {
  messageId: string;
  [field: string]: unknown;
}
type Result<K extends string, T> = Record<K, { __typename: string; data?: T; code?: string; message?: string }>;

const WHO = operation<{ viewer: { userId: string; isAdmin: boolean } | null }>(`query RestSupportWho { viewer { userId isAdmin } }`);
const CREATE = operation<Result<'createSupportTicket', TicketNode>>(`mutation RestCreateSupportTicket($input: CreateSupportTicketInput!) {
  createSupportTicket(input: $input) { ${ERROR_FIELDS} ... on MutationCreateSupportTicketSuccess { data { ${TICKET_FIELDS} } } } }`);
const MESSAGES = operation<{ supportTicket: { messages: MessageNode[] } }>(`query RestSupportMessages($id: ID!) {
  supportTicket(id: $id) { messages { ${MESSAGE_FIELDS} } } }`);
const SEND = operation<Result<'sendSupportMessage', MessageNode>>(`mutation RestSendSupportMessage($input: SendSupportMessageInput!) {
  sendSupportMessage(input: $input) { ${ERROR_FIELDS} ... on MutationSendSupportMessageSuccess { data { ${MESSAGE_FIELDS} } } } }`);
interface QueuePage {
  supportTickets: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: Array<{ node: TicketNode }> };
}
const QUEUE = operation<QueuePage>(`query RestSupportQueue(
  $status: TicketStatus, $priority: TicketPriority, $after: String) {
  supportTickets(status: $status, priority: $priority, first: 100, after: $after) { pageInfo { hasNextPage endCursor } edges { node { ${TICKET_FIELDS} } } } }`);
const UPDATE = operation<Result<'updateSupportTicket', TicketNode>>(`mutation RestUpdateSupportTicket($input: UpdateSupportTicketInput!) {
  updateSupportTicket(input: $input) { ${ERROR_FIELDS} ... on MutationUpdateSupportTicketSuccess { data { ${TICKET_FIELDS} } } } }`);

const PRIORITIES = ['low', 'medium', 'high', 'urgent'];
const STATUSES = ['open', 'in_progress', 'resolved', 'closed'];

/** The spec's ticket: id, subject, name, email, priority, status, assignedTo, createdAt, resolvedAt. */
function restTicket(node: TicketNode) {
  const { ticketId, assignedToId, ...rest } = node;
  return { id: ticketId, ...rest, assignedTo: assignedToId };
}

function restMessage(node: MessageNode) {
  const { messageId, ...rest } = node;
  return { id: messageId, ...rest };
}

type ClientIp = (c: HonoContext<{ Bindings: HttpBindings }>) => string;

export function supportRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  /** 401 when logged out, 403 for anyone but an administrator. */
  async function refuseNonAdmin(c: HonoContext<{ Bindings: HttpBindings }>) {
    const me = await runOperation(yoga, c, clientIp(c), WHO);
    const viewer = me.data?.viewer;
    if (!viewer) return jsonError(c, 401, 'Authentication required', { code: 'LOGIN_REQUIRED' });
    if (!viewer.isAdmin) return jsonError(c, 403, 'Admin access required', { code: 'ADMIN_REQUIRED' });
    return null;
  }

  // POST /api/support/tickets { name, email, subject, priority, message }: anyone; a visitor's
  // browser gets the grant cookie for the new ticket.
  r.post('/tickets', async (c) => {
    const body = await readJsonObject(c);
    const fields = strings(body, ['name', 'email', 'subject', 'message']);
    const priority = body.priority === undefined || body.priority === null || body.priority === '' ? null : body.priority;
    if (priority !== null && (typeof priority !== 'string' || !PRIORITIES.includes(priority))) return jsonError(c, 400, PRIORITY_MESSAGE, { code: 'INVALID_INPUT' });
    const result = await runOperation(yoga, c, clientIp(c), CREATE, { input: { ...fields, priority } });
    return respondWithResult(c, result, 'createSupportTicket', (data: TicketNode) => json(c, restTicket(data), 201));
  });

  // GET /api/support/tickets/{id}/messages: the thread, oldest first.
  r.get('/tickets/:id/messages', async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), MESSAGES, { id: c.req.param('id') });
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    return json(c, result.data!.supportTicket.messages.map(restMessage));
  });

  // POST /api/support/tickets/{id}/messages { message, isFromAdmin }: isFromAdmin is the server's
  // to decide (a visitor's or user's message is never from the team).
  r.post('/tickets/:id/messages', async (c) => {
    const body = await readJsonObject(c);
    const { message } = strings(body, ['message']);
    const result = await runOperation(yoga, c, clientIp(c), SEND, { input: { ticketId: c.req.param('id'), message } });
    return respondWithResult(c, result, 'sendSupportMessage', (data: MessageNode) => json(c, restMessage(data), 201));
  });

  // GET /api/support/admin/tickets?status=&priority= ('all' or empty: no filter).
  r.get('/admin/tickets', async (c) => {
    const denied = await refuseNonAdmin(c);
    if (denied) return denied;
    const filterOf = (v: string | undefined) => (v === undefined || v.trim() === '' || v.trim() === 'all' ? null : v.trim());
    const status = filterOf(c.req.query('status'));
    const priority = filterOf(c.req.query('priority'));
    if (status !== null && !STATUSES.includes(status)) return jsonError(c, 400, STATUS_MESSAGE, { code: 'INVALID_INPUT' });
    if (priority !== null && !PRIORITIES.includes(priority)) return jsonError(c, 400, PRIORITY_MESSAGE, { code: 'INVALID_INPUT' });
    const tickets: ReturnType<typeof restTicket>[] = [];
    let after: string | null = null;
    for (;;) {
      const result: OperationResult<QueuePage> = await runOperation(yoga, c, clientIp(c), QUEUE, { status, priority, after });
      if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
      const page: QueuePage['supportTickets'] = result.data!.supportTickets;
      tickets.push(...page.edges.map((e) => restTicket(e.node)));
      if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) break;
      after = page.pageInfo.endCursor;
    }
    return json(c, tickets);
  });

  // POST /api/support/messages { ticketId, senderId, senderType: 'admin', senderName, message }:
  // the team's reply (administrators). The sender is the session's administrator.
  r.post('/messages', async (c) => {
    const denied = await refuseNonAdmin(c);
    if (denied) return denied;
    const body = await readJsonObject(c);
    const { ticketId, message, senderName } = strings(body, ['ticketId', 'message', 'senderName']);
    if (!ticketId) return jsonError(c, 400, 'ticketId is required', { code: 'INVALID_INPUT' });
    const result = await runOperation(yoga, c, clientIp(c), SEND, { input: { ticketId, message, senderName: senderName || null } });
    return respondWithResult(c, result, 'sendSupportMessage', (data: MessageNode) => json(c, restMessage(data), 201));
  });

  // PATCH /api/support/tickets/{id} { assignedTo, status, resolvedAt }: resolvedAt is recorded by
  // the server when the ticket becomes resolved (a client's time is not trusted).
  r.patch('/tickets/:id', async (c) => {
    const denied = await refuseNonAdmin(c);
    if (denied) return denied;
    const body = await readJsonObject(c);
    const status = body.status === undefined || body.status === null ? null : body.status;
    if (status !== null && (typeof status !== 'string' || !STATUSES.includes(status))) return jsonError(c, 400, STATUS_MESSAGE, { code: 'INVALID_INPUT' });
    const assignedTo = body.assignedTo === undefined || body.assignedTo === null || body.assignedTo === '' ? null : body.assignedTo;
    if (assignedTo !== null && typeof assignedTo !== 'string') return jsonError(c, 400, 'assignedTo must be a user id', { code: 'INVALID_INPUT' });
    const result = await runOperation(yoga, c, clientIp(c), UPDATE, { input: { ticketId: c.req.param('id'), status, assignedTo } });
    return respondWithResult(c, result, 'updateSupportTicket', (data: TicketNode) => json(c, restTicket(data)));
  });

  return r;
}
