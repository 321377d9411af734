import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, logIn, startTestApp, type TestApp } from '../test/harness.ts';
import { testDatabases } from '../test/databases.ts';
import { makeContract, makeRoles } from '../test/market-fixtures.ts';

// Personal API tokens per role and per scope, on REST and GraphQL over HTTP (docs/decisions.md
// "Issue 27: API tokens"). graphql-ws: api/websocket.tokens.test.ts.

const CREATE = `mutation($input: CreateApiTokenInput!) { createApiToken(input: $input) { __typename
  ... on Error { message code reason } ... on MutationCreateApiTokenSuccess { data { token apiToken { tokenId prefix scopes } } } } }`;

describe.each(testDatabases())('API tokens on %s', (kind) => {
  let app: TestApp;
  const as: Record<'anonymous' | 'user' | 'other' | 'provider' | 'admin', Client> = {} as never;
  let providerId = '';
  let buyerId = '';

  beforeAll(async () => {
    app = await startTestApp(kind);
    const db = app.database.prisma;
    const { provider } = await makeRoles(db);
    providerId = provider.id;
    buyerId = (await db.user.findUniqueOrThrow({ where: { username: 'buyer' } })).id;
    await makeContract(db, provider.id, { title: 'Tokens set', category: 'financial', price: '10.00', status: 'active' });
    as.anonymous = new Client(app);
    as.user = await logIn(app, 'buyer');
    as.other = await logIn(app, 'other');
    as.provider = await logIn(app, 'prov');
    as.admin = await logIn(app, 'boss');
  });
  afterAll(async () => app?.close());

  const create = async (who: Client, scopes: string[], extra: Record<string, unknown> = {}) => {
    const res = await who.json('POST', '/api/tokens', { name: `t ${scopes.join(' ')}`, scopes, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // shown once: no cache, and no Idempotency-Key record, keeps the secret
    expect(res.headers.get('cache-control')).toBe('no-store');
    return res.body as { id: string; token: string; prefix: string; scopes: string[]; expiresAt: string };
  };
  /** A program's call: the bearer header only, no cookie. */
  const bearer = (token: string, method: string, path: string, body?: unknown) =>
    app.fetch(path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const gql = (token: string, query: string, variables: Record<string, unknown> = {}) =>
    app.fetch('/graphql', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/graphql-response+json' }, body: JSON.stringify({ query, variables }) });

  it('creates a token once (201, secret with its mark), lists it without secrets, and mails a security notice', async () => {
    const made = await create(as.user, ['market:read', 'trade'], { expiresInDays: 30 });
    expect(made.token).toMatch(/^dpt_[A-Za-z0-9_-]{43}$/);
    expect(made.token.startsWith(made.prefix)).toBe(true);
    expect(made.scopes).toEqual(['market:read', 'trade']);
    expect(new Date(made.expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const list = await as.user.json('GET', '/api/tokens');
    expect(list.status).toBe(200);
    const listed = list.body.find((t: any) => t.id === made.id);
    expect(listed).toMatchObject({ prefix: made.prefix, lastUsedAt: null, revokedAt: null });
    expect(JSON.stringify(list.body)).not.toContain(made.token);
    const row = await app.database.prisma.apiToken.findUniqueOrThrow({ where: { id: made.id } });
    expect(row.hash).not.toContain(made.token);
    expect(await app.database.prisma.notification.findFirst({ where: { userId: buyerId, title: 'An API token was created' } })).not.toBeNull();
    // Default expiry: 90 days.
    const dflt = await create(as.user, ['market:read']);
    expect(Math.round((new Date(dflt.expiresAt).getTime() - Date.now()) / 86_400_000)).toBe(90);
  });

  it('authenticates REST and GraphQL as its user, within its scopes; outside them 403 naming the scope', async () => {
    const { token } = await create(as.user, ['market:read']);
    const contracts = await bearer(token, 'GET', '/api/contracts');
    expect(contracts.status).toBe(200);
    expect(contracts.headers.getSetCookie()).toEqual([]);
    const positions = await bearer(token, 'GET', '/api/positions');
    expect(positions.status, await positions.clone().text()).toBe(403);
    expect(positions.headers.get('www-authenticate')).toBe('Bearer realm="datapit", error="insufficient_scope", scope="trade"');
    expect(await positions.json()).toMatchObject({ code: 'INSUFFICIENT_SCOPE', message: 'This token lacks the scope trade' });
    const me = await (await gql(token, '{ viewer { username } }')).json();
    expect(me.data.viewer).toEqual({ username: 'buyer' });
    const refused = await gql(token, '{ viewer { purchases(first: 1) { totalCount } } }');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toContain('scope="data:read"');
    expect((await refused.json()).errors[0]).toMatchObject({ message: 'This token lacks the scope data:read', extensions: { code: 'FORBIDDEN', reason: 'INSUFFICIENT_SCOPE' } });
    // A byte route that skips GraphQL checks its scope too.
    expect((await bearer(token, 'GET', `/api/data/access/00000000-0000-7000-8000-000000000000`)).status).toBe(403);
    // A payment naming its seller reads the listing to check it: a `trade` token without
    // market:read is told so, never let through unchecked.
    const { token: tradeOnly } = await create(as.user, ['trade']);
    const named = await bearer(tradeOnly, 'POST', '/api/payments', { contractId: '00000000-0000-7000-8000-000000000000', sellerId: 'someone', paymentMethod: 'card' });
    expect(named.status, await named.clone().text()).toBe(403);
    expect(await named.json()).toMatchObject({ code: 'INSUFFICIENT_SCOPE', message: 'This token lacks the scope market:read' });
  });

  it('per scope: each area opens with its scope and only with it', async () => {
    const cases: Array<[string, string, string]> = [
      ['trade', 'GET', '/api/positions'],
      ['account:read', 'GET', '/api/notifications'],
      ['messages', 'GET', '/api/messages/conversations'],
      ['data:read', 'GET', `/api/purchases/buyer/${buyerId}`],
    ];
    for (const [scope, method, path] of cases) {
      const { token: without } = await create(as.user, ['market:read']);
      const { token: withIt } = await create(as.user, [scope]);
      const ok = await bearer(withIt, method, path);
      expect(ok.status, `${scope} ${path}`).toBe(200);
      const no = await bearer(without, method, path);
      expect(no.status, `${scope} ${path} without`).toBe(403);
      expect((await no.json()).message).toBe(`This token lacks the scope ${scope}`);
    }
    // A write with a scope: a bid with `trade`, refused with `market:read`.
    const contract = await app.database.prisma.contract.findFirstOrThrow({ where: { providerId } });
    const { token: reader } = await create(as.user, ['market:read']);
    expect((await bearer(reader, 'POST', '/api/bids', { contractId: contract.id, bidAmount: 5 })).status).toBe(403);
    const { token: trader } = await create(as.user, ['trade', 'market:read']);
    const bid = await bearer(trader, 'POST', '/api/bids', { contractId: contract.id, bidAmount: 5 });
    expect(bid.status, await bid.clone().text()).toBe(201);
  });

  it('a provider token with `listings` manages listings; without it 403', async () => {
    const { token: listings } = await create(as.provider, ['listings']);
    const { token: reader } = await create(as.provider, ['market:read']);
    const statement = (t: string) => bearer(t, 'GET', '/api/provider/statements/2026-01');
    expect((await statement(reader)).status).toBe(403);
    expect([200, 404]).toContain((await statement(listings)).status);
  });

  it('`admin` only for administrators, and an administrator token needs it for the back office', async () => {
    const refused = await as.user.json('POST', '/api/tokens', { name: 'x', scopes: ['admin'] });
    expect(refused).toMatchObject({ status: 403, body: { code: 'ADMIN_SCOPE_REFUSED' } });
    const { token: plain } = await create(as.admin, ['market:read']);
    expect((await bearer(plain, 'GET', '/api/platform/earnings')).status).toBe(403);
    const { token: adminToken } = await create(as.admin, ['admin']);
    expect((await bearer(adminToken, 'GET', '/api/platform/earnings')).status).toBe(200);
  });

  it('expired, revoked, unknown or malformed: 401 with an RFC 6750 challenge on REST and GraphQL', async () => {
    const made = await create(as.user, ['market:read']);
    await app.database.prisma.apiToken.update({ where: { id: made.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const revoked = await create(as.user, ['market:read']);
    expect((await as.user.json('DELETE', `/api/tokens/${revoked.id}`)).body).toMatchObject({ id: revoked.id, revokedAt: expect.any(String) });
    const unknown = `dpt_${'A'.repeat(43)}`;
    for (const [token, why] of [[made.token, 'expired'], [revoked.token, 'revoked'], [unknown, 'unknown'], ['nope', 'malformed'], ['', 'malformed']] as const) {
      const rest = await bearer(token, 'GET', '/api/contracts');
      expect(rest.status, why).toBe(401);
      expect(rest.headers.get('www-authenticate')).toBe(`Bearer realm="datapit", error="invalid_token", error_description="The token is ${why}"`);
      expect(await rest.json()).toMatchObject({ code: 'INVALID_API_TOKEN' });
      const http = await gql(token, '{ categories { slug } }');
      expect(http.status, why + await http.clone().text()).toBe(401);
      expect(http.headers.get('www-authenticate')).toContain('error="invalid_token"');
    }
  });

  it("a bearer request ignores cookies: a browser's session never widens a token, and no cookie is written", async () => {
    const { token } = await create(as.user, ['market:read']);
    const res = await app.fetch('/api/positions', { headers: { authorization: `Bearer ${token}`, cookie: as.user.cookieHeader } });
    expect(res.status, await res.clone().text()).toBe(403);
    const bad = await app.fetch('/api/positions', { headers: { authorization: 'Bearer nope', cookie: as.user.cookieHeader } });
    expect(bad.status).toBe(401);
    expect(bad.headers.getSetCookie()).toEqual([]);
  });

  it('a token never manages tokens or credentials (session-only), even with every scope', async () => {
    const { token } = await create(as.admin, ["market:read", "trade", "data:read", "messages", "listings", "account:read", "account:write", "webhooks", "admin"], { name: "all" });
    const mint = await bearer(token, 'POST', '/api/tokens', { name: 'child', scopes: ['market:read'] });
    expect(mint.status).toBe(403);
    expect(await mint.json()).toMatchObject({ code: 'SESSION_REQUIRED' });
    expect((await bearer(token, 'GET', '/api/tokens')).status).toBe(403);
    expect((await bearer(token, 'POST', '/api/auth/change-password', { currentPassword: 'a', newPassword: 'b', confirmPassword: 'b' })).status).toBe(403);
    const viaGql = await (await gql(token, CREATE, { input: { name: 'child', scopes: ['MARKET_READ'] } })).json();
    expect(viaGql.errors[0].extensions.reason).toBe('SESSION_REQUIRED');
    expect((await bearer(token, 'POST', '/api/auth/login', { usernameOrEmail: 'boss', password: 'x' })).status).toBe(403);
  });

  it("another user cannot see or revoke someone's token; anonymous is 401", async () => {
    const made = await create(as.user, ['market:read']);
    expect((await as.other.json('DELETE', `/api/tokens/${made.id}`)).status).toBe(404);
    expect((await as.other.json('GET', '/api/tokens')).body.find((t: any) => t.id === made.id)).toBeUndefined();
    expect((await bearer(made.token, 'GET', '/api/contracts')).status).toBe(200);
    expect((await as.anonymous.json('GET', '/api/tokens')).status).toBe(401);
    expect((await as.anonymous.json('POST', '/api/tokens', { name: 'x', scopes: ['trade'] })).status).toBe(401);
    expect((await as.anonymous.json('DELETE', `/api/tokens/${made.id}`)).status).toBe(401);
  });

  it('bad input is 400 with a message', async () => {
    for (const body of [{}, { name: '', scopes: ['trade'] }, { name: 'x', scopes: [] }, { name: 'x', scopes: ['root'] }, { name: 'x', scopes: ['trade'], expiresInDays: 366 }, { name: 'x', scopes: ['trade'], expiresInDays: 0 }, { name: 'x', scopes: ['trade'], expiresInDays: 1.5 }, { name: 'x'.repeat(81), scopes: ['trade'] }, { name: 'x', scopes: 'trade' }]) {
      const res = await as.user.json('POST', '/api/tokens', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect((await as.user.json('DELETE', '/api/tokens/%00')).status).toBeLessThan(500);
  });

  it('records its last use, at most every few minutes', async () => {
    const made = await create(as.user, ['market:read']);
    await bearer(made.token, 'GET', '/api/contracts');
    await new Promise((r) => setTimeout(r, 200));
    const first = (await app.database.prisma.apiToken.findUniqueOrThrow({ where: { id: made.id } })).lastUsedAt;
    expect(first).not.toBeNull();
    await bearer(made.token, 'GET', '/api/contracts');
    await new Promise((r) => setTimeout(r, 200));
    expect((await app.database.prisma.apiToken.findUniqueOrThrow({ where: { id: made.id } })).lastUsedAt).toEqual(first);
    expect((await as.user.json('GET', '/api/tokens')).body.find((t: any) => t.id === made.id).lastUsedAt).toBe(first!.toISOString());
  });
});

describe('API tokens of administrators where two-factor sign-in is required', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('pglite', { REQUIRE_ADMIN_TWO_FACTOR: '1' });
  });
  afterAll(async () => app?.close());

  it('an `admin` token of an administrator without two-factor gets no administrator rights', async () => {
    const db = app.database.prisma;
    const { makeUser } = await import('../test/market-fixtures.ts');
    const { newSecret } = await import('../domain/tokens/tokens.rules.ts');
    const boss = await makeUser(db, 'boss2', { isAdmin: true });
    const { secret, prefix, hash } = newSecret();
    await db.apiToken.create({ data: { userId: boss.id, name: 'back office', scopes: ['admin'], prefix, hash, expiresAt: new Date(Date.now() + 86_400_000) } });
    const res = await app.fetch('/api/platform/earnings', { headers: { authorization: `Bearer ${secret}` } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'TWO_FACTOR_ENROLMENT_REQUIRED' });
    // GraphQL over HTTP answers the status, and its error carries no transport details.
    const http = await app.fetch('/graphql', { method: 'POST', headers: { authorization: 'Bearer nope', 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ categories { slug } }' }) });
    expect(http.status).toBe(401);
    expect((await http.json()).errors[0].extensions).toEqual({ code: 'UNAUTHENTICATED', reason: 'INVALID_API_TOKEN' });
  });
});
