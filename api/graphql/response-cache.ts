import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { getOperationAST, isObjectType, Kind, type DocumentNode, type ExecutionResult, type GraphQLSchema, type SelectionNode } from 'graphql';
import type { Plugin, YogaInitialContext } from 'graphql-yoga';
import { decodeGlobalID, encodeGlobalID } from '@pothos/plugin-relay';
import { createInMemoryCache, useResponseCache, type Cache, type CacheEntityRecord } from '@envelop/response-cache';
import { createRedisCache } from '@envelop/response-cache-redis';
import type { AppServices, Context } from '../context.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { DomainEventName, DomainEvents } from '../events/events.ts';
import type { Logger } from '../logger.ts';
import { schema } from './schema.ts';
import { plainId } from './contract.ts';

// Anonymous answers of public data (the floor, search, a contract, the market figures) are served
// from a response cache; the domain events of each change invalidate the answers that contain
// what changed, before the response of the change is sent (docs/decisions.md "Response cache").

/**
 * What a cached answer is filed under: each object it shows that has an id (`Contract` and its
 * global id), each such type (`Contract`: every answer showing any contract), and each root field
 * it asks (`Query.contracts`: every page of the floor, even an empty one).
 */
export type CacheEntity = CacheEntityRecord;

/** Answers of a root field. The library files objects with ids only; an empty page or the market figures have none. */
export const answersOf = (rootField: string): CacheEntity => ({ typename: `Query.${rootField}` });

/** Every page of the floor and of search: membership and order change with the listings. */
export const CONTRACT_LISTS = answersOf('contracts');
const MARKET_STATS = answersOf('marketStats');

/** An object as the cache files it: by the `id` it answers, the Relay global id. */
export const entity = (typename: string, id: string): CacheEntity => ({ typename, id: encodeGlobalID(typename, id) });

const none = () => [];

/**
 * What each domain event changes in public answers. A record over every event, so a new event
 * does not compile until someone decided what it invalidates.
 */
export const INVALIDATED_BY: { [K in DomainEventName]: (...args: DomainEvents[K]) => CacheEntity[] } = {
  marketStatsChanged: () => [MARKET_STATS],
  // A price moves the card and the chart; a sale also moves the "popular" order (salesCount).
  priceTick: (contractId) => [entity('Contract', contractId), CONTRACT_LISTS],
  // Created, edited, reviewed, taken off: it may join or leave any list, or move within it.
  contractChanged: (contractId) => [entity('Contract', contractId), CONTRACT_LISTS],
  // The contract's highest bid and bid count; lists are not ordered by bids, and a list showing
  // the contract contains it.
  bidPlaced: (contractId, bid) => [entity('Contract', contractId), entity('Bid', bid.bidId)],
  bidChanged: (contractId, bid) => [entity('Contract', contractId), entity('Bid', bid.bidId)],
  listingReviewed: (providerId, review) => [entity('Contract', review.contractId), entity('User', providerId), CONTRACT_LISTS],
  // Private to their participants: such answers are never cached (only anonymous ones are).
  ticketUpdated: none,
  supportQueueChanged: none,
  messageSent: none,
  conversationRead: none,
  unreadCountChanged: none,
  positionUpdated: none,
  // Only anonymous answers are cached: none belongs to a session.
  sessionEnded: none,
  // A payment's parties follow it; the sale's public news is its priceTick and contractChanged.
  paymentUpdated: none,
  disputeOpened: none,
  disputeSettled: none,
};

/**
 * Changes to public data that raise no domain event, by the mutation that makes them: a provider's
 * name or picture (on every card), a review (the provider's rating, the "rating" order and filter),
 * an approved provider (the verified mark).
 */
export const INVALIDATED_BY_MUTATION: Record<string, (ctx: Context) => CacheEntity[]> = {
  updateProfile: (ctx) => (ctx.viewer ? [entity('User', ctx.viewer.id)] : []),
  reviewProvider: () => [{ typename: 'User' }, { typename: 'Review' }, CONTRACT_LISTS],
  reviewApplication: () => [{ typename: 'User' }],
  // A sale paid for, or refunded, moves its provider's trade count, shown on every card of theirs
  // (docs/decisions.md, "One trade count").
  confirmPayment: () => [{ typename: 'User' }],
  settleDispute: () => [{ typename: 'User' }],
};

