// The widget's decisions, pure so they are tested without a browser.

export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriorityValue = (typeof TICKET_PRIORITIES)[number];

export type TicketDraft = {
  name: string;
  email: string;
  subject: string;
  priority: TicketPriorityValue;
  message: string;
};

export const EMPTY_DRAFT: TicketDraft = { name: '', email: '', subject: '', priority: 'medium', message: '' };

const REQUIRED = ['name', 'email', 'subject', 'message'] as const;
export type RequiredField = (typeof REQUIRED)[number];

/** The required fields left empty; blanks count as empty, since the server trims them away. */
export function missingFields(draft: TicketDraft): RequiredField[] {
  return REQUIRED.filter((field) => draft[field].trim() === '');
}

/** What the form sends: trimmed text, priority as chosen. */
export function ticketInput(draft: TicketDraft) {
  return {
    name: draft.name.trim(),
    email: draft.email.trim(),
    subject: draft.subject.trim(),
    message: draft.message.trim(),
    priority: draft.priority,
  };
}

/** 'Ticket #' shows the last 8 characters of the ticket's id. */
export function shortTicketId(ticketId: string): string {
  return ticketId.slice(-8);
}

// A ticket's colour is the web app's one table of them, shared with the admin's support desk.
export { ticketStatusTone } from '../../../format/labels.ts';

/** A closed ticket takes no more messages (the server answers 409). */
export function acceptsReplies(status: string): boolean {
  return status !== 'closed';
}

/** A reply goes out only with some text and a ticket to send it to. */
export function canSendReply(text: string, ticketId: string | null): boolean {
  return ticketId != null && text.trim() !== '';
}

/** Enter sends, Shift+Enter is a new line; Enter that confirms an IME composition sends nothing. */
export function isSendKey(event: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing;
}

/** The ticket a reply mail's link names: `/?supportTicket=<id>` (any page accepts it). */
export function linkedTicketId(search: string): string | null {
  const id = new URLSearchParams(search).get('supportTicket')?.trim();
  return id ? id : null;
}

/** The same address without `supportTicket`, so a reload or a shared link does not open it again. */
export function withoutLinkedTicket(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.delete('supportTicket');
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

// A message's time is the web app's one formatter of them ('13:05' today, 'Mar 04, 13:05' before),
// the same as in the messaging center.
export { formatMessageTime as messageTime } from '../../../format/format.ts';
