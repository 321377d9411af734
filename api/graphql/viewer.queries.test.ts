import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signUp, startTestApp, type TestApp } from '../test/harness.ts';

// The context loads the logged-in user with its session in one statement; reading the viewer's own
// columns (the header on every page, GET /api/auth/user) must not read the row a second time.
describe('statements of reading the viewer', () => {
  let app: TestApp;
  let client: Client;
  const statements: string[] = [];
  let counting = false;

  beforeAll(async () => {
    app = await startTestApp('pglite', {}, { onQuery: (sql) => counting && statements.push(sql) });
    client = await signUp(app, { email: 'viewer-q@example.com', username: 'viewerq' });
  });
  afterAll(async () => app?.close());

  async function counted<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
    await run(); // the first read notes the user's activity (a write off the request's path): measure a steady one
    await new Promise((resolve) => setTimeout(resolve, 200));
    statements.length = 0;
    counting = true;
    const result = await run();
    counting = false;
    return { result, statements: [...statements] };
  }

  it('is one statement for GET /api/auth/user and for the columns of viewer', async () => {
    const rest = await counted(async () => {
      const res = await client.request('/api/auth/user');
      return { status: res.status, body: await res.json() };
    });
    expect(rest.result.status).toBe(200);
    expect(rest.result.body).toMatchObject({ username: 'viewerq', email: 'viewer-q@example.com' });
    expect(rest.statements, rest.statements.join("\n")).toHaveLength(1);

    const gql = await counted(() => client.gql('{ viewer { id name username rating tradeCount } }'));
    expect(gql.result.data.viewer.username).toBe('viewerq');
    expect(gql.statements).toHaveLength(1);
  });

  it('reads every kind of column of the row the session check loaded (decimals, dates, enums)', async () => {
    await app.database.prisma.user.update({ where: { username: 'viewerq' }, data: { rating: '4.35', reviewCount: 7 } });
    const res = await client.gql('{ viewer { rating reviewCount dueDiligenceStatus memberSince emailVerified } }');
    expect(res.errors).toBeUndefined();
    expect(res.data.viewer).toMatchObject({ rating: 4.35, reviewCount: 7, dueDiligenceStatus: 'not_started', emailVerified: true });
    expect(new Date(res.data.viewer.memberSince).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('still reads what the viewer selects beyond its columns', async () => {
    const res = await client.gql('{ viewer { username positions(first: 1) { totalCount } } }');
    expect(res.errors).toBeUndefined();
    expect(res.data.viewer).toEqual({ username: 'viewerq', positions: { totalCount: 0 } });
  });
});
