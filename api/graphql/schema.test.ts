import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { printedSchema } from './schema.ts';

describe('schema.graphql', () => {
  it('matches the schema the code prints (run `npm run gen:schema` after changing types)', () => {
    expect(fs.readFileSync('schema.graphql', 'utf8')).toBe(printedSchema() + '\n');
  });
});
