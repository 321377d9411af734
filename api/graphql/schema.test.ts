import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getNamedType, isUnionType } from 'graphql';
import { printedSchema, schema } from './schema.ts';

describe('schema.graphql', () => {
  it('matches the schema the code prints (run `npm run gen:schema` after changing types)', () => {
    expect(fs.readFileSync('schema.graphql', 'utf8')).toBe(printedSchema() + '\n');
  });
});

describe('mutation results', () => {
  const errorMembers = (mutation: string) => {
    const field = schema.getMutationType()!.getFields()[mutation]!;
    const union = getNamedType(field.type);
    if (!isUnionType(union)) return [];
    return union.getTypes().map((t) => t.name).filter((name) => !name.endsWith('Success')).sort();
  };

  it("each union lists the error types its mutation can raise, not the same set for all (docs/decisions.md \"One error language\")", () => {
    expect(errorMembers('verifyEmail')).toEqual(['ValidationError']);
    expect(errorMembers('login')).toEqual(['AuthenticationError', 'EmailNotVerifiedError', 'RateLimitedError', 'ValidationError']);
    expect(errorMembers('withdrawBid')).toEqual(['AuthenticationError', 'ConflictError', 'NotFoundError', 'PermissionError']);
    const withBase = Object.keys(schema.getMutationType()!.getFields()).filter((m) => errorMembers(m).includes('BaseError'));
    expect(withBase).toEqual(['confirmPayment']);
    const withEmail = Object.keys(schema.getMutationType()!.getFields()).filter((m) => errorMembers(m).includes('EmailNotVerifiedError'));
    expect(withEmail).toEqual(['login']);
  });
});