/** Only answers to anonymous visitors without a support grant are cached (docs/decisions.md "Response cache"). */
export const isCacheable = (ctx: Context) => ctx.viewer === null && ctx.supportGrant.length === 0;

/** A cache store that refuses to keep an answer computed while something it shows changed. */
export interface ResponseCacheStore extends Cache {
  invalidate(entities: Iterable<CacheEntity>): Promise<void>;
  close(): Promise<void>;
}

/** The context of an operation: Yoga's own, with ours (api/context.ts). */
type YogaContext = YogaInitialContext & Context;

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

/**
 * Invalidations in flight. A change's response waits for them, so the next request (here or on
 * another instance sharing the Redis store) cannot be served the old answer.
 */
class PendingInvalidations {
  private readonly pending = new Set<Promise<void>>();
  constructor(private readonly store: ResponseCacheStore) {}
  invalidate(entities: CacheEntity[]) {
    if (entities.length === 0) return;
    const done = this.store.invalidate(entities).finally(() => this.pending.delete(done));
    this.pending.add(done);
  }
  async settled() {
    while (this.pending.size) await Promise.all(this.pending);
  }
}

/**
 * The event bus with invalidation on publish: synchronous with the service that raised the event
 * (subscribers through Redis would hear it only later).
 */
function invalidatingOnPublish(bus: EventBus, invalidations: PendingInvalidations, store: ResponseCacheStore): EventBus {
  return {
    kind: bus.kind,
    subscribe: bus.subscribe,
    publish(event, ...args) {
      const changed = (INVALIDATED_BY[event] as (...a: typeof args) => CacheEntity[])(...args);
      invalidations.invalidate(changed);
      bus.publish(event, ...args);
    },
    async close() {
      await bus.close();
      await invalidations.settled();
      await store.close();
    },
  };
}

/**
 * The response cache of the app, as one Yoga plugin. Also makes `services.events` invalidate the
 * cache on every publish (the wrapped bus closes the cache's connection when it closes).
 */
export function usePublicResponseCache(services: AppServices): Plugin<YogaContext> {
  const settings = services.config.responseCache;
  if (!settings.enabled) return {};
  const store = createResponseCacheStore({ redisUrl: services.config.redisUrl, keyPrefix: settings.redisKeyPrefix, logger: services.logger });
  const invalidations = new PendingInvalidations(store);
  services.events = invalidatingOnPublish(services.events, invalidations, store);
  const rootFields = new WeakMap<object, CacheEntity[]>();
  // The store as one context sees it: what it stores is also filed under the root fields of the
  // operation it runs (REST runs a request's operations one after another on one context).
  const storeFor = (ctx: object): Cache => ({
    get: (key) => store.get(key),
    set: (key, result, entities, ttl) => store.set(key, result, [...entities, ...(rootFields.get(ctx) ?? [])], ttl),
    // The library's own invalidation (entities an anonymous mutation returns) is waited for too.
    invalidate: (entities) => invalidations.invalidate([...entities]),
  });
  return {
    onPluginInit({ addPlugin }) {
      addPlugin({
        onExecute({ args }) {
          if (isCacheable(args.contextValue)) rootFields.set(args.contextValue, [...rootFieldsOf(args.document, args.operationName), ...lookedUp(args)]);
        },
      });
      addPlugin(
        useResponseCache<YogaContext>({
          cache: storeFor,
          ttl: settings.ttlMs,
          enabled: isCacheable,
          // Everything cached is anonymous, so one shared key space. Should the context log in
          // between two operations (a REST route running several), its answers get keys of their own.
          // Never null: the library checks every object of an answer without a session for PRIVATE
          // cache-control scopes, which this schema does not use (3% of an uncached floor page).
          session: (ctx) => (isCacheable(ctx) ? PUBLIC_SESSION : `${ctx.viewer?.id ?? ''}|${ctx.supportGrant.join(',')}`),
          // Never in a body: REST routes and clients would see it.
          includeExtensionMetadata: false,
          // The library hashes through WebCrypto (an async job per request): an eighth of the CPU
          // of a cached read. node:crypto hashes the same text synchronously.
          buildResponseCacheKey: ({ documentString, operationName, variableValues, sessionId }) =>
            createHash('sha256')
              .update([documentString, operationName ?? '', JSON.stringify(variableValues ?? {}), sessionId ?? ''].join('|'))
              .digest('hex'),
          // An answer with errors is not kept (the library's default, minus its console.warn per answer).
          shouldCacheResult: ({ result }) => !result.errors?.length,
        }),
      );
      // After the cache plugin, so its own invalidations have started when this waits.
      addPlugin(waitForInvalidations(invalidations));
    },
  };
}

