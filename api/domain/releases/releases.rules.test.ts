import { describe, expect, it } from 'vitest';
import { describeDiff, isSchemaChange, NULL_SHARE_JUMP, schemaDiff } from './schema-diff.ts';
import { entitledByPurchase, entitledSequences, type EntitlementPurchase } from './entitlement.rules.ts';

// The rules of releases without a database: the schema diff and who is entitled to which release
// (docs/decisions.md "Issue 26: releases").

const f = (name: string, type: 'integer' | 'number' | 'string' | 'date' | 'empty', nullShare = 0) => ({ name, type, nullShare });

describe('schema diff', () => {
  it('names added, removed and retyped fields; a removal or a retype is a schema change', () => {
    const diff = schemaDiff([f('id', 'integer'), f('region', 'string'), f('price', 'integer')], [f('id', 'integer'), f('price', 'number'), f('country', 'string')]);
    expect(diff).toEqual({
      added: [{ name: 'country', type: 'string' }],
      removed: [{ name: 'region', type: 'string' }],
      retyped: [{ name: 'price', from: 'integer', to: 'number' }],
      nullShareJumped: [],
    });
    expect(isSchemaChange(diff)).toBe(true);
    expect(describeDiff(diff)).toBe('removed: region; retyped: price (integer -> number); added: country');
  });

  it('an added field or more empty values is a change to tell, not a schema change', () => {
    const diff = schemaDiff([f('id', 'integer'), f('email', 'string', 0.05)], [f('id', 'integer'), f('email', 'string', 0.05 + NULL_SHARE_JUMP), f('age', 'integer')]);
    expect(diff!.nullShareJumped).toEqual([{ name: 'email', from: 0.05, to: 0.05 + NULL_SHARE_JUMP }]);
    expect(diff!.added).toHaveLength(1);
    expect(isSchemaChange(diff)).toBe(false);
    // Under the threshold: noise.
    expect(schemaDiff([f('email', 'string', 0.05)], [f('email', 'string', 0.2)])!.nullShareJumped).toEqual([]);
  });

  it('a field all empty on one side has no type to compare; no profile means no diff', () => {
    expect(schemaDiff([f('note', 'empty', 1)], [f('note', 'string', 0.1)])!.retyped).toEqual([]);
    expect(schemaDiff(null, [f('id', 'integer')])).toBeNull();
    expect(isSchemaChange(null)).toBe(false);
  });
});

describe('entitlement', () => {
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));
  const releases = [1, 2, 3, 4].map((sequence) => ({ sequence, publishedAt: day(sequence * 10) })); // days 10, 20, 30, 40
  const paid = { status: 'active' as const, payment: { status: 'released' as const } };

  it('a one-time purchase includes the releases published up to it', () => {
    const p: EntitlementPurchase = { ...paid, purchaseDate: day(25), accessExpiresAt: null };
    expect([...entitledByPurchase(p, releases)].sort()).toEqual([1, 2]);
  });

  it('a subscription includes the latest release at purchase and those published while its access lasts', () => {
    const p: EntitlementPurchase = { ...paid, purchaseDate: day(25), accessExpiresAt: day(35) };
    expect([...entitledByPurchase(p, releases)].sort()).toEqual([2, 3]);
  });

  it("a renewal's periods add up; a refunded or unpaid purchase includes nothing; an ended one keeps what it had", () => {
    const first: EntitlementPurchase = { ...paid, purchaseDate: day(25), accessExpiresAt: day(35) };
    const renewal: EntitlementPurchase = { ...paid, purchaseDate: day(34), accessExpiresAt: day(65) };
    expect(entitledSequences([first, renewal], releases, day(50))).toEqual([4, 3, 2]);
    expect(entitledSequences([{ ...first, status: 'revoked', payment: { status: 'refunded' } }], releases, day(30))).toEqual([]);
    expect(entitledSequences([{ ...first, status: 'pending', payment: { status: 'pending' } }], releases, day(30))).toEqual([]);
    expect(entitledSequences([first], releases, day(100))).toEqual([3, 2]);
  });

  it('a purchase before any release includes none until one is published in its period', () => {
    const early: EntitlementPurchase = { ...paid, purchaseDate: day(1), accessExpiresAt: day(5) };
    expect(entitledSequences([early], releases, day(3))).toEqual([]);
  });
});
