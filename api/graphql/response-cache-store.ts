import { Redis } from 'ioredis';
import { isObjectType, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { createInMemoryCache, type Cache, type CacheEntityRecord } from '@envelop/response-cache';
import { createRedisCache } from '@envelop/response-cache-redis';
import type { Logger } from '../logger.ts';
import { schema } from './schema.ts';

// Where the response cache keeps its answers: this process's memory, or a Redis shared by every
// instance. What is cached and when it goes is api/graphql/response-cache.ts.

/**
 * What a cached answer is filed under: each object it shows that has an id (`Contract` and its
 * global id), each such type (`Contract`: every answer showing any contract), and each root field
 * it asks (`Query.contracts`: every page of the floor, even an empty one).
 */
export type CacheEntity = CacheEntityRecord;

/** A cache store that refuses to keep an answer computed while something it shows changed. */
export interface ResponseCacheStore extends Cache {
  invalidate(entities: Iterable<CacheEntity>): Promise<void>;
  close(): Promise<void>;
}

export interface ResponseCacheOptions {
  /** Shared by every instance with REDIS_URL; else this process's memory. */
  redisUrl?: string;
  logger: Logger;
  /** Redis keys are `<prefix>...`, so deployments sharing a Redis stay apart. */
  keyPrefix?: string;
  /** Answers kept in memory (without Redis), least recently used dropped first. */
  maxEntries?: number;
}

export const DEFAULT_KEY_PREFIX = 'datapit:cache:';

export function createResponseCacheStore(opts: ResponseCacheOptions): ResponseCacheStore {
  return opts.redisUrl ? redisStore(opts.redisUrl, opts) : memoryStore(opts.maxEntries ?? 1000);
}

/**
 * The race a cache must not lose: a read that loaded the old rows, finishing after the change's
 * invalidation, would store the old answer for a whole TTL. Every invalidation bumps an epoch
 * first; an answer is stored only if no invalidation happened since its miss was seen.
 */
class MissLedger {
  private readonly epochAtMiss = new Map<string, number>();
  noteMiss(key: string, epoch: number) {
    // Errors are never stored, so their misses never settle: keep the ledger bounded (a forgotten
    // miss only means that answer is not stored this once).
    if (this.epochAtMiss.size >= 10_000) this.epochAtMiss.clear();
    // Identical reads in flight together: the oldest decides.
    if (!this.epochAtMiss.has(key)) this.epochAtMiss.set(key, epoch);
  }
  /** The epoch seen when this key's miss began, once. */
  take(key: string): number | undefined {
    const epoch = this.epochAtMiss.get(key);
    this.epochAtMiss.delete(key);
    return epoch;
  }
}

function memoryStore(max: number): ResponseCacheStore {
  const inner = createInMemoryCache({ max });
  const misses = new MissLedger();
  let epoch = 0;
  return {
    get(key) {
      const hit = inner.get(key) as ExecutionResult | null | undefined;
      if (hit == null) misses.noteMiss(key, epoch);
      return hit;
    },
    set(key, result, entities, ttl) {
      if (misses.take(key) !== epoch) return;
      // Every hit hands out this same object: frozen, so nothing can change it for the next visitor.
      inner.set(key, deepFreeze(result), entities, ttl);
    },
    async invalidate(entities) {
      epoch++;
      inner.invalidate(entities);
    },
    async close() {},
  };
}

function redisStore(url: string, opts: ResponseCacheOptions): ResponseCacheStore {
  const prefix = opts.keyPrefix ?? DEFAULT_KEY_PREFIX;
  // Its own connection: every key of the cache gets the prefix (ioredis keyPrefix).
  const redis = new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 2 });
  redis.on('error', (err) => opts.logger.warn({ err }, 'response cache: redis connection failed'));
  const EPOCH = 'epoch';
  const typesWithIds = typesWithIdField(schema);
  const inner = createRedisCache({
    // The library finds a type's objects with KEYS, which neither knows the prefix nor may block
    // a shared Redis: a SCAN under the prefix, skipped for types that never carry an id.
    redis: {
      pipeline: () => redis.pipeline(),
      get: (key: string) => redis.get(key),
      smembers: (key: string) => redis.smembers(key),
      del: (keys: string[]) => redis.del(keys),
      keys: (pattern: string) => (typesWithIds.has(pattern.replace(/:\*$/, '')) ? scanKeys(redis, prefix, pattern) : Promise.resolve([])),
    } as unknown as Redis,
  });
  const misses = new MissLedger();
  const readEpoch = async () => Number((await redis.get(EPOCH)) ?? 0);
  return {
    async get(key) {
      try {
        const [hit, epoch] = await Promise.all([inner.get(key), readEpoch()]);
        if (hit == null) misses.noteMiss(key, epoch);
        return hit;
      } catch (err) {
        opts.logger.warn({ err }, 'response cache: read failed, answering uncached');
        return null;
      }
    },
    async set(key, result, entities, ttl) {
      const started = misses.take(key);
      try {
        if (started === undefined || (await readEpoch()) !== started) return;
        await inner.set(key, result, entities, ttl);
        // Another instance may have invalidated between the check and the write: its epoch is
        // bumped before it deletes, so reading it again after the write tells.
        if ((await readEpoch()) !== started) await redis.del(key);
      } catch (err) {
        opts.logger.warn({ err }, 'response cache: write failed');
      }
    },
    async invalidate(entities) {
      try {
        await redis.incr(EPOCH);
        await inner.invalidate(entities);
      } catch (err) {
        // Entries expire within their TTL; nothing better can be done while Redis is away.
        opts.logger.error({ err }, 'response cache: invalidation failed');
      }
    },
    async close() {
      await redis.quit().catch(() => {});
    },
  };
}

async function scanKeys(redis: Redis, prefix: string, pattern: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', prefix + pattern, 'COUNT', 1000);
    cursor = next;
    // Returned whole; the caller's commands add the prefix again.
    for (const key of keys) found.push(key.slice(prefix.length));
  } while (cursor !== '0');
  return found;
}

/** Types the cache files by `typename:id` (those with an `id` field). */
function typesWithIdField(s: GraphQLSchema): Set<string> {
  return new Set(Object.values(s.getTypeMap()).filter((t) => isObjectType(t) && 'id' in t.getFields()).map((t) => t.name));
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
