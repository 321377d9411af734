import { createPubSub, type PubSub, type PubSubEventTarget } from 'graphql-yoga';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { Redis } from 'ioredis';
import type { Logger } from '../logger.ts';
import type { DomainEventName, DomainEvents, EventPublisher } from './events.ts';

/**
 * Domain events for the whole deployment. Services publish (after their transaction committed);
 * GraphQL subscriptions subscribe. Without Redis the bus is this process's; with Redis every
 * instance hears every other, so a subscriber on one server sees what happened on another.
 */
export interface EventBus extends EventPublisher {
  subscribe: PubSub<DomainEvents>['subscribe'];
  readonly kind: 'memory' | 'redis';
  close(): Promise<void>;
}

/**
 * Redis channels are named `<prefix><event>[:<id>]`, so deployments sharing a Redis stay apart: the
 * app's prefix is REDIS_PREFIX + `events:` (config.redisKeys.events); this is the default's.
 */
export const DEFAULT_CHANNEL_PREFIX = 'datapit:events:';

type Target = PubSubEventTarget<DomainEvents>;

export function createEventBus(opts: { redisUrl?: string; logger: Logger; channelPrefix?: string }): EventBus {
  return opts.redisUrl ? redisEventBus(opts.redisUrl, opts) : memoryEventBus(opts);
}

/** In-process: one server hears only itself (the zero-setup default). */
export function memoryEventBus(opts: { logger?: Logger } = {}): EventBus {
  return busOver(undefined, 'memory', opts.logger, async () => {});
}

/** Through Redis pub/sub: one connection publishes, one listens (a subscribed connection can do nothing else). */
export function redisEventBus(url: string, opts: { logger?: Logger; channelPrefix?: string } = {}): EventBus {
  const { logger } = opts;
  const prefix = opts.channelPrefix ?? DEFAULT_CHANNEL_PREFIX;
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  // The listener retries forever and re-subscribes its channels after a reconnect.
  const listener = new Redis(url, { maxRetriesPerRequest: null });
  // Closing quits both connections while subscriptions are still being torn down (their sockets
  // close after the bus): each would then log a failed UNSUBSCRIBE, one line per subscriber.
  let closing = false;
  const report = (what: string) => (err: unknown) => {
    if (!closing) logger?.warn({ err }, `events: redis ${what} failed`);
  };
  publisher.on('error', report('connection'));
  listener.on('error', report('connection'));
  // The library fires these commands without awaiting them; a rejection must be logged, not crash
  // the process (an event is a notification: losing one while Redis is down is acceptable).
  const inner = createRedisEventTarget<CustomEvent>({
    publishClient: { publish: (channel: string, message: string) => publisher.publish(channel, message).catch(report('publish')) } as never,
    subscribeClient: {
      on: (event: string, fn: (...args: any[]) => void) => listener.on(event, fn),
      subscribe: (channel: string) => listener.subscribe(channel).catch(report('subscribe')),
      unsubscribe: (channel: string) => (closing ? Promise.resolve() : listener.unsubscribe(channel).catch(report('unsubscribe'))),
    } as never,
  });
  const target: Target = {
    addEventListener: (type, callback) => inner.addEventListener(prefix + type, callback as never),
    removeEventListener: (type, callback) => inner.removeEventListener(prefix + type, callback as never),
    dispatchEvent: (event) => inner.dispatchEvent(new CustomEvent(prefix + event.type, { detail: event.detail })),
  };
  return busOver(target, 'redis', logger, async () => {
    closing = true;
    // QUIT waits behind the commands queued while Redis is away (an UNSUBSCRIBE of a socket that
    // just closed), forever: a stop with Redis down would hang. The listener has nothing to flush
    // and is cut; the publisher flushes its publishes only when connected.
    listener.disconnect();
    if (publisher.status === 'ready') await publisher.quit().catch(() => {});
    else publisher.disconnect();
  });
}

function busOver(target: Target | undefined, kind: EventBus['kind'], logger: Logger | undefined, close: () => Promise<void>): EventBus {
  const pubsub = createPubSub<DomainEvents>(target ? { eventTarget: target } : undefined);
  return {
    kind,
    publish<K extends DomainEventName>(event: K, ...args: DomainEvents[K]) {
      // The change is committed already: a failing listener must not turn it into an error.
      try {
        pubsub.publish(event, ...args);
      } catch (err) {
        logger?.warn({ err, event }, 'events: publish failed');
      }
    },
    subscribe: pubsub.subscribe,
    close,
  };
}
