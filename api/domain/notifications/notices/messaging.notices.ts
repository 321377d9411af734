import { str, type Describer } from './notice.ts';

// Messaging's notices (docs/decisions.md "Issue 25: notification events"): the recipient hears of a
// new message, in the app only by default (the unread badge counts messages on its own).

const PREVIEW = 80;

export const messagingNotices: Record<string, Describer> = {
  'message.received': async (tx, data) => {
    const m = await tx.message.findUnique({
      where: { id: str(data.messageId) },
      select: { recipientId: true, conversationId: true, content: true, sender: { select: { username: true } }, conversation: { select: { contract: { select: { title: true } } } } },
    });
    if (!m) return [];
    const about = m.conversation.contract ? ` about "${m.conversation.contract.title}"` : '';
    const preview = m.content.length > PREVIEW ? `${m.content.slice(0, PREVIEW - 1)}…` : m.content;
    return [{ userId: m.recipientId, title: `New message from ${m.sender.username}`, body: `${m.sender.username} wrote${about}: ${preview}`, link: `/messaging?conversation=${encodeURIComponent(m.conversationId)}` }];
  },
};
