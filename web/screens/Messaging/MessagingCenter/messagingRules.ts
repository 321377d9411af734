// The messaging center's decisions, pure so they are tested without a browser
// (docs/decisions.md "Messaging").

/** What a key press in the composer does: Enter sends, Shift+Enter (or Enter inside an IME) adds a line. */
export function composerKeyAction(event: { key: string; shiftKey: boolean; isComposing?: boolean }): 'send' | null {
  if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return null;
  return 'send';
}

/**
 * The text to send, or null when nothing may be sent: a blank (trimmed) draft, or no conversation
 * chosen.
 */
export function sendableText(draft: string, conversationId: string | null | undefined): string | null {
  if (!conversationId) return null;
  const text = draft.trim();
  return text ? text : null;
}

/** The URL's state of the screen: the open conversation (a plain id) and a contract to ask about. */
export function messagingParams(search: URLSearchParams): { conversation: string | null; contract: string | null } {
  const conversation = search.get('conversation')?.trim() || null;
  const contract = search.get('contract')?.trim() || null;
  return { conversation, contract };
}

/** Why a conversation about a contract could not be opened, in words for the buyer. */
export function openConversationFailure(failure: { typename: string; message?: string | null }): { title: string; description: string } {
  if (failure.typename === 'NotFoundError') {
    return { title: 'Contract not found', description: 'The contract you wanted to ask about does not exist. Pick a conversation or browse the market.' };
  }
  if (failure.typename === 'ValidationError' && /provider of this contract/i.test(failure.message ?? '')) {
    return {
      title: 'This is your own contract',
      description: 'You are the provider of this contract. Buyers who contact you about it appear in your conversations.',
    };
  }
  if (failure.typename === 'AuthenticationError') {
    return { title: 'Please log in', description: 'Log in to contact the provider of this contract.' };
  }
  return { title: 'Could not open the conversation', description: failure.message || 'Please try again.' };
}

// The times of messages and the badge figures are the web app's one formatter of them (web/format/format.ts).
export { formatBadgeCount as badgeCount, formatListTime as listTime, formatMessageTime as messageTime } from '../../../format/format.ts';
