import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, startTestApp, type Client, type TestApp } from '../test/harness.ts';
import { makeUser } from '../test/market-fixtures.ts';

// A first page that holds the whole list answers totalCount from its rows (no count statement);
// a full page, or any page after a cursor, still counts.
describe('totalCount of a whole first page', () => {
  let app: TestApp;
  let me: Client;
  let userId: string;
  const statements: string[] = [];
  let counting = false;

  beforeAll(async () => {
    app = await startTestApp('pglite', {}, { onQuery: (sql) => counting && statements.push(sql) });
    userId = (await makeUser(app.database.prisma, 'reader')).id;
    me = await logIn(app, 'reader');
  }, 120_000);
  afterAll(async () => app?.close());

  async function notify(n: number) {
    await app.database.prisma.notification.deleteMany();
    for (let i = 0; i < n; i++) {
      await app.database.prisma.notification.create({ data: { userId, type: 'bid.received', title: `Bid ${i}`, body: 'A bid', createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) } });
    }
  }

  async function page(first: number, after: string | null = null) {
    statements.length = 0;
    counting = true;
    const res = await me.gql(`query ($first: Int!, $after: String) { viewer { notifications(first: $first, after: $after) { totalCount edges { cursor } } } }`, { first, after });
    counting = false;
    expect(res.errors).toBeUndefined();
    const counts = statements.filter((s) => /count\(\*\)/i.test(s)).length;
    return { ...res.data.viewer.notifications, counts };
  }

  it('answers from the rows when the first page is short, and counts otherwise', async () => {
    await notify(3);
    expect(await page(5)).toMatchObject({ totalCount: 3, counts: 0 });
    await notify(0);
    expect(await page(5)).toMatchObject({ totalCount: 0, counts: 0 });
    await notify(7);
    const full = await page(5);
    expect(full).toMatchObject({ totalCount: 7, counts: 1 });
    expect(await page(5, full.edges.at(-1).cursor)).toMatchObject({ totalCount: 7, counts: 1 });
    // Exactly a page: one row more was asked for and not found, so the page is the whole list.
    await notify(5);
    expect(await page(5)).toMatchObject({ totalCount: 5, counts: 0 });
  });

  it('keeps two connections of one query apart (each field has its own arguments)', async () => {
    await notify(7);
    const res = await me.gql(`{ viewer { a: notifications(first: 2) { totalCount } b: notifications(first: 10) { totalCount } c: notifications(first: 3, unread: true) { totalCount } } }`);
    expect(res.data.viewer).toEqual({ a: { totalCount: 7 }, b: { totalCount: 7 }, c: { totalCount: 7 } });
  });
});
