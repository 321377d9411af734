import type { TicketStatus } from '../../db/generated/prisma/enums.ts';
import { isAdmin, type Viewer } from '../policies.ts';

/** Open and in-progress tickets are the team's work (the admin header's count). */
export const ACTIVE_TICKET_STATUSES: readonly TicketStatus[] = ['open', 'in_progress'];

export const DEFAULT_ADMIN_SENDER_NAME = 'Support Agent';
export const TICKET_CLOSED_MESSAGE = 'This ticket has been closed.';

/**
 * Who may read a ticket and write to it: an administrator, the logged-in user who opened it, or a
 * browser whose grant cookie names it (docs/decisions.md "Support tickets").
 */
export function canAccessTicket(viewer: Viewer | null | undefined, grant: readonly string[], ticket: { id: string; userId: string | null }): boolean {
  return isAdmin(viewer) || (viewer != null && ticket.userId === viewer.id) || grant.includes(ticket.id);
}

/** A closed ticket takes no more messages, from anyone. */
export function acceptsMessages(ticket: { status: TicketStatus }): boolean {
  return ticket.status !== 'closed';
}
