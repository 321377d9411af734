import { describe, expect, it } from 'vitest';
import { availableActions, insertionIndex, matchesFilters, parseDeskParams, replyText, ticketNodeId, ticketStatusTone, withParams } from './supportDeskRules.ts';

describe('the support desk URL', () => {
  it('reads status, priority and ticket; all, empty or unknown values are no filter', () => {
    expect(parseDeskParams(new URLSearchParams('status=open&priority=urgent&ticket=abc'))).toEqual({ status: 'open', priority: 'urgent', ticket: 'abc' });
    expect(parseDeskParams(new URLSearchParams('status=all&priority=bogus&ticket='))).toEqual({ status: null, priority: null, ticket: null });
  });
  it('names the open ticket by its global id', () => {
    expect(ticketNodeId('abc')).toBe('U3VwcG9ydFRpY2tldDphYmM=');
    expect(() => ticketNodeId('ticket ✓')).not.toThrow();
  });
  it('changes one parameter and keeps the others; all removes a filter', () => {
    const search = new URLSearchParams('status=open&ticket=abc');
    expect(withParams(search, { priority: 'high' })).toBe('?status=open&ticket=abc&priority=high');
    expect(withParams(search, { status: 'all' })).toBe('?ticket=abc');
    expect(withParams(search, { status: null, ticket: null })).toBe('');
  });
});

describe('the filtered list', () => {
  it('holds the tickets of the chosen status and priority', () => {
    expect(matchesFilters({ status: 'open', priority: 'low' }, { status: null, priority: null })).toBe(true);
    expect(matchesFilters({ status: 'open', priority: 'low' }, { status: 'open', priority: 'low' })).toBe(true);
    expect(matchesFilters({ status: 'resolved', priority: 'low' }, { status: 'open', priority: null })).toBe(false);
    expect(matchesFilters({ status: 'open', priority: 'high' }, { status: null, priority: 'low' })).toBe(false);
  });
  it('puts a ticket where it sorts, newest first; not past the loaded page while more are to load', () => {
    const loaded = ['2026-01-03T00:00:00Z', '2026-01-02T00:00:00Z'];
    expect(insertionIndex(loaded, '2026-01-04T00:00:00Z', true)).toBe(0);
    expect(insertionIndex(loaded, '2026-01-02T12:00:00Z', true)).toBe(1);
    expect(insertionIndex(loaded, '2026-01-01T00:00:00Z', true)).toBeNull();
    expect(insertionIndex(loaded, '2026-01-01T00:00:00Z', false)).toBe(2);
    expect(insertionIndex([], '2026-01-01T00:00:00Z', false)).toBe(0);
  });
});

describe('ticket actions', () => {
  const me = 'u-me';
  const t = (status: string, nextStatuses: string[], assignedToId: string | null = null) => ({ status, nextStatuses, assignedToId });
  it('open: everything', () => {
    expect(availableActions(t('open', ['in_progress', 'resolved', 'closed']), me)).toEqual({ assign: true, in_progress: true, resolved: true, closed: true });
  });
  it('in progress: not Mark In Progress; Assign to Me only when someone else has it', () => {
    expect(availableActions(t('in_progress', ['resolved', 'closed'], me), me)).toEqual({ assign: false, in_progress: false, resolved: true, closed: true });
    expect(availableActions(t('in_progress', ['resolved', 'closed'], 'u-other'), me).assign).toBe(true);
  });
  it('resolved: not Mark Resolved', () => {
    expect(availableActions(t('resolved', ['in_progress', 'closed'], me), me)).toEqual({ assign: true, in_progress: true, resolved: false, closed: true });
  });
  it('closed: nothing', () => {
    expect(availableActions(t('closed', []), me)).toEqual({ assign: false, in_progress: false, resolved: false, closed: false });
  });
});

describe('badges and replies', () => {
  it('open yellow, in progress blue, the rest green', () => {
    expect(['open', 'in_progress', 'resolved', 'closed'].map(ticketStatusTone)).toEqual(['amber', 'blue', 'green', 'green']);
  });
  it('a blank reply is not sent', () => {
    expect(replyText('  \n ')).toBeNull();
    expect(replyText('  hi\nthere ')).toBe('hi\nthere');
  });
});
