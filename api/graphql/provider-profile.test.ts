import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'graphql';
import { Client, logIn, startTestApp, type TestApp } from '../test/harness.ts';
import { makeContract, makeRoles, makeUser } from '../test/market-fixtures.ts';
import { schema } from './schema.ts';
import { refusalOf } from './token-scopes.ts';

// The provider's public profile (docs/decisions.md "Issue 28: the provider's public profile"):
// anyone reads it, nobody reads an email or a private list through it, a non-provider has none.
const PROFILE = `query($username: String!, $first: Int) {
  provider(username: $username) {
    id name username profileImage isVerifiedProvider memberSince rating reviewCount completedSales tradeCount
    onTimeRecord { onTime periods } email dueDiligenceStatus
    activeListings(first: $first) { totalCount pageInfo { hasNextPage endCursor }
      edges { node { contractId title status ticker price priceChange24h { change } highestBid openBidCount provider { name username isVerifiedProvider rating tradeCount } onTimeRecord { onTime } } } }
  }
}`;

describe('Query.provider: the public provider profile', () => {
  let app: TestApp;
  const statements: string[] = [];
  let counting = false;

  beforeAll(async () => {
    app = await startTestApp('pglite', {}, { onQuery: (sql) => counting && statements.push(sql) });
    const db = app.database.prisma;
    const { provider } = await makeRoles(db);
    await db.user.update({ where: { id: provider.id }, data: { rating: '4.50', reviewCount: 2, completedSales: 7 } });
    for (let i = 0; i < 30; i++) await makeContract(db, provider.id, { title: `Prov set ${i}`, category: 'other', price: `${10 + i}.00`, createdAt: new Date(Date.now() - (30 - i) * 60_000) });
    await makeContract(db, provider.id, { title: 'Waiting for review', category: 'other', price: '5.00', status: 'pending_review' });
    await makeContract(db, provider.id, { title: 'Turned down', category: 'other', price: '5.00', status: 'rejected' });
    // an approved provider who deleted the account; a buyer still selling nothing
    const gone = await makeUser(db, 'gone', { dueDiligenceStatus: 'approved' });
    await db.user.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
  });
  afterAll(async () => app?.close());

  const read = (client: Client, username = 'prov', first = 10) => client.gql(PROFILE, { username, first });

  it.each(['anonymous', 'buyer', 'other', 'prov', 'boss'])('answers %s the same public profile, never the email', async (who) => {
    const client = who === 'anonymous' ? new Client(app) : await logIn(app, who);
    const res = await read(client);
    expect(res.errors).toBeUndefined();
    const p = res.data.provider;
    expect(p).toMatchObject({ name: 'prov', username: 'prov', isVerifiedProvider: true, rating: 4.5, reviewCount: 2, completedSales: 7 });
    // the owner and administrators read their own private fields (as everywhere on User), nobody else
    const own = who === 'prov' || who === 'boss';
    expect(p.email).toBe(own ? 'prov@example.com' : null);
    expect(p.dueDiligenceStatus).toBe(own ? 'approved' : null);
    // only the active listings, newest first, as cards
    expect(p.activeListings.totalCount).toBe(30);
    expect(p.activeListings.edges.map((e: any) => e.node.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Prov set ${29 - i}`));
    expect(p.activeListings.edges.every((e: any) => e.node.status === 'active' && e.node.provider.username === 'prov')).toBe(true);
    expect(p.activeListings.pageInfo.hasNextPage).toBe(true);
    if (!own) expect(JSON.stringify(res.data)).not.toContain('@example.com');
  });

  it('pages the listings with the cursor (Load more)', async () => {
    const first = await read(new Client(app), 'prov', 20);
    const rest = await new Client(app).gql(`query($c: String) { provider(username: "prov") { activeListings(first: 20, after: $c) { edges { node { title } } pageInfo { hasNextPage } } } }`, {
      c: first.data.provider.activeListings.pageInfo.endCursor,
    });
    expect(rest.data.provider.activeListings.edges).toHaveLength(10);
    expect(rest.data.provider.activeListings.pageInfo.hasNextPage).toBe(false);
  });

  it.each([
    ['a buyer (not a provider)', 'buyer'],
    ['an administrator who sells nothing', 'boss'],
    ['an unknown username', 'nobody'],
    ['a deleted account', 'gone'],
    ['an empty username', ''],
  ])('is null for %s', async (_what, username) => {
    const res = await read(new Client(app), username);
    expect(res.errors).toBeUndefined();
    expect(res.data.provider).toBeNull();
  });

  it('reads the same few statements for 5, 20 or 100 listings (no N+1)', async () => {
    const count = async (first: number) => {
      statements.length = 0;
      counting = true;
      const res = await read(new Client(app), 'prov', first);
      counting = false;
      expect(res.errors).toBeUndefined();
      expect(res.data.provider.activeListings.edges.length).toBe(Math.min(first, 30));
      return statements.length;
    };
    const [five, twenty, hundred] = [await count(5), await count(20), await count(100)];
    expect(twenty).toBe(five);
    expect(hundred).toBe(five);
  });

  it('asks a token for market:read, and for each private field what it needs under viewer', () => {
    const only = (...s: string[]) => new Set(s as never[]);
    expect(refusalOf(schema, parse('{ provider(username: "prov") { name activeListings(first: 5) { totalCount } } }'), null, only('market:read'))).toBeNull();
    expect(refusalOf(schema, parse('{ provider(username: "prov") { name } }'), null, only('trade'))).toEqual({ scope: 'market:read' });
    expect(refusalOf(schema, parse('{ provider(username: "prov") { email } }'), null, only('market:read'))).toEqual({ scope: 'account:read' });
    expect(refusalOf(schema, parse('{ provider(username: "prov") { purchases(first: 1) { totalCount } } }'), null, only('market:read'))).toEqual({ scope: 'data:read' });
  });
});

describe('GET /api/providers/{username}', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('pglite');
    const db = app.database.prisma;
    const { provider } = await makeRoles(db);
    for (let i = 0; i < 3; i++) await makeContract(db, provider.id, { title: `Rest set ${i}`, category: 'other', price: '10.00', createdAt: new Date(Date.now() - (3 - i) * 60_000) });
  });
  afterAll(async () => app?.close());

  it.each(['anonymous', 'buyer', 'prov', 'boss'])('answers %s the public profile with the newest listings, no email', async (who) => {
    const client = who === 'anonymous' ? new Client(app) : await logIn(app, who);
    const res = await client.json('GET', '/api/providers/prov?limit=2');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: 'prov', name: 'prov', isVerified: true, activeListingCount: 3 });
    expect(res.body.contracts.map((c: any) => c.title)).toEqual(['Rest set 2', 'Rest set 1']);
    expect(JSON.stringify(res.body)).not.toContain('@example.com');
    expect(res.body).not.toHaveProperty('email');
  });

  it('is 404 for a non-provider or an unknown name, 400 for a bad limit', async () => {
    for (const name of ['buyer', 'nobody']) expect((await new Client(app).json('GET', `/api/providers/${name}`)).status).toBe(404);
    expect((await new Client(app).json('GET', '/api/providers/prov?limit=0')).status).toBe(400);
  });
});
