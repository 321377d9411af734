import { createHash } from 'node:crypto';
import { getOperationAST, Kind, type DocumentNode, type ExecutionResult, type SelectionNode } from 'graphql';
import type { Plugin, YogaInitialContext } from 'graphql-yoga';
import { decodeGlobalID, encodeGlobalID } from '@pothos/plugin-relay';
import { useResponseCache, type Cache } from '@envelop/response-cache';
import type { Config } from '../config.ts';
import type { Context } from '../context.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { DomainEventName, DomainEvents } from '../events/events.ts';
import type { Logger } from '../logger.ts';
import { plainId } from './global-ids.ts';
import { createResponseCacheStore, type CacheEntity, type ResponseCacheStore } from './response-cache-store.ts';

// Anonymous answers of public data (the floor, search, a contract, the market figures) are served
// from a response cache; the domain events of each change invalidate the answers that contain
// what changed, before the response of the change is sent (docs/decisions.md "Response cache").

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
  // The name and picture on every card of theirs.
  profileChanged: (userId) => [entity('User', userId)],
  disputeOpened: none,
  disputeSettled: none,
  // A person's own notifications: never in an anonymous answer.
  notificationAdded: none,
  notificationsRead: none,
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
// A bearer request is never served or stored as anonymous, even when its token is refused.
export const isCacheable = (ctx: Context) => ctx.viewer === null && ctx.supportGrant.length === 0 && ctx.tokenScopes === null;

/** The context of an operation: Yoga's own, with ours (api/context.ts). */
type YogaContext = YogaInitialContext & Context;

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
function invalidatingOnPublish(bus: EventBus, invalidations: PendingInvalidations): EventBus {
  return {
    kind: bus.kind,
    subscribe: bus.subscribe,
    publish(event, ...args) {
      const changed = (INVALIDATED_BY[event] as (...a: typeof args) => CacheEntity[])(...args);
      invalidations.invalidate(changed);
      bus.publish(event, ...args);
    },
    close: () => bus.close(),
  };
}

/**
 * The response cache of the app. api/app.ts composes it: the event bus every service and job is
 * given is `invalidating(bus)`, and Yoga runs `plugin`.
 */
export interface PublicResponseCache {
  /** `bus`, invalidating the cached answers each event changes as it is published. */
  invalidating(bus: EventBus): EventBus;
  /** Serves and stores anonymous answers, and holds a change's response until its invalidations are done. */
  plugin: Plugin<YogaContext>;
  /** After the event bus closed: waits for invalidations in flight, then closes the store's connection. */
  close(): Promise<void>;
}

/** The response cache configured, or undefined when it is off (RESPONSE_CACHE). */
export function createPublicResponseCache(config: Pick<Config, 'responseCache' | 'redisUrl'>, logger: Logger): PublicResponseCache | undefined {
  const settings = config.responseCache;
  if (!settings.enabled) return undefined;
  const store = createResponseCacheStore({ redisUrl: config.redisUrl, keyPrefix: settings.redisKeyPrefix, logger });
  const invalidations = new PendingInvalidations(store);
  return {
    invalidating: (bus) => invalidatingOnPublish(bus, invalidations),
    plugin: responseCachePlugin(store, invalidations, settings.ttlMs),
    async close() {
      await invalidations.settled();
      await store.close();
    },
  };
}

/** The cache as one Yoga plugin. */
function responseCachePlugin(store: ResponseCacheStore, invalidations: PendingInvalidations, ttl: number): Plugin<YogaContext> {
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
          ttl,
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
