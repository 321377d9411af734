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

const timeFmt = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hour12: false });
const dayFmt = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit' });
const dayYearFmt = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' });

function sameDay(a: Date, b: Date) {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A message's time in local time: '13:05' today, 'Mar 04, 13:05' before, with the year when it is not this year's. */
export function messageTime(iso: string | null | undefined, now: Date = new Date()): string {
  const d = parse(iso);
  if (!d) return '—';
  if (sameDay(d, now)) return timeFmt.format(d);
  const day = d.getFullYear() === now.getFullYear() ? dayFmt.format(d) : dayYearFmt.format(d);
  return `${day}, ${timeFmt.format(d)}`;
}

/** The short time in the conversation list: '13:05' today, else 'Mar 04' (or 'Mar 04, 2025'). */
export function listTime(iso: string | null | undefined, now: Date = new Date()): string {
  const d = parse(iso);
  if (!d) return '';
  if (sameDay(d, now)) return timeFmt.format(d);
  return d.getFullYear() === now.getFullYear() ? dayFmt.format(d) : dayYearFmt.format(d);
}

/** A badge figure: 1..99, then '99+'. */
export function badgeCount(n: number): string {
  return n > 99 ? '99+' : String(n);
}
