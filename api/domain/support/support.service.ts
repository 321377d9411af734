import type { Db } from '../../db/database.ts';
import type { SupportMessage, SupportTicket, TicketPriority, TicketStatus } from '../../db/generated/prisma/client.ts';
import type { EventPublisher, TicketUpdatedEvent } from '../../events/events.ts';
import type { Jobs } from '../../jobs/job-runner.ts';
import type { Logger } from '../../logger.ts';
import { recordEvent } from '../notifications/record-event.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { RateLimiter } from '../../rate-limiter.ts';
import { ConflictError, NotFoundError, PermissionError, RateLimitedError, ValidationError } from '../errors.ts';
import { isAdmin, type Viewer } from '../policies.ts';
import { recordCreated, transition, type Tx } from '../transitions/transition.ts';
import { TICKET_MACHINE } from './tickets.machine.ts';
import { ACTIVE_TICKET_STATUSES, acceptsMessages, DEFAULT_ADMIN_SENDER_NAME, TICKET_CLOSED_MESSAGE } from './support.rules.ts';
import { canAccessTicket } from '../policies.ts';
import { EMAIL_FORMAT, messageInput, PRIORITY_MESSAGE, statusInput, ticketInput } from './support.schemas.ts';
import { teamReplyMail } from './support.mails.ts';

// Support tickets (docs/decisions.md "Support tickets"): anyone opens one; the browser's grant, the
// owning user or an administrator reads and answers it; administrators move it through the ticket
// machine. Every change publishes `ticketUpdated` (the ticket's watchers) and `supportQueueChanged`
// (the administrators' queue) after its transaction committed.

export interface SupportDeps {
  db: Db;
  events: EventPublisher;
  mailer: Mailer;
  /** Records the team's replies (support.replied) in their transaction. */
  jobs: Pick<Jobs, 'schedule'>;
  logger?: Logger;
}

/** Who asks: the logged-in viewer (or null) and the ticket ids this browser's grant cookie names. */
export interface SupportCaller {
  viewer: (Viewer & { name?: string }) | null;
  grant: readonly string[];
}

/** How many tickets one client address may open per window; absent: no limit (in-process tests). */
export interface TicketLimit {
  limiter: RateLimiter;
  clientIp: string;
  perIp: number;
  windowMs: number;
}

export const TICKET_LIMIT_MESSAGE = 'Too many support requests from this address. Please try again later.';

export interface NewTicket {
  name?: string | null;
  email?: string | null;
  subject?: string | null;
  message?: string | null;
  priority?: string | null;
}

const MISSING = 'Missing Information: please fill in all required fields';

function notify(deps: SupportDeps, ticket: Pick<SupportTicket, 'id' | 'status' | 'userId'>, change: TicketUpdatedEvent['change'], messageId: string | null = null) {
  const event: TicketUpdatedEvent = { ticketId: ticket.id, status: ticket.status, userId: ticket.userId, change, messageId };
  deps.events.publish('ticketUpdated', ticket.id, event);
  deps.events.publish('supportQueueChanged', event);
}

