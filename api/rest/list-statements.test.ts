import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, startTestApp, type Client, type TestApp } from '../test/harness.ts';
import { makeContract, makeUser } from '../test/market-fixtures.ts';

// Issue 28: the logged-in lists read the same number of SQL statements however many rows they
// answer (no query per row), as the library (purchases-list.test.ts) and the conversations
// (messaging.queries.test.ts) do: the positions, the notifications and a listing's releases.

describe('statements of the logged-in lists', () => {
  let app: TestApp;
  let me: Client;
  let ids: { trader: string; provider: string };
  const statements: string[] = [];
  let counting = false;

  beforeAll(async () => {
    app = await startTestApp('pglite', {}, { onQuery: (sql) => counting && statements.push(sql) });
    const db = app.database.prisma;
    const trader = await makeUser(db, 'trader');
    const provider = await makeUser(db, 'provider', { dueDiligenceStatus: 'approved' });
    ids = { trader: trader.id, provider: provider.id };
    me = await logIn(app, 'trader');
  }, 120_000);
  afterAll(async () => app?.close());

  /** Statements of one answer of `path` (after a first read, which notes the session's activity). */
  async function statementsOf(path: string, rows: number) {
    await me.json('GET', path);
    await new Promise((resolve) => setTimeout(resolve, 100));
    statements.length = 0;
    counting = true;
    const res = await me.json('GET', path);
    counting = false;
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(rows);
    return statements.length;
  }

  it('positions: the same for 1 and 12 open positions on 12 listings', async () => {
    const db = app.database.prisma;
    const open = async (n: number) => {
      await db.position.deleteMany();
      for (let i = 0; i < n; i++) {
        const contract = await makeContract(db, ids.provider, { title: `Tape ${n}-${i}`, category: 'financial', price: `${10 + i}.00` });
        expect((await me.json('POST', '/api/positions', { contractId: contract.id, positionType: i % 2 ? 'short' : 'long', quantity: '2', leverage: 1 + (i % 3) })).status).toBe(201);
      }
      return statementsOf('/api/positions', n);
    };
    const one = await open(1);
    expect(await open(12)).toBe(one);
    expect(one).toBeLessThanOrEqual(3);
  });

  it('notifications: the same for 1 and 15 notifications', async () => {
    const db = app.database.prisma;
    const notify = async (n: number) => {
      await db.notification.deleteMany();
      await db.notification.createMany({ data: Array.from({ length: n }, (_, i) => ({ userId: ids.trader, type: 'bid.received', title: `Bid ${i}`, body: 'A bid', link: null, readAt: i % 2 ? new Date() : null })) });
      return statementsOf('/api/notifications', n);
    };
    const one = await notify(1);
    expect(await notify(15)).toBe(one);
    expect(one).toBeLessThanOrEqual(3);
  });

  it("a listing's releases: the same for 1 and 15 releases", async () => {
    const db = app.database.prisma;
    const publish = async (n: number) => {
      const contract = await makeContract(db, ids.provider, { title: `Feed ${n}`, category: 'financial', price: '20.00' });
      await db.contractRelease.createMany({ data: Array.from({ length: n }, (_, i) => ({ contractId: contract.id, sequence: i + 1, version: `v${i + 1}` })) });
      return statementsOf(`/api/contracts/${contract.id}/releases`, n);
    };
    const one = await publish(1);
    expect(await publish(15)).toBe(one);
    expect(one).toBeLessThanOrEqual(3);
  });
});
