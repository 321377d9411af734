import type { TicketStatus } from '../../db/generated/prisma/enums.ts';

/** Open and in-progress tickets are the team's work (the admin header's count). */
export const ACTIVE_TICKET_STATUSES: readonly TicketStatus[] = ['open', 'in_progress'];

export const DEFAULT_ADMIN_SENDER_NAME = 'Support Agent';
export const TICKET_CLOSED_MESSAGE = 'This ticket has been closed.';

/** A closed ticket takes no more messages, from anyone. */
export function acceptsMessages(ticket: { status: TicketStatus }): boolean {
  return ticket.status !== 'closed';
}
