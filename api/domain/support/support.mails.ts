import type { Mail } from '../../mail/mailer.ts';

/** The link back to a ticket: the widget opens it from any page (`?supportTicket=`). */
export function ticketLink(appUrl: string, ticketId: string): string {
  return `${appUrl}/?supportTicket=${encodeURIComponent(ticketId)}`;
}

/** The visitor hears that the team answered, with the answer and a link back to the ticket. */
export function teamReplyMail(ticket: { id: string; name: string; email: string; subject: string }, reply: { senderName: string; message: string }, appUrl: string): Mail {
  return {
    to: ticket.email,
    subject: `Re: ${ticket.subject} [Ticket #${ticket.id.slice(-8)}]`,
    text: [
      `Hello ${ticket.name},`,
      '',
      `${reply.senderName} answered your support request "${ticket.subject}":`,
      '',
      reply.message,
      '',
      `Read the conversation and reply: ${ticketLink(appUrl, ticket.id)}`,
    ].join('\n'),
  };
}
