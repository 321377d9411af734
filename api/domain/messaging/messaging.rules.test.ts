import { describe, expect, it } from 'vitest';
import { countUnread, isParticipant, messagingRefusal, otherParticipant } from './messaging.rules.ts';

describe('messaging rules', () => {
  it('a conversation is its two participants\' only', () => {
    expect(isParticipant(['a', 'b'], 'a')).toBe(true);
    expect(isParticipant(['a', 'b'], 'c')).toBe(false);
    expect(isParticipant(['a', 'b'], null)).toBe(false);
    expect(isParticipant(['a', 'b'], '')).toBe(false);
  });
  it('finds the other participant', () => {
    expect(otherParticipant(['a', 'b'], 'a')).toBe('b');
    expect(otherParticipant(['a', 'b'], 'b')).toBe('a');
    expect(otherParticipant(['a'], 'a')).toBeNull();
  });
  it('refuses messages to oneself', () => {
    expect(messagingRefusal('a', 'a')).toBe('SELF');
    expect(messagingRefusal('a', 'b')).toBeNull();
  });
  it('counts the unread messages to a user', () => {
    const at = new Date();
    expect(countUnread([
      { recipientId: 'a', readAt: null },
      { recipientId: 'a', readAt: at },
      { recipientId: 'b', readAt: null },
    ], 'a')).toBe(1);
  });
});
