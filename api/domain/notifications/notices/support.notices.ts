import { str, type Describer } from './notice.ts';

// Support's notices (docs/decisions.md "Issue 25: notification events"): the owner of a ticket hears
// of the team's replies; a visitor's ticket has no user, so its replies go by mail only (support.mails.ts).

export const supportNotices: Record<string, Describer> = {
  'support.replied': async (tx, data) => {
    const message = await tx.supportMessage.findUnique({
      where: { id: str(data.messageId) },
      select: { senderName: true, ticket: { select: { id: true, subject: true, userId: true } } },
    });
    if (!message?.ticket.userId) return [];
    const { ticket } = message;
    return [{ userId: ticket.userId!, title: 'Support replied', body: `${message.senderName ?? 'Support'} replied to your ticket "${ticket.subject}".`, link: `/?supportTicket=${encodeURIComponent(ticket.id)}` }];
  },
};
