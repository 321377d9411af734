import { describe, expect, it } from 'vitest';
import { memoryEventBus } from './event-bus.ts';
import { sharedFeed } from './shared-feed.ts';

const tick = () => new Promise((r) => setTimeout(r, 10));

/** Reads every value of `feed`'s subscription into an array, until `stop` is called. */
function reader<T>(iterable: AsyncIterable<T>) {
  const values: T[] = [];
  const iterator = iterable[Symbol.asyncIterator]();
  void (async () => {
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      values.push(next.value);
    }
  })();
  return { values, stop: () => iterator.return?.() };
}

describe('sharedFeed', () => {
  it('computes once per event for every subscriber, and listens only while someone subscribes', async () => {
    const bus = memoryEventBus();
    let computed = 0;
    let listening = 0;
    const feed = sharedFeed({
      name: 'test',
      listen: () => {
        listening += 1;
        return bus.subscribe('marketStatsChanged');
      },
      compute: async () => ++computed,
    });
    const readers = Array.from({ length: 100 }, () => reader(feed.subscribe()));
    await tick();
    expect(feed.size).toBe(100);
    bus.publish('marketStatsChanged');
    await tick();
    expect(computed).toBe(1);
    expect(readers.every((r) => r.values.length === 1 && r.values[0] === 1)).toBe(true);

    for (const r of readers) await r.stop();
    expect(feed.size).toBe(0);
    bus.publish('marketStatsChanged');
    await tick();
    expect(computed).toBe(1);

    // A new subscriber listens again.
    const late = reader(feed.subscribe());
    await tick();
    bus.publish('marketStatsChanged');
    await tick();
    expect(late.values).toEqual([2]);
    expect(listening).toBe(2);
    await late.stop();
  });

  it('answers events that arrive during a computation with one more computation, and logs a failure once', async () => {
    const bus = memoryEventBus();
    let computed = 0;
    let release: () => void = () => {};
    const warnings: unknown[] = [];
    const feed = sharedFeed({
      name: 'test',
      listen: () => bus.subscribe('marketStatsChanged'),
      compute: async () => {
        computed += 1;
        if (computed === 1) await new Promise<void>((resolve) => (release = resolve));
        if (computed === 3) throw new Error('database away');
        return computed;
      },
      logger: { warn: (...args: unknown[]) => warnings.push(args) } as never,
    });
    const readers = [reader(feed.subscribe()), reader(feed.subscribe())];
    await tick();
    bus.publish('marketStatsChanged');
    await tick();
    for (let i = 0; i < 5; i++) bus.publish('marketStatsChanged');
    await tick();
    release();
    await tick();
    expect(computed).toBe(2);
    // A slow reader keeps the latest payload only; these read at once, so they got both.
    expect(readers.map((r) => r.values)).toEqual([
      [1, 2],
      [1, 2],
    ]);

    bus.publish('marketStatsChanged');
    await tick();
    expect(computed).toBe(3);
    expect(warnings).toHaveLength(1);
    expect(readers[0]!.values).toEqual([1, 2]);
    for (const r of readers) await r.stop();
  });
});
