import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { startTestApp, type Client, type TestApp } from '../../test/harness.ts';
import { makeContract, makeUser } from '../../test/market-fixtures.ts';
import { login, makeListing, makePurchase, sha256, uploadFile } from '../delivery/delivery.fixtures.ts';
import { publishRelease } from './releases.service.ts';

// Releases over the whole app in-process (docs/decisions.md "Issue 26: releases"): approval makes
// release 1, the provider publishes release 2 with a removed and a retyped column, REST refuses
// everyone else and bad input, downloads serve what each purchase includes with one ETag per
// release, subscribers are told, and two publications at once get distinct sequences.

const V1 = 'id,region,price\n1,EU,10\n2,US,20\n';
const V2 = 'id,price\n1,10.5\n2,20\n3,30\n';

describe.each(testDatabases())('releases on %s', (kind) => {
  let app: TestApp;
  let seller: Client;
  let rival: Client;
  let subscriber: Client;
  let admin: Client;
  const ids = { seller: '', subscriber: '', oneTime: '', rival: '' };
  let contractId = '';
  let linkId = '';
  let subscriberKey = '';
  let oneTimeKey = '';
  let v2FileId = '';

  beforeAll(async () => {
    app = await startTestApp(kind);
    const db = app.database.prisma;
    const s = await makeUser(db, 'seller', { dueDiligenceStatus: 'approved' });
    const r = await makeUser(db, 'rival', { dueDiligenceStatus: 'approved' });
    const sub = await makeUser(db, 'subscriber');
    const one = await makeUser(db, 'onetime');
    await makeUser(db, 'boss', { isAdmin: true });
    Object.assign(ids, { seller: s.id, rival: r.id, subscriber: sub.id, oneTime: one.id });
    [seller, rival, subscriber, admin] = await Promise.all([login(app, 'seller'), login(app, 'rival'), login(app, 'subscriber'), login(app, 'boss')]);
    // A listing waiting for review with its file; approval makes the file release 1.
    const file = await uploadFile(app, seller, 'prices.csv', V1);
    const contract = await makeContract(db, s.id, { title: 'Prices by region', category: 'financial', price: '100.00', status: 'pending_review' });
    await db.dataFile.update({ where: { id: file.id }, data: { contractId: contract.id } });
    contractId = contract.id;
    const approved = await admin.json('PATCH', `/api/contracts/${contractId}`, { status: 'active' });
    expect(approved.status).toBe(200);
    linkId = (await makeListing(app, { providerId: s.id, title: 'Linked prices', dataAccessType: 'external_link', dataAccessUrl: 'https://data.example.com/p' })).id;
    // Bought after release 1: a monthly subscription and a one-time purchase.
    subscriberKey = (await makePurchase(app, { buyerId: sub.id, sellerId: s.id, contractId, accessExpiresAt: new Date(Date.now() + 30 * 86400_000) })).key!.key;
    oneTimeKey = (await makePurchase(app, { buyerId: one.id, sellerId: s.id, contractId })).key!.key;
    await new Promise((done) => setTimeout(done, 5));
    v2FileId = (await uploadFile(app, seller, 'prices-2.csv', V2)).id;
  }, 120_000);
  afterAll(async () => app?.close());

  const publish = (who: Client | null, id: string, body: unknown) =>
    who ? who.json('POST', `/api/contracts/${id}/releases`, body) : app.fetch(`/api/contracts/${id}/releases`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('approval made the listing file release 1', async () => {
    const res = await app.fetch(`/api/contracts/${contractId}/releases`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('1');
    expect(await res.json()).toMatchObject([{ sequence: 1, version: '1', sha256: sha256(V1), size: V1.length, recordCount: 2, schemaChange: false, schemaDiff: null }]);
  });

  it("refuses everyone but the listing's provider, and bad input, with a 4xx and a message", async () => {
    const body = { fileId: v2FileId, version: '2', notes: 'x' };
    const anonymous = await publish(null, contractId, body);
    expect((anonymous as Response).status).toBe(401);
    for (const who of [rival, subscriber, admin]) {
      const res = await publish(who, contractId, body);
      expect(res).toMatchObject({ status: 403, body: { code: 'NOT_OWNER' } });
    }
    const rivalFile = await uploadFile(app, rival, 'theirs.csv', V2);
    const cases: Array<[unknown, number, string]> = [
      [{ fileId: v2FileId }, 400, 'INVALID_INPUT'],
      [{ fileId: v2FileId, version: 'two words' }, 400, 'INVALID_INPUT'],
      [{ fileId: v2FileId, version: 'x'.repeat(41) }, 400, 'INVALID_INPUT'],
      [{ fileId: 'nope', version: '2' }, 400, 'FILE_NOT_FOUND'],
      [{ fileId: rivalFile.id, version: '2' }, 400, 'FILE_NOT_FOUND'],
      [{ fileId: (await app.database.prisma.contractRelease.findFirstOrThrow({ where: { contractId } })).fileId, version: '2' }, 400, 'FILE_IN_USE'],
      [{ fileId: v2FileId, version: '1' }, 409, 'ALREADY_EXISTS'],
      [[1, 2], 400, 'INVALID_INPUT'],
    ];
    for (const [b, status, code] of cases) {
      const res = await publish(seller, contractId, b);
      expect({ b, status: res.status, code: (res as { body: { code: string } }).body.code }).toEqual({ b, status, code });
      expect((res as { body: { message: string } }).body.message).toBeTruthy();
    }
    expect(await publish(seller, linkId, body)).toMatchObject({ status: 409, body: { code: 'NOT_A_FILE_LISTING' } });
    expect(await publish(seller, '0196c4a0-0000-7000-8000-000000000001', body)).toMatchObject({ status: 404 });
    expect(await app.database.prisma.contractRelease.count({ where: { contractId } })).toBe(1);
  });

  it('publishes release 2 with the schema diff, and the listing follows it', async () => {
    const res = await publish(seller, contractId, { fileId: v2FileId, version: '2', notes: 'region is gone: use the country listing' });
    expect(res.status).toBe(201);
    expect((res as { body: unknown }).body).toMatchObject({
      sequence: 2,
      version: '2',
      sha256: sha256(V2),
      recordCount: 3,
      schemaChange: true,
      schemaDiff: { removed: [{ name: 'region', type: 'string' }], retyped: [{ name: 'price', from: 'integer', to: 'number' }], added: [] },
    });
    const listing = await app.database.prisma.contract.findUniqueOrThrow({ where: { id: contractId } });
    expect(listing).toMatchObject({ recordCount: 3, fieldCount: 2, dataFields: ['id', 'price'] });
    const list = (await (await app.fetch(`/api/contracts/${contractId}/releases`)).json()) as { version: string }[];
    expect(list.map((r) => r.version)).toEqual(['2', '1']);
    const page = await app.fetch(`/api/contracts/${contractId}/releases?limit=1&offset=1`);
    expect(page.headers.get('link')).toContain('rel="first"');
    expect(((await page.json()) as { version: string }[]).map((r) => r.version)).toEqual(['1']);
  });

  it('serves each purchase the releases it includes, each with its own ETag', async () => {
    const get = (path: string, key: string, headers: Record<string, string> = {}) => app.fetch(path, { headers: { 'x-api-key': key, ...headers } });
    const latest = await get(`/api/data/download/${contractId}`, subscriberKey);
    expect(latest.headers.get('etag')).toBe(`"${sha256(V2)}"`);
    expect(latest.headers.get('x-release')).toBe('2');
    expect(await latest.text()).toBe(V2);
    const first = await get(`/api/data/download/${contractId}?release=1`, subscriberKey);
    expect(first.headers.get('etag')).toBe(`"${sha256(V1)}"`);
    expect(await first.text()).toBe(V1);
    // A resume of release 1 against the latest (release 2) never mixes them: the whole new file.
    const resumed = await get(`/api/data/download/${contractId}`, subscriberKey, { range: 'bytes=5-', 'if-range': `"${sha256(V1)}"` });
    expect(resumed.status).toBe(200);
    expect(await resumed.text()).toBe(V2);
    const part = await get(`/api/data/download/${contractId}?release=1`, subscriberKey, { range: 'bytes=5-', 'if-range': `"${sha256(V1)}"` });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe(V1.slice(5));
    const rows = await (await get(`/api/data/stream/${contractId}?release=1`, subscriberKey)).text();
    expect(rows.trim().split('\n').map((l) => JSON.parse(l))[0]).toMatchObject({ id: '1', region: 'EU' });

    // The one-time purchase came before release 2: release 1 is its latest, release 2 is not included.
    const own = await get(`/api/data/download/${contractId}`, oneTimeKey);
    expect(await own.text()).toBe(V1);
    const refused = await get(`/api/data/download/${contractId}?release=2`, oneTimeKey);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'RELEASE_NOT_INCLUDED', message: expect.stringMatching(/not included/) });
    const streamRefused = await get(`/api/data/stream/${contractId}?release=2`, oneTimeKey);
    expect(streamRefused.status).toBe(403);
    await streamRefused.arrayBuffer();
    const unknown = await get(`/api/data/download/${contractId}?release=9`, subscriberKey);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('"9"') });
  });

  it('tells the subscriber, with the schema-change mark, in the app and by mail; not the one-time buyer', async () => {
    await app.jobs.runDue(new Date(Date.now() + 1000));
    const db = app.database.prisma;
    const told = await db.notification.findMany({ where: { type: 'release.published' } });
    expect(told.map((n) => n.userId)).toEqual([ids.subscriber]);
    expect(told[0]).toMatchObject({ inApp: true, link: `/contract/${contractId}` });
    expect(told[0]!.title).toContain('(schema change)');
    expect(told[0]!.body).toContain('removed: region');
    await app.jobs.runDue(new Date(Date.now() + 60_000));
    expect(app.mailer.sent.some((m) => m.to === 'subscriber@example.com' && /schema change/i.test(m.subject))).toBe(true);
  });

  it('the library lists the releases a purchase includes (GraphQL), and the contract pages its releases', async () => {
    const q = await subscriber.gql(`{ viewer { purchases(first: 5) { edges { node { releases { version schemaChange downloadPath } } } } } }`);
    expect(q.errors).toBeUndefined();
    const releases = q.data.viewer.purchases.edges[0].node.releases;
    expect(releases.map((r: { version: string }) => r.version)).toEqual(['2', '1']);
    expect(releases[0].downloadPath).toBe(`/api/data/download/${contractId}?release=2`);
    const c = await subscriber.gql(`query($id: ID!) { contract(id: $id) { releases(first: 1) { totalCount edges { node { version schemaDiff { removed { name } } } } } } }`, { id: contractId });
    expect(c.data.contract.releases).toMatchObject({ totalCount: 2, edges: [{ node: { version: '2', schemaDiff: { removed: [{ name: 'region' }] } } }] });
    const refused = await rival.gql(`mutation($input: PublishReleaseInput!) { publishRelease(input: $input) { __typename ... on Error { code reason message } } }`, {
      input: { contractId, fileId: v2FileId, version: '3' },
    });
    expect(refused.data.publishRelease).toMatchObject({ __typename: 'PermissionError', reason: 'NOT_OWNER' });
  });

  it('two publications at once get distinct sequences', async () => {
    const db = app.database.prisma;
    const seller1 = await db.user.findUniqueOrThrow({ where: { id: ids.seller } });
    const [a, b] = await Promise.all([uploadFile(app, seller, 'a.csv', V2), uploadFile(app, seller, 'b.csv', V2)]);
    const deps = { db, jobs: app.jobs, events: app.events };
    const both = await Promise.all([publishRelease(deps, seller1, contractId, { fileId: a.id, version: 'race-a' }), publishRelease(deps, seller1, contractId, { fileId: b.id, version: 'race-b' })]);
    expect(both.map((r) => r.sequence).sort()).toEqual([3, 4]);
    // The second of the two is diffed against the first: same columns, no change.
    expect(both.find((r) => r.sequence === 4)!.schemaChange).toBe(false);
  });
});
