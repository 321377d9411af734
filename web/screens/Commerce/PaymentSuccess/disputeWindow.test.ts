import { describe, expect, it } from 'vitest';
import { disputeOpen, disputeReasonLabel } from './disputeWindow.ts';

describe('disputeOpen', () => {
  const ends = '2026-11-23T12:00:00.000Z';
  const before = Date.parse('2026-11-23T11:59:59.000Z');
  const after = Date.parse('2026-11-23T12:00:00.000Z');

  it('is open while escrowed and before the window closes', () => {
    expect(disputeOpen('escrowed', ends, before)).toBe(true);
    expect(disputeOpen('escrowed', ends, after)).toBe(false);
  });

  it('is closed for any other status', () => {
    for (const status of ['pending', 'disputed', 'released', 'refunded', 'failed']) expect(disputeOpen(status, ends, before)).toBe(false);
    expect(disputeOpen('escrowed', null, before)).toBe(false);
  });

  it('names the reasons in words', () => {
    expect(disputeReasonLabel('misleading_description')).toBe('Misleading description');
    expect(disputeReasonLabel('access_issues')).toBe('Access issues');
  });
});
