import { GraphQLScalarType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { Prisma } from '../db/generated/prisma/client.ts';
import { schema } from './schema.ts';

const decimal = schema.getType('Decimal') as GraphQLScalarType;

describe('Decimal scalar', () => {
  it('serializes exactly, with two places', () => {
    expect(decimal.serialize(new Prisma.Decimal('199'))).toBe('199.00');
    expect(decimal.serialize('19.9')).toBe('19.90');
    expect(decimal.serialize('-127')).toBe('-127.00');
    expect(decimal.serialize(new Prisma.Decimal('9999999999.99'))).toBe('9999999999.99');
    // A float says 1.005 is 1.00499999...: the old Number(...).toFixed(2) answered "1.00".
    expect(decimal.serialize('1.005')).toBe('1.01');
    expect(decimal.serialize(new Prisma.Decimal('4.666666666666666667'))).toBe('4.67');
  });

  it('parses at most two places and ten digits', () => {
    expect(decimal.parseValue('150.5')).toBe('150.5');
    expect(decimal.parseValue(19.99)).toBe('19.99');
    expect(() => decimal.parseValue('1.234')).toThrow();
    expect(() => decimal.parseValue(0.1 + 0.2)).toThrow();
    expect(() => decimal.parseValue('12345678901')).toThrow();
    expect(() => decimal.parseValue('abc')).toThrow();
  });
});
