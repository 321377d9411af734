import { offsetToCursor as pothosOffsetToCursor } from '@pothos/plugin-relay';
import { describe, expect, it } from 'vitest';
import { offsetToCursor } from './cursors.ts';

describe('offset cursors', () => {
  it('are the cursors the server hands out (@pothos/plugin-relay), so a page opened by number continues the list', () => {
    for (const offset of [0, 1, 9, 19, 99, 12_345, 2 ** 31 - 1]) {
      expect(offsetToCursor(offset)).toBe(pothosOffsetToCursor(offset));
    }
  });
});
