import type { Plugin } from 'graphql-yoga';
import type { Context } from '../context.ts';

const perRequest = new WeakMap<object, Map<string, unknown>>();

/** One instance of a batch loader per request (its cache must not outlive the request). */
export function requestLoader<T>(ctx: Context, key: string, make: () => T): T {
  let loaders = perRequest.get(ctx);
  if (!loaders) perRequest.set(ctx, (loaders = new Map()));
  if (!loaders.has(key)) loaders.set(key, make());
  return loaders.get(key) as T;
}

/**
 * A subscription executes every event with the one context of its operation, so a loader kept for
 * that context would answer each later event with the rows it read for the first (a conversation's
 * last message stayed the first one seen). Each event's answer ends its loaders: the next event
 * reads afresh.
 */
export function useLoadersPerSubscriptionEvent(): Plugin {
  return {
    onSubscribe({ args }) {
      return {
        onSubscribeResult() {
          return {
            onNext() {
              perRequest.delete(args.contextValue as object);
            },
          };
        },
      };
    },
  };
}
