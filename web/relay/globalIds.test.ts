import { encodeGlobalID } from '@pothos/plugin-relay';
import { describe, expect, it } from 'vitest';
import { toGlobalId } from './globalIds.ts';

describe('global ids', () => {
  it('are the ids the server decodes (@pothos/plugin-relay)', () => {
    for (const id of ['0196c4a0-0000-7000-8000-000000000001', 'x', '']) {
      expect(toGlobalId('SupportTicket', id)).toBe(encodeGlobalID('SupportTicket', id));
    }
  });

  it('turn an id that is not Latin-1 into one that finds nothing instead of throwing', () => {
    expect(toGlobalId('SupportTicket', '票')).toBe(encodeGlobalID('SupportTicket', '-'));
  });
});
