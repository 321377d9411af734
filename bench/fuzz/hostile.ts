// Hostile values: strings, numbers and nestings that have broken parsers and validators before.
import { encodeGlobalID, offsetToCursor } from '@pothos/plugin-relay';
import type { Rng } from './random.ts';
import type { FuzzWorld } from './world.ts';

export const HOSTILE_STRINGS = [
  '',
  ' ',
  'a',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001f\u007f',
  '\r\n\t',
  '💣🔥',
  '\ud800',
  '\udfff\ud800',
  '\u202eevil',
  '\u200b',
  'ｅｍａｉｌ@ｅｘａｍｐｌｅ.ｃｏｍ',
  'é'.normalize('NFD'),
  'null',
  'undefined',
  'true',
  '[object Object]',
  '<script>alert(1)</script>',
  "'; DROP TABLE \"User\"; --",
  '" OR 1=1 --',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%',
  '%zz',
  '{{7*7}}',
  '${7*7}',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '1e309',
  '-1e309',
  '0x10',
  '9'.repeat(400),
  '1.999',
  '12.345',
  '-0.01',
  ' 5 ',
  'user@example.com',
  'a@b',
  '@',
  'x'.repeat(300),
  'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
  'OffsetConnection:-1',
  Buffer.from('OffsetConnection:-1').toString('base64'),
  Buffer.from('OffsetConnection:99999999999999999999').toString('base64'),
  Buffer.from('GPC:S:\u0000').toString('base64'),
  Buffer.from('GPC:J:{"x":1}').toString('base64'),
  Buffer.from('User:').toString('base64'),
  Buffer.from('Nope:1').toString('base64'),
  '00000000-0000-0000-0000-000000000000',
  '00000000-0000-7000-8000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'all',
  'financial',
  'Financial Data',
  'pending_review',
  'active',
  'rejected',
  'approved',
  'under_review',
  'requires_clarification',
  'submitted',
  'newest',
  'price-low',
];

/** JSON text nested `levels` deep (JSON.stringify itself overflows the stack at a few thousand levels). */
const deepJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
/** Bodies nested thousands of levels deep: a listing's sample rows, GraphQL variables, an inline value. */
export const DEEP_REST_BODIES = [`{"sampleData":[${deepJson(9000)}],"title":"Deep"}`, `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`];
export const DEEP_GRAPHQL_BODIES = [
  `{"query":"mutation($i: ListingInput!) { createListing(input: $i) { __typename } }","variables":{"i":{"sampleData":[${deepJson(9000)}]}}}`,
  `{"query":"{ __typename }","variables":{"x":${deepJson(9000)}}}`,
  JSON.stringify({ query: `{ contracts(first: ${'{a:'.repeat(3000)}1${'}'.repeat(3000)}) { totalCount } }` }),
];

export const HOSTILE_NUMBERS = [0, -0, -1, 1, 0.5, -0.5, 1.005, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, 1e308, -1e308, 5e-324, 100, 101];

export function idPool(world: FuzzWorld): string[] {
  const plain = Object.values(world.ids);
  const types = ['User', 'Contract', 'Bid', 'Purchase', 'DueDiligenceApplication', 'DataFile', 'Review', 'Payment', 'Nope'];
  const global = plain.flatMap((id) => types.map((t) => encodeGlobalID(t, id)));
  return [...plain, ...global, offsetToCursor(0), offsetToCursor(3)];
}

export function hostileString(rng: Rng, world: FuzzWorld): string {
  const r = rng.next();
  if (r < 0.35) return rng.pick(idPool(world));
  if (r < 0.4) return rng.pick(Object.values(world.usernames));
  if (r < 0.45) {
    // Random code units, including lone surrogates and control characters.
    const n = rng.int(40) + 1;
    let s = '';
    for (let i = 0; i < n; i++) s += String.fromCharCode(rng.chance(0.3) ? rng.int(32) : rng.int(0xffff));
    return s;
  }
  if (r < 0.5) return rng.pick(HOSTILE_STRINGS) + rng.pick(idPool(world));
  if (r < 0.505) return 'x'.repeat(70_000);
  return rng.pick(HOSTILE_STRINGS);
}

export function hostileValue(rng: Rng, world: FuzzWorld, depth = 0): unknown {
  const r = rng.next();
  if (r < 0.45) return hostileString(rng, world);
  if (r < 0.65) return rng.pick(HOSTILE_NUMBERS);
  if (r < 0.72) return rng.chance(0.5);
  if (r < 0.8) return null;
  if (r < 0.88 && depth < 3) return Array.from({ length: rng.int(4) }, () => hostileValue(rng, world, depth + 1));
  if (r < 0.93 && depth < 3) return { [hostileString(rng, world).slice(0, 20)]: hostileValue(rng, world, depth + 1), __proto__x: 1, constructor: 'x' };
  if (r < 0.96) return Array.from({ length: 3000 }, (_, i) => i);
  // Deep nesting.
  let deep: unknown = 1;
  for (let i = 0; i < 200; i++) deep = [deep];
  return deep;
}