/** The session of every cacheable (anonymous) answer: one shared key space. */
const PUBLIC_SESSION = 'public';

const rootFieldsByDocument = new WeakMap<DocumentNode, Map<string, CacheEntity[]>>();

/**
 * The objects an operation looks up by id at its root (`contract(id:)`, `node(id:)`), found or
 * not: a listing that was not visible (pending review) answers null, and that null must go when
 * it is approved.
 */
function lookedUp(args: { document: DocumentNode; operationName?: string | null; variableValues?: Record<string, unknown> | null }): CacheEntity[] {
  const found: CacheEntity[] = [];
  for (const selection of getOperationAST(args.document, args.operationName)?.selectionSet.selections ?? []) {
    if (selection.kind !== Kind.FIELD || (selection.name.value !== 'contract' && selection.name.value !== 'node')) continue;
    const arg = selection.arguments?.find((a) => a.name.value === 'id')?.value;
    const id = arg?.kind === Kind.STRING ? arg.value : arg?.kind === Kind.VARIABLE ? args.variableValues?.[arg.name.value] : undefined;
    if (typeof id !== 'string') continue;
    if (selection.name.value === 'contract') found.push(entity('Contract', plainId(id, 'Contract')));
    else {
      try {
        const decoded = decodeGlobalID(id);
        found.push(entity(decoded.typename, decoded.id));
      } catch {
        /* not a global id: node() answers an error, which is not stored */
      }
    }
  }
  return found;
}

/** The root fields an operation asks, through fragments too (memoized per parsed document). */
function rootFieldsOf(document: DocumentNode, operationName: string | null | undefined): CacheEntity[] {
  let byOperation = rootFieldsByDocument.get(document);
  if (!byOperation) rootFieldsByDocument.set(document, (byOperation = new Map()));
  let fields = byOperation.get(operationName ?? '');
  if (!fields) {
    const fragments = new Map(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
    const names = new Set<string>();
    const visit = (selections: readonly SelectionNode[], seen: Set<string>) => {
      for (const selection of selections) {
        if (selection.kind === Kind.FIELD) names.add(selection.name.value);
        else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet.selections, seen);
        else if (!seen.has(selection.name.value)) {
          seen.add(selection.name.value);
          visit(fragments.get(selection.name.value)?.selectionSet.selections ?? [], seen);
        }
      }
    };
    visit(getOperationAST(document, operationName)?.selectionSet.selections ?? [], new Set());
    fields = [...names].filter((name) => !name.startsWith('__')).map(answersOf);
    byOperation.set(operationName ?? '', fields);
  }
  return fields;
}

function waitForInvalidations(invalidations: PendingInvalidations): Plugin<YogaContext> {
  return {
    onExecute({ args }) {
      const operation = getOperationAST(args.document, args.operationName ?? undefined);
      if (operation?.operation !== 'mutation') return;
      return {
        onExecuteDone({ result }) {
          const data = (result as ExecutionResult).data;
          for (const selection of operation.selectionSet.selections) {
            if (selection.kind !== Kind.FIELD) continue;
            const changed = Object.hasOwn(INVALIDATED_BY_MUTATION, selection.name.value) ? INVALIDATED_BY_MUTATION[selection.name.value] : undefined;
            if (changed && data?.[selection.alias?.value ?? selection.name.value] != null) invalidations.invalidate(changed(args.contextValue));
          }
          return invalidations.settled();
        },
      };
    },
  };
}
