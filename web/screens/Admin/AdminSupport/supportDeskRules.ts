import type { Tone } from '../../../theme/theme.ts';
import { toGlobalId } from '../../../relay/globalIds.ts';

// The admin support center's decisions, free of React and Relay: what the URL asks for, which
// tickets a filtered list holds, where a ticket goes in it, and which actions a ticket allows.

export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export const TICKET_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export type TicketStatusValue = (typeof TICKET_STATUSES)[number];
export type TicketPriorityValue = (typeof TICKET_PRIORITIES)[number];

export const STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'in_progress', label: 'In progress' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'closed', label: 'Closed' },
] as const;

export const PRIORITY_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'urgent', label: 'Urgent' },
  { value: 'high', label: 'High' },
  { value: 'medium', label: 'Medium' },
  { value: 'low', label: 'Low' },
] as const;

export type DeskFilters = { status: TicketStatusValue | null; priority: TicketPriorityValue | null };
export type DeskParams = DeskFilters & { ticket: string | null };

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value != null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** ?status=&priority=&ticket= ; 'all', empty or unknown values mean no filter. */
export function parseDeskParams(search: URLSearchParams): DeskParams {
  const ticket = search.get('ticket')?.trim();
  return {
    status: oneOf(TICKET_STATUSES, search.get('status')),
    priority: oneOf(TICKET_PRIORITIES, search.get('priority')),
    ticket: ticket ? ticket : null,
  };
}

/** The global id of a ticket from its plain id, so a link to a ticket that is gone reads as null rather than an error. */
export function ticketNodeId(ticketId: string): string {
  return toGlobalId('SupportTicket', ticketId);
}

/** The same search with some parameters changed; null or 'all' removes one. */
export function withParams(search: URLSearchParams, changes: Partial<Record<keyof DeskParams, string | null>>): string {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value == null || value === '' || value === 'all') next.delete(key);
    else next.set(key, value);
  }
  const text = next.toString();
  return text ? `?${text}` : '';
}

/** Whether a ticket belongs in the list as filtered. */
export function matchesFilters(ticket: { status: string; priority: string }, filters: DeskFilters): boolean {
  return (filters.status == null || ticket.status === filters.status) && (filters.priority == null || ticket.priority === filters.priority);
}

/**
 * Where a ticket goes in a list sorted newest first (by createdAt) of which `loaded` are the
 * creation times loaded so far; null when it sorts after them while more pages are still to load
 * (it arrives with those pages).
 */
export function insertionIndex(loaded: readonly string[], createdAt: string, hasMore: boolean): number | null {
  const t = Date.parse(createdAt);
  const index = loaded.findIndex((c) => Date.parse(c) < t);
  if (index >= 0) return index;
  return hasMore ? null : loaded.length;
}

// A ticket's colour is the web app's one table of them, shared with the support widget.
export { ticketStatusTone } from '../../../format/labels.ts';

const PRIORITY_TONES: Record<string, Tone> = { urgent: 'red', high: 'amber', medium: 'blue', low: 'neutral' };

export function ticketPriorityTone(priority: string): Tone {
  return PRIORITY_TONES[priority] ?? 'neutral';
}

export type TicketAction = 'assign' | 'in_progress' | 'resolved' | 'closed';

/**
 * Which actions a ticket allows now. Mark In Progress is off when in progress, Mark Resolved when
 * resolved or closed, Close Ticket when closed; and a closed ticket is final, so nothing moves it
 * (`nextStatuses` is the server's ticket machine). Assign to Me is off once the ticket is the
 * caller's and in progress, where it would change nothing.
 */
export function availableActions(ticket: { status: string; nextStatuses: readonly string[]; assignedToId: string | null }, viewerId: string): Record<TicketAction, boolean> {
  const next = new Set(ticket.nextStatuses);
  const closed = ticket.status === 'closed';
  return {
    assign: !closed && !(ticket.status === 'in_progress' && ticket.assignedToId === viewerId),
    in_progress: !closed && ticket.status !== 'in_progress' && next.has('in_progress'),
    resolved: !closed && ticket.status !== 'resolved' && next.has('resolved'),
    closed: !closed && next.has('closed'),
  };
}

/** A reply is sent only when its trimmed text is not blank. */
export function replyText(draft: string): string | null {
  const text = draft.trim();
  return text ? text : null;
}
