import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { makeContract, makeUser } from '../../test/market-fixtures.ts';
import { sharedPostgres } from '../../test/databases.ts';
import { liveClient, listenTo, loginCookie, postJson, startLiveInstance, type LiveInstance } from '../../test/live.ts';
import { DEFAULT_CHANNEL_PREFIX } from '../../events/event-bus.ts';

// Paper positions live across two instances on one PostgreSQL database and one Redis, both running
// their job runners as servers do: a sale on instance A that crosses a stop-loss closes the position
// exactly once, and the trader's subscription on instance B hears it; another trader hears nothing.

const UPDATES = 'subscription { positionUpdated { positionId status closeReason currentPrice pnl } }';
const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)('positions live across two instances', () => {
  let shared: Awaited<ReturnType<typeof sharedPostgres>>;
  const instances: LiveInstance[] = [];
  const redis = new Redis(process.env.TEST_REDIS_URL!);
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    shared = await sharedPostgres(2);
    const db = shared.handles[0]!.prisma;
    for (const name of ['trader', 'other', 'buyer']) ids[name] = (await makeUser(db, `${name}pos`)).id;
    ids.prov = (await makeUser(db, 'provpos', { dueDiligenceStatus: 'approved' })).id;
    ids.contract = (await makeContract(db, ids.prov, { title: 'Live Tape', category: 'financial', price: '100.00' })).id;
    for (const database of shared.handles) {
      const instance = await startLiveInstance(database, { REDIS_URL: process.env.TEST_REDIS_URL! });
      instance.jobs.start();
      instances.push(instance);
    }
  }, 120_000);
  afterAll(async () => {
    for (const i of instances) await i.close();
    await shared?.destroy();
    await redis.quit();
  });

  const subscribers = async (channel: string) => ((await redis.pubsub('NUMSUB', DEFAULT_CHANNEL_PREFIX + channel)) as [string, number])[1];

  it('a sale on A crossing a stop-loss closes the position once; the trader on B hears it live', async () => {
    const [a, b] = instances as [LiveInstance, LiveInstance];
    const trader = await loginCookie(b.base, 'traderpos');
    const opened = await postJson(b.base, '/api/positions', trader, { contractId: ids.contract, positionType: 'long', quantity: '2', leverage: '2', stopLoss: '95.00' });
    expect(opened.status).toBe(201);
    const position = (await opened.json()) as { id: string };

    const traderWs = liveClient(b.base, trader);
    const otherWs = liveClient(b.base, await loginCookie(b.base, 'otherpos'));
    const updates = listenTo(traderWs, UPDATES);
    const others = listenTo(otherWs, UPDATES);
    for (const who of ['trader', 'other']) while ((await subscribers(`positionUpdated:${ids[who]}`)) < 1) await new Promise((r) => setTimeout(r, 10));

    // The provider lowers the price (the listing's price is what a buyer pays) and a buyer pays on A.
    await shared.handles[0]!.prisma.contract.update({ where: { id: ids.contract }, data: { price: '90.00' } });
    const buyer = await loginCookie(a.base, 'buyerpos');
    const payment = (await (await postJson(a.base, '/api/payments', buyer, { contractId: ids.contract, paymentMethod: 'card' })).json()) as { id: string };
    expect((await postJson(a.base, `/api/payments/${payment.id}/escrow`, buyer, { card: CARD })).status).toBe(200);

    await updates.atLeast(1, 15_000);
    expect(updates.received[0].data.positionUpdated).toEqual({ positionId: position.id, status: 'closed', closeReason: 'stop_loss', currentPrice: '90.00', pnl: '-40.00' });
    await new Promise((r) => setTimeout(r, 500));
    expect(updates.received).toHaveLength(1);
    expect(others.received).toEqual([]);
    const db = shared.handles[0]!.prisma;
    expect(await db.statusChange.count({ where: { subjectId: position.id, toStatus: 'closed' } })).toBe(1);
    await traderWs.dispose();
    await otherWs.dispose();
  });

  it('refuses the subscription to an anonymous socket', async () => {
    const anon = liveClient(instances[0]!.base);
    const updates = listenTo(anon, UPDATES);
    await updates.atLeast(1);
    expect(updates.received[0]?.errors?.[0]?.message ?? String(updates.errors[0])).toMatch(/Authentication required|Not authorized/);
    await anon.dispose();
  });
});