/** Opens a ticket with its first message. A logged-in user owns it; a visitor gets a grant for it (by the caller). */
export async function createTicket(deps: SupportDeps, viewer: Viewer | null, input: NewTicket, limit?: TicketLimit): Promise<SupportTicket> {
  const raw = {
    name: input.name ?? '',
    email: input.email ?? '',
    subject: input.subject ?? '',
    message: input.message ?? '',
    priority: input.priority === null || input.priority === '' ? undefined : input.priority,
  };
  const parsed = ticketInput.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? 'input');
    throw new ValidationError(field === 'priority' ? PRIORITY_MESSAGE : `${field}: ${issue.message}`, [{ field, message: field === 'priority' ? PRIORITY_MESSAGE : issue.message }]);
  }
  const v = parsed.data;
  const missing = (['name', 'email', 'subject', 'message'] as const).filter((f) => v[f] === '');
  if (missing.length) throw new ValidationError(`${MISSING} (${missing.join(', ')})`, missing.map((field) => ({ field, message: `${field} is required` })));
  if (!EMAIL_FORMAT.test(v.email)) throw new ValidationError('Please enter a valid email address', [{ field: 'email', message: 'Please enter a valid email address' }]);
  // Counted once the input is valid, so a visitor fixing a form is never locked out; the widget
  // needs no account, so the client address is what keeps one client from flooding the queue.
  if (limit) {
    const hit = await limit.limiter.hit(`support:ticket:ip:${limit.clientIp}`, limit.perIp, limit.windowMs);
    if (!hit.allowed) throw new RateLimitedError(hit.retryAfterSeconds, TICKET_LIMIT_MESSAGE);
  }

  const ticket = await deps.db.$transaction(async (tx) => {
    const created = await tx.supportTicket.create({
      data: { name: v.name, email: v.email, subject: v.subject, priority: v.priority as TicketPriority, status: 'open', userId: viewer?.id ?? null },
    });
    await recordCreated(tx, { machine: TICKET_MACHINE, id: created.id, status: 'open', actorId: viewer?.id ?? null });
    await tx.supportMessage.create({ data: { ticketId: created.id, senderId: viewer?.id ?? null, senderType: 'user', senderName: v.name, message: v.message } });
    return created;
  });
  notify(deps, ticket, 'created');
  return ticket;
}

/** The ticket if the caller may read it: 404 when there is none, 403 when it is someone else's. */
export async function ticketFor(db: Db | Tx, caller: SupportCaller, ticketId: string): Promise<SupportTicket> {
  const ticket = await db.supportTicket.findUnique({ where: { id: ticketId } });
  if (!ticket) throw new NotFoundError('Ticket not found');
  if (!canAccessTicket(caller.viewer, caller.grant, ticket)) throw new PermissionError('You do not have access to this ticket');
  return ticket;
}

