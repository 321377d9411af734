import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { Client as WsClient } from 'graphql-ws';
import { STRONG_PASSWORD } from '../../test/harness.ts';
import { makeUser } from '../../test/market-fixtures.ts';
import { liveClient, startInstancePair } from '../../test/live.ts';
import { DEFAULT_CHANNEL_PREFIX } from '../../events/event-bus.ts';

// Live support over subscriptions, with two server instances on one PostgreSQL database and one
// Redis: an administrator's reply on instance A reaches the visitor's widget on instance B (through
// the grant cookie of the WebSocket upgrade), never another visitor's.
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)('support tickets live across two instances', () => {
  let pair: Awaited<ReturnType<typeof startInstancePair>>;
  const redis = new Redis(process.env.TEST_REDIS_URL!);
  const clients: WsClient[] = [];

  beforeAll(async () => {
    pair = await startInstancePair();
    await makeUser(pair.db, 'boss', { isAdmin: true });
  }, 120_000);
  afterAll(async () => {
    for (const c of clients) await c.dispose();
    await pair?.close();
    await redis.quit();
  });

  const cookieOf = (res: Response, name: string) => res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`))!.split(';')[0]!;
  const post = (base: string, p: string, body: unknown, cookie = '') =>
    fetch(`http://${base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });

  function wsClient(base: string, cookie = ''): WsClient {
    const client = liveClient(base, cookie);
    clients.push(client);
    return client;
  }

  /** Subscribes and collects every result; `done` settles on error or completion. */
  function collect(client: WsClient, query: string, variables: Record<string, unknown> = {}) {
    const results: any[] = [];
    let settle: (v: unknown) => void = () => {};
    const done = new Promise((resolve) => (settle = resolve));
    client.subscribe({ query, variables }, { next: (r) => results.push(r), error: (e) => settle(e), complete: () => settle('complete') });
    return { results, done };
  }

  const numsub = async (channel: string) => ((await redis.pubsub('NUMSUB', channel)) as [string, number])[1];
  async function untilListening(channel: string, count: number) {
    const deadline = Date.now() + 10_000;
    while ((await numsub(channel)) < count) {
      if (Date.now() > deadline) throw new Error(`no listener on ${channel}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  async function until(check: () => boolean) {
    const deadline = Date.now() + 10_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  it('a reply on instance A reaches the visitor on instance B, never another visitor; the admin queue hears it', async () => {
    const [a, b] = pair.instances;
    // Two visitors open tickets on instance B.
    const vera = await post(b.base, '/api/support/tickets', { name: 'Vera', email: 'vera@example.org', subject: 'Help', message: 'Hi' });
    const veraTicket = ((await vera.json()) as { id: string }).id;
    const veraCookie = cookieOf(vera, 'pit_support');
    const otto = await post(b.base, '/api/support/tickets', { name: 'Otto', email: 'otto@example.org', subject: 'Other', message: 'Hey' });
    const ottoTicket = ((await otto.json()) as { id: string }).id;
    const ottoCookie = cookieOf(otto, 'pit_support');

    const login = await post(a.base, '/api/auth/login', { usernameOrEmail: 'boss', password: STRONG_PASSWORD });
    const bossCookie = cookieOf(login, 'pit_session');

    const MESSAGE_ADDED = 'subscription($id: ID!) { supportMessageAdded(ticketId: $id) { ticketId message isFromAdmin adminName } }';
    const TICKET_UPDATED = 'subscription($id: ID!) { supportTicketUpdated(ticketId: $id) { ticketId status } }';
    const veraMessages = collect(wsClient(b.base, veraCookie), MESSAGE_ADDED, { id: veraTicket });
    const veraTicketUpdates = collect(wsClient(b.base, veraCookie), TICKET_UPDATED, { id: veraTicket });
    const ottoMessages = collect(wsClient(b.base, ottoCookie), MESSAGE_ADDED, { id: ottoTicket });
    // Otto may not watch Vera's ticket, nor may a visitor without a grant; nor the queue.
    const ottoSpying = collect(wsClient(b.base, ottoCookie), MESSAGE_ADDED, { id: veraTicket });
    const anonymousSpying = collect(wsClient(a.base), TICKET_UPDATED, { id: veraTicket });
    const ottoQueue = collect(wsClient(b.base, ottoCookie), 'subscription { supportQueueChanged { ticketId } }');
    const bossQueue = collect(wsClient(b.base, bossCookie), 'subscription { supportQueueChanged { ticketId status } }');

    // A refused subscription answers one result with the error, then completes.
    const refusal = async (sub: ReturnType<typeof collect>) => {
      await sub.done;
      return JSON.stringify(sub.results);
    };
    expect(await refusal(ottoSpying)).toMatch(/You do not have access to this ticket/);
    expect(await refusal(anonymousSpying)).toMatch(/You do not have access to this ticket/);
    expect(await refusal(ottoQueue)).toMatch(/Authentication required/);
    for (const sub of [ottoSpying, anonymousSpying, ottoQueue]) expect(sub.results.every((r) => r.data == null || Object.values(r.data).every((v) => v == null))).toBe(true);

    // Instance B's subscribers have reached Redis (Vera's ticket: two; Otto's: one; the queue: one).
    await untilListening(`${DEFAULT_CHANNEL_PREFIX}ticketUpdated:${veraTicket}`, 1);
    await untilListening(`${DEFAULT_CHANNEL_PREFIX}ticketUpdated:${ottoTicket}`, 1);
    await untilListening(`${DEFAULT_CHANNEL_PREFIX}supportQueueChanged`, 1);
    // All subscriptions are set up (each got its own listener or was refused).
    await new Promise((r) => setTimeout(r, 200));

    // The administrator answers on instance A.
    const reply = await post(a.base, '/api/support/messages', { ticketId: veraTicket, senderType: 'admin', message: 'We are on it' }, bossCookie);
    expect(reply.status).toBe(201);
    await until(() => veraMessages.results.length === 1 && veraTicketUpdates.results.length === 1 && bossQueue.results.length === 1);
    expect(veraMessages.results[0].data.supportMessageAdded).toEqual({ ticketId: veraTicket, message: 'We are on it', isFromAdmin: true, adminName: 'Support Agent' });
    expect(veraTicketUpdates.results[0].data.supportTicketUpdated).toEqual({ ticketId: veraTicket, status: 'open' });
    expect(bossQueue.results[0].data.supportQueueChanged).toEqual({ ticketId: veraTicket, status: 'open' });
    expect(a.mailer.lastTo('vera@example.org')?.text).toContain(veraTicket);

    // The administrator moves the ticket: Vera sees the status, not a message.
    const moved = await fetch(`http://${a.base}/api/support/tickets/${veraTicket}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie: bossCookie },
      body: JSON.stringify({ status: 'resolved' }),
    });
    expect(moved.status).toBe(200);
    await until(() => veraTicketUpdates.results.length === 2 && bossQueue.results.length === 2);
    expect(veraTicketUpdates.results[1].data.supportTicketUpdated.status).toBe('resolved');
    await new Promise((r) => setTimeout(r, 300));
    expect(veraMessages.results).toHaveLength(1);
    // Otto heard nothing of Vera's ticket.
    expect(ottoMessages.results).toEqual([]);
  }, 30_000);
});
