import type { Context } from '../context.ts';

const perRequest = new WeakMap<object, Map<string, unknown>>();

/** One instance of a batch loader per request (its cache must not outlive the request). */
export function requestLoader<T>(ctx: Context, key: string, make: () => T): T {
  let loaders = perRequest.get(ctx);
  if (!loaders) perRequest.set(ctx, (loaders = new Map()));
  if (!loaders.has(key)) loaders.set(key, make());
  return loaders.get(key) as T;
}
