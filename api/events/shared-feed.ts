import { Repeater, SlidingBuffer } from 'graphql-yoga';
import type { Logger } from '../logger.ts';

/**
 * A payload that is the same for every subscriber (the market figures), computed once per event
 * for all the subscribers of this process instead of once per subscriber: one event with 4,000
 * subscribers cost 4,000 computations before (docs/decisions.md "Live connections: caps and shared
 * payloads").
 *
 * The feed listens to its events only while someone subscribes. Events that arrive while a
 * computation runs are answered by one more computation after it (the figures are read fresh, so
 * the last one holds every change). Each subscriber keeps only the latest payload it has not read
 * yet: a slow socket holds one payload, not a queue.
 */
export interface SharedFeed<T> {
  subscribe(): AsyncIterable<T>;
  /** How many subscribers listen now (tests, the bench). */
  readonly size: number;
}

export function sharedFeed<T>(opts: { listen: () => AsyncIterable<unknown>; compute: () => Promise<T>; logger?: Logger; name: string }): SharedFeed<T> {
  const subscribers = new Set<(value: T) => unknown>();
  let source: AsyncIterator<unknown> | null = null;
  let computing = false;
  let again = false;

  async function refresh() {
    if (computing) {
      again = true;
      return;
    }
    computing = true;
    try {
      do {
        again = false;
        try {
          const value = await opts.compute();
          for (const push of subscribers) push(value);
        } catch (err) {
          // The subscribers wait for the next event; one failure is one log line, not one per subscriber.
          opts.logger?.warn({ err, feed: opts.name }, 'live feed: computing the payload failed');
        }
      } while (again && subscribers.size > 0);
    } finally {
      computing = false;
    }
  }

  function start() {
    const events = opts.listen()[Symbol.asyncIterator]();
    source = events;
    void (async () => {
      for (;;) {
        const next = await events.next();
        // Stopped (the last subscriber left), possibly replaced by a newer source since.
        if (next.done || source !== events) return;
        void refresh();
      }
    })().catch((err: unknown) => opts.logger?.warn({ err, feed: opts.name }, 'live feed: listening failed'));
  }

  function stop() {
    const events = source;
    source = null;
    void events?.return?.();
  }

  return {
    get size() {
      return subscribers.size;
    },
    subscribe() {
      return new Repeater<T>(async (push, stopped) => {
        subscribers.add(push);
        if (!source) start();
        await stopped;
        subscribers.delete(push);
        if (subscribers.size === 0) stop();
      }, new SlidingBuffer(1));
    },
  };
}

const feeds = new WeakMap<object, Map<string, SharedFeed<unknown>>>();

/**
 * The feed named `name` of one app (`owner`: its services), made on first use. Tests run several
 * apps in one process: each has its own feeds.
 */
export function sharedFeedOf<T>(owner: object, name: string, create: () => Omit<Parameters<typeof sharedFeed<T>>[0], 'name'>): SharedFeed<T> {
  let byName = feeds.get(owner);
  if (!byName) feeds.set(owner, (byName = new Map()));
  let feed = byName.get(name) as SharedFeed<T> | undefined;
  if (!feed) byName.set(name, (feed = sharedFeed<T>({ ...create(), name })));
  return feed;
}
