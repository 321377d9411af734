// Who may read and write a conversation, and what a message must be: pure decisions over the rows
// the service loads (docs/decisions.md "Messaging").

/** A conversation is private to its two participants; for anyone else it does not exist. */
export function isParticipant(participantIds: readonly string[], userId: string | null | undefined): boolean {
  return !!userId && participantIds.includes(userId);
}

/** The participant who is not `userId` (null when the conversation has no second participant). */
export function otherParticipant(participantIds: readonly string[], userId: string): string | null {
  return participantIds.find((id) => id !== userId) ?? null;
}

/** The provider of a contract is who a buyer contacts about it; nobody messages themselves. */
export function messagingRefusal(senderId: string, recipientId: string): 'SELF' | null {
  return senderId === recipientId ? 'SELF' : null;
}

/** Messages to `userId` that are still unread, of the messages given. */
export function countUnread(messages: ReadonlyArray<{ recipientId: string; readAt: Date | null }>, userId: string): number {
  return messages.filter((m) => m.recipientId === userId && m.readAt === null).length;
}

export const MAX_MESSAGE_LENGTH = 5000;
