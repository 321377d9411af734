import { describe, expect, it } from 'vitest';
import {
  acceptsReplies,
  canSendReply,
  EMPTY_DRAFT,
  isSendKey,
  linkedTicketId,
  missingFields,
  shortTicketId,
  ticketInput,
  ticketStatusTone,
  withoutLinkedTicket,
} from './supportRules.ts';

describe('the support widget rules', () => {
  it('names every required field left empty or blank; priority is never required', () => {
    expect(missingFields(EMPTY_DRAFT)).toEqual(['name', 'email', 'subject', 'message']);
    expect(missingFields({ ...EMPTY_DRAFT, name: 'Ada', email: 'ada@example.com', subject: '  ', message: 'Hi' })).toEqual(['subject']);
    expect(missingFields({ name: 'Ada', email: 'a@b.co', subject: 'S', message: 'M', priority: 'urgent' })).toEqual([]);
  });

  it('sends trimmed text with the chosen priority (medium by default)', () => {
    expect(ticketInput({ ...EMPTY_DRAFT, name: ' Ada ', email: ' a@b.co', subject: 'S ', message: '\nM\n' })).toEqual({
      name: 'Ada',
      email: 'a@b.co',
      subject: 'S',
      message: 'M',
      priority: 'medium',
    });
  });

  it('shows the last 8 characters of the ticket id', () => {
    expect(shortTicketId('0b6f7c1e-9d2a-4c43-8f55-1a2b3c4d5e6f')).toBe('3c4d5e6f');
    expect(shortTicketId('abc')).toBe('abc');
  });

  it('colours open yellow, in_progress blue and anything else green', () => {
    expect(ticketStatusTone('open')).toBe('amber');
    expect(ticketStatusTone('in_progress')).toBe('blue');
    expect(ticketStatusTone('resolved')).toBe('green');
    expect(ticketStatusTone('closed')).toBe('green');
    expect(ticketStatusTone('anything')).toBe('green');
  });

  it('sends a reply only with text and a ticket, and never to a closed ticket', () => {
    expect(canSendReply('hello', 't1')).toBe(true);
    expect(canSendReply('   \n', 't1')).toBe(false);
    expect(canSendReply('hello', null)).toBe(false);
    expect(acceptsReplies('resolved')).toBe(true);
    expect(acceptsReplies('closed')).toBe(false);
  });

  it('sends on Enter, not on Shift+Enter or while composing', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(isSendKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(isSendKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(isSendKey({ key: 'a', shiftKey: false })).toBe(false);
  });

  it('reads the reply mail link and takes it out of the address again', () => {
    expect(linkedTicketId('?supportTicket=abc-123')).toBe('abc-123');
    expect(linkedTicketId('?search=fin&supportTicket=%20x%20')).toBe('x');
    expect(linkedTicketId('?supportTicket=')).toBeNull();
    expect(linkedTicketId('')).toBeNull();
    expect(withoutLinkedTicket('http://h/?supportTicket=abc')).toBe('/');
    expect(withoutLinkedTicket('http://h/browse?search=fin&supportTicket=abc#top')).toBe('/browse?search=fin#top');
  });
});
