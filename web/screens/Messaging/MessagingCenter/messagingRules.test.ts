import { describe, expect, it } from 'vitest';
import { badgeCount, composerKeyAction, listTime, messageTime, messagingParams, openConversationFailure, sendableText } from './messagingRules.ts';

describe('composerKeyAction', () => {
  it('sends on Enter, adds a line on Shift+Enter, ignores Enter while composing (IME) and other keys', () => {
    expect(composerKeyAction({ key: 'Enter', shiftKey: false })).toBe('send');
    expect(composerKeyAction({ key: 'Enter', shiftKey: true })).toBeNull();
    expect(composerKeyAction({ key: 'Enter', shiftKey: false, isComposing: true })).toBeNull();
    expect(composerKeyAction({ key: 'a', shiftKey: false })).toBeNull();
  });
});

describe('sendableText', () => {
  it('is the trimmed draft, or null for a blank draft or no conversation', () => {
    expect(sendableText('  hello \n', 'c1')).toBe('hello');
    expect(sendableText('line 1\nline 2', 'c1')).toBe('line 1\nline 2');
    expect(sendableText('   \n\t ', 'c1')).toBeNull();
    expect(sendableText('', 'c1')).toBeNull();
    expect(sendableText('hello', null)).toBeNull();
    expect(sendableText('hello', '')).toBeNull();
  });
});

describe('messagingParams', () => {
  it('reads the open conversation and the contract to ask about, blank as none', () => {
    expect(messagingParams(new URLSearchParams('conversation=abc'))).toEqual({ conversation: 'abc', contract: null });
    expect(messagingParams(new URLSearchParams('contract=k1&conversation=%20'))).toEqual({ conversation: null, contract: 'k1' });
    expect(messagingParams(new URLSearchParams(''))).toEqual({ conversation: null, contract: null });
  });
});

describe('openConversationFailure', () => {
  it('names an unknown contract, an own contract and anything else', () => {
    expect(openConversationFailure({ typename: 'NotFoundError', message: 'Contract not found' }).title).toBe('Contract not found');
    expect(openConversationFailure({ typename: 'ValidationError', message: 'You are the provider of this contract' }).title).toBe('This is your own contract');
    expect(openConversationFailure({ typename: 'ValidationError', message: 'Give either a contractId or a userId' })).toEqual({
      title: 'Could not open the conversation',
      description: 'Give either a contractId or a userId',
    });
  });
});

describe('times', () => {
  const now = new Date(2026, 2, 4, 18, 30);
  it('shows the time today, the day before, and the year when it is another year', () => {
    expect(messageTime(new Date(2026, 2, 4, 13, 5).toISOString(), now)).toBe('13:05');
    expect(messageTime(new Date(2026, 2, 3, 9, 0).toISOString(), now)).toBe('Mar 03, 09:00');
    expect(messageTime(new Date(2025, 11, 31, 23, 59).toISOString(), now)).toBe('Dec 31, 2025, 23:59');
    expect(messageTime(null, now)).toBe('—');
    expect(listTime(new Date(2026, 2, 4, 13, 5).toISOString(), now)).toBe('13:05');
    expect(listTime(new Date(2026, 1, 14, 13, 5).toISOString(), now)).toBe('Feb 14');
    expect(listTime(undefined, now)).toBe('');
  });
});

describe('badgeCount', () => {
  it('caps at 99+', () => {
    expect(badgeCount(3)).toBe('3');
    expect(badgeCount(100)).toBe('99+');
  });
});