/** The ticket's thread, oldest first. */
export async function ticketMessages(db: Db, caller: SupportCaller, ticketId: string): Promise<SupportMessage[]> {
  await ticketFor(db, caller, ticketId);
  return db.supportMessage.findMany({ where: { ticketId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
}

/**
 * Adds a message. An administrator writes as the team (`admin`, senderName defaulting to 'Support
 * Agent') and the visitor gets a mail; anyone else writes as the ticket's side (`user`), whatever
 * they claim. A closed ticket refuses (409).
 */
export async function sendMessage(deps: SupportDeps, caller: SupportCaller, ticketId: string, input: { message?: string | null; senderName?: string | null }, appUrl: string): Promise<SupportMessage> {
  const parsed = messageInput.safeParse({ message: input.message ?? '', senderName: input.senderName });
  if (!parsed.success) throw new ValidationError(`message: ${parsed.error.issues[0]!.message}`, [{ field: String(parsed.error.issues[0]!.path[0] ?? 'message'), message: parsed.error.issues[0]!.message }]);
  if (parsed.data.message === '') throw new ValidationError('Message is required', [{ field: 'message', message: 'Message is required' }]);
  const fromTeam = isAdmin(caller.viewer);
  const { ticket, message } = await deps.db.$transaction(async (tx) => {
    // Locks the ticket row: a message and a concurrent close are ordered, so no message lands on a closed ticket.
    await tx.$queryRaw`SELECT id FROM "SupportTicket" WHERE id = ${ticketId} FOR UPDATE`;
    const ticket = await ticketFor(tx, caller, ticketId);
    if (!acceptsMessages(ticket)) throw new ConflictError(TICKET_CLOSED_MESSAGE, 'INVALID_TRANSITION');
    const senderName = fromTeam ? parsed.data.senderName || DEFAULT_ADMIN_SENDER_NAME : caller.viewer?.name || ticket.name;
    const message = await tx.supportMessage.create({
      data: { ticketId, senderId: caller.viewer?.id ?? null, senderType: fromTeam ? 'admin' : 'user', senderName, message: parsed.data.message },
    });
    await tx.supportTicket.update({ where: { id: ticketId }, data: { updatedAt: new Date() } });
    // The owner of the ticket is told in the app; a visitor's ticket has no user (its mail tells them).
    if (fromTeam && ticket.userId && ticket.userId !== caller.viewer?.id) await recordEvent(tx, deps.jobs, 'support.replied', { ticketId, messageId: message.id });
    return { ticket, message };
  });
  notify(deps, ticket, 'message', message.id);
  if (fromTeam) {
    try {
      await deps.mailer.send(teamReplyMail(ticket, { senderName: message.senderName!, message: message.message }, appUrl));
    } catch (err) {
      // The reply is stored and shown live; a mail that cannot go out must not undo it.
      deps.logger?.warn({ err, ticketId }, 'support: could not send the reply mail');
    }
  }
  return message;
}

export interface TicketUpdate {
  /** Assign to this administrator (Assign to Me: the caller's id). */
  assignedTo?: string | null;
  status?: string | null;
}

/**
 * An administrator's action. Assigning moves an open or resolved ticket to in_progress (Assign to
 * Me); a status moves it through the ticket machine; resolved records resolvedAt (the server's time).
 */
export async function updateTicket(deps: SupportDeps, viewer: Viewer | null, ticketId: string, update: TicketUpdate): Promise<SupportTicket> {
  if (!isAdmin(viewer)) throw new PermissionError('Admin access required', 'ADMIN_REQUIRED');
  let status: TicketStatus | undefined;
  if (update.status !== undefined && update.status !== null) {
    const parsed = statusInput.safeParse(update.status);
    if (!parsed.success) throw new ValidationError(parsed.error.issues[0]!.message, [{ field: 'status', message: parsed.error.issues[0]!.message }]);
    status = parsed.data;
  }
  const assignee = update.assignedTo ?? undefined;
  if (status === undefined && assignee === undefined) throw new ValidationError('Nothing to change: give assignedTo or status', [{ field: 'status', message: 'status or assignedTo is required' }]);
  const ticket = await deps.db.$transaction(async (tx) => {
    const current = await tx.supportTicket.findUnique({ where: { id: ticketId } });
    if (!current) throw new NotFoundError('Ticket not found');
    if (assignee !== undefined) {
      const admin = await tx.user.findUnique({ where: { id: assignee }, select: { isAdmin: true } });
      if (!admin?.isAdmin) throw new ValidationError('assignedTo must be an administrator', [{ field: 'assignedTo', message: 'assignedTo must be an administrator' }]);
    }
    // Assigning without a status is "Assign to Me": the ticket is being worked on.
    const to = status ?? (current.status === 'in_progress' ? undefined : 'in_progress');
    const data = { ...(assignee !== undefined ? { assignedToId: assignee } : {}), ...(to === 'resolved' ? { resolvedAt: new Date() } : {}) };
    if (to === undefined || to === current.status) {
      if (assignee === undefined || current.status === 'closed') {
        throw new ConflictError(`A ticket that is ${current.status.replace(/_/g, ' ')} cannot become ${current.status.replace(/_/g, ' ')}`, 'INVALID_TRANSITION');
      }
      const moved = await tx.supportTicket.updateMany({ where: { id: ticketId, status: current.status }, data });
      if (moved.count !== 1) throw new ConflictError('The ticket changed meanwhile; please reload', 'INVALID_TRANSITION');
    } else {
      await transition(tx, { machine: TICKET_MACHINE, id: ticketId, from: current.status, to, actorId: viewer!.id, data });
    }
    return tx.supportTicket.findUniqueOrThrow({ where: { id: ticketId } });
  });
  notify(deps, ticket, 'updated');
  return ticket;
}

/** Open and in-progress tickets (the admin header). */
export function activeTicketCount(db: Db): Promise<number> {
  return db.supportTicket.count({ where: { status: { in: [...ACTIVE_TICKET_STATUSES] } } });
}

/** The widget's tickets: those of the grant and, when logged in, the user's own; newest first. */
export function myTickets(db: Db, caller: SupportCaller, query: object = {}) {
  const or: object[] = [{ id: { in: [...caller.grant] } }];
  if (caller.viewer) or.push({ userId: caller.viewer.id });
  return db.supportTicket.findMany({ ...query, where: { OR: or }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }) as Promise<SupportTicket[]>;
}
