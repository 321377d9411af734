import crypto from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type Client, type TestApp } from '../../test/harness.ts';
import { makeUser } from '../../test/market-fixtures.ts';
import { login, makeListing, makePurchase, uploadFile } from './delivery.fixtures.ts';

// What the delivery tests over the whole app (delivery.download.test.ts, delivery.access.test.ts)
// share: a provider with one listing per kind of file (and one external link), a buyer, another
// user and an administrator. Call it inside a describe: it starts the app before the tests and
// closes it after; the fields are set once the app has started.

export const CSV = 'id,name,notes\n1,Ada,"line one\nline two"\n2,"Grace ""Amazing"" Hopper",plain\n';
export const JSON_ARRAY = JSON.stringify([{ id: 1, tags: ['a', 'b'] }, { id: 2, text: 'with, comma ] and } braces' }, { id: 3, nested: { deep: [1, { x: '"' }] } }], null, 2);
export const NDJSON = '{"id":1,"v":"a"}\n{"id":2,"v":"b"}\n';
export const ZIP_BYTES = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), crypto.randomBytes(3000)]);

export function deliveryWorld(kind: 'pglite' | 'postgres') {
  const world = {
    app: undefined as unknown as TestApp,
    big: Buffer.alloc(0),
    ids: { seller: '', buyer: '', other: '', admin: '' },
    buyer: undefined as unknown as Client,
    other: undefined as unknown as Client,
    contracts: {} as Record<string, string>,
    get: (path: string, apiKey: string | null | undefined, headers: Record<string, string> = {}) =>
      world.app.fetch(path, { headers: { ...(apiKey === undefined ? {} : { 'x-api-key': apiKey ?? '' }), ...headers } }),
    /** The status of a GET, its body read to the end (the access-log row is written when it ends). */
    statusOf: async (path: string, apiKey: string | null | undefined) => {
      const res = await world.get(path, apiKey);
      await res.arrayBuffer();
      return res.status;
    },
    buy: (name: string, extra: Partial<Parameters<typeof makePurchase>[1]> = {}) =>
      makePurchase(world.app, { buyerId: world.ids.buyer, sellerId: world.ids.seller, contractId: world.contracts[name]!, ...extra }),
    bigBytes: async () => Buffer.from(await (await world.get(`/api/data/download/${world.contracts.big}`, (await world.buy('big')).key!.key)).arrayBuffer()),
  };
  beforeAll(async () => {
    world.app = await startTestApp(kind);
    const db = world.app.database.prisma;
    const seller = await makeUser(db, 'seller', { dueDiligenceStatus: 'approved' });
    const b = await makeUser(db, 'buyer');
    const o = await makeUser(db, 'other');
    const admin = await makeUser(db, 'boss', { isAdmin: true });
    world.ids = { seller: seller.id, buyer: b.id, other: o.id, admin: admin.id };
    const provider = await login(world.app, 'seller');
    world.buyer = await login(world.app, 'buyer');
    world.other = await login(world.app, 'other');
    world.big = crypto.randomBytes(1024 * 1024 + 123);
    const files: Array<[string, string, Buffer | string]> = [
      ['big', 'séries 2026.csv', Buffer.concat([Buffer.from('a,b\n'), world.big.map((x, i) => (i % 100 === 99 ? 0x0a : 0x61 + (x % 26)))])],
      ['csv', 'people.csv', CSV],
      ['array', 'items.json', JSON_ARRAY],
      ['ndjson', 'events.json', NDJSON],
      // over the 1 KB from which JSON answers are compressed
      ['manyjson', 'many.json', JSON.stringify(Array.from({ length: 100 }, (_, id) => ({ id, text: 'x'.repeat(20) })))],
      ['xlsx', 'book.xlsx', ZIP_BYTES],
      ['zip', 'bundle.zip', ZIP_BYTES],
    ];
    for (const [name, fileName, content] of files) {
      const file = await uploadFile(world.app, provider, fileName, content);
      world.contracts[name] = (await makeListing(world.app, { providerId: seller.id, title: `Data ${name}`, fileId: file.id })).id;
    }
    world.contracts.link = (
      await makeListing(world.app, { providerId: seller.id, title: 'Linked data', dataAccessType: 'external_link', dataAccessUrl: 'https://data.example.com/x', accessInstructions: 'Log in with your buyer email.' })
    ).id;
  }, 120_000);
  afterAll(async () => world.app?.close());
  return world;
}
