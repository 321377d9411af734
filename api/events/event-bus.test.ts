import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { Logger } from '../logger.ts';
import { memoryEventBus, redisEventBus, type EventBus } from './event-bus.ts';

const tick = { contractId: 'c1', price: '12.50', source: 'sale' as const, at: '2026-11-20T12:00:00.000Z' };

/** The next value of an async iterator. */
const next = async <T>(it: AsyncIterator<T>) => (await it.next()).value as T;

describe('the in-process event bus', () => {
  it('delivers an event to the subscribers of its topic and id only', async () => {
    const bus = memoryEventBus();
    const all = bus.subscribe('marketStatsChanged')[Symbol.asyncIterator]();
    const c1 = bus.subscribe('priceTick', 'c1')[Symbol.asyncIterator]();
    const c2: unknown[] = [];
    const other = bus.subscribe('priceTick', 'c2');
    void (async () => {
      for await (const e of other) c2.push(e);
    })();
    const pendingAll = next(all);
    const pendingC1 = next(c1);
    bus.publish('priceTick', 'c1', tick);
    bus.publish('marketStatsChanged');
    expect(await pendingC1).toEqual(tick);
    expect(await pendingAll).toBeNull();
    expect(c2).toEqual([]);
    await all.return?.();
    await c1.return?.();
    await bus.close();
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('the event bus through Redis', () => {
  const url = process.env.TEST_REDIS_URL!;
  const buses: EventBus[] = [];
  const admin = new Redis(url);
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
    await admin.quit();
  });
  const bus = (prefix: string) => {
    const b = redisEventBus(url, { channelPrefix: prefix });
    buses.push(b);
    return b;
  };
  /** Resolves once Redis counts `n` listeners on the channel (the SUBSCRIBE has landed). */
  const listening = async (channel: string, n = 1) => {
    for (;;) {
      const [, count] = (await admin.pubsub('NUMSUB', channel)) as [string, number];
      if (count >= n) return;
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it('carries an event from one instance to a subscriber on another, and keeps prefixes apart', async () => {
    const prefix = `test:${crypto.randomBytes(4).toString('hex')}:`;
    const a = bus(prefix);
    const b = bus(prefix);
    const elsewhere = bus(`${prefix}other:`);
    const onB = b.subscribe('priceTick', 'c1')[Symbol.asyncIterator]();
    const onOther: unknown[] = [];
    const other = elsewhere.subscribe('priceTick', 'c1');
    void (async () => {
      for await (const e of other) onOther.push(e);
    })();
    const received = next(onB);
    await listening(`${prefix}priceTick:c1`);
    await listening(`${prefix}other:priceTick:c1`);

    a.publish('priceTick', 'c1', tick);
    expect(await received).toEqual(tick);

    // Argument-less events arrive too.
    const stats = b.subscribe('marketStatsChanged')[Symbol.asyncIterator]();
    const statsNext = next(stats);
    await listening(`${prefix}marketStatsChanged`);
    a.publish('marketStatsChanged');
    expect(await statsNext).toBeNull();
    expect(onOther).toEqual([]);
    await onB.return?.();
    await stats.return?.();
  });

  it('closes quietly while subscriptions are still open (a stopping server ends them after the bus)', async () => {
    const warned: string[] = [];
    const logger = { warn: (_o: unknown, msg: string) => warned.push(msg) } as unknown as Logger;
    const prefix = `test:${crypto.randomBytes(4).toString('hex')}:`;
    const b = redisEventBus(url, { logger, channelPrefix: prefix });
    const open = Array.from({ length: 3 }, (_, i) => b.subscribe('messageSent', `u${i}`)[Symbol.asyncIterator]());
    const pending = open.map((it) => it.next());
    for (let i = 0; i < 3; i++) await listening(`${prefix}messageSent:u${i}`);
    await b.close();
    await Promise.all(open.map((it) => it.return?.()));
    await Promise.all(pending);
    await new Promise((r) => setTimeout(r, 50));
    expect(warned).toEqual([]);
  });

  it('does not throw or crash when Redis cannot be reached: the failure is logged', async () => {
    const warned: string[] = [];
    let reported!: () => void;
    const failed = new Promise<void>((resolve) => (reported = resolve));
    const logger = {
      warn: (_o: unknown, msg: string) => {
        warned.push(msg);
        if (msg === 'events: redis publish failed') reported();
      },
    } as unknown as Logger;
    // Nothing listens on this port (one of this work's reserved test ports).
    const b = redisEventBus('redis://127.0.0.1:4379', { logger });
    buses.push(b);
    expect(() => b.publish('marketStatsChanged')).not.toThrow();
    await failed;
    expect(warned).toContain('events: redis publish failed');
  });
});
