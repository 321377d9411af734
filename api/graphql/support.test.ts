import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, logIn, startTestApp, type TestApp } from '../test/harness.ts';
import { testDatabases } from '../test/databases.ts';
import { makeUser } from '../test/market-fixtures.ts';
import { pushesOf, subscribeOver } from '../test/sse.ts';

// The admin support center's live header: `activeTicketCount` as a subscription pushes the count of
// open and in-progress tickets again on every change of the queue, for administrators only.

const FORM = { name: 'Vera Visitor', email: 'vera@example.org', subject: 'Cannot download', message: 'The link fails.' };

describe.each(testDatabases())('activeTicketCount subscription on %s', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(kind);
    await makeUser(app.database.prisma, 'boss', { isAdmin: true });
    await makeUser(app.database.prisma, 'bob');
  }, 120_000);
  afterAll(async () => app?.close());

  it('pushes the count when a ticket is opened and when one is closed', async () => {
    const boss = await logIn(app, 'boss');
    const abort = new AbortController();
    const stream = pushesOf(await subscribeOver(boss, 'subscription { activeTicketCount }', {}, abort.signal));
    const before = (await boss.gql('{ activeTicketCount }')).data.activeTicketCount as number;
    try {
      // the server listens once the stream is read: ask for the first push, then let it register
      const first = stream.next();
      await new Promise((r) => setTimeout(r, 300));
      const opened = await new Client(app).json('POST', '/api/support/tickets', FORM);
      expect(opened.status).toBe(201);
      expect((await first).value.data).toEqual({ activeTicketCount: before + 1 });

      const closed = await boss.json('PATCH', `/api/support/tickets/${opened.body.id}`, { status: 'closed' });
      expect(closed.status).toBe(200);
      expect((await stream.next()).value.data).toEqual({ activeTicketCount: before });
    } finally {
      abort.abort();
    }
  }, 20_000);

  it('refuses visitors and users who are not administrators', async () => {
    for (const client of [new Client(app), await logIn(app, 'bob')]) {
      const abort = new AbortController();
      const first = (await pushesOf(await subscribeOver(client, 'subscription { activeTicketCount }', {}, abort.signal)).next()).value;
      expect(first.data?.activeTicketCount ?? null).toBeNull();
      expect(first.errors?.[0]?.extensions?.code).toMatch(/UNAUTHENTICATED|FORBIDDEN/);
      abort.abort();
    }
  });
});
