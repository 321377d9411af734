import { loadQuery, type LoadQueryOptions, type PreloadedQuery } from 'react-relay';
import type { GraphQLTaggedNode, OperationType, VariablesOf } from 'relay-runtime';
import { environment } from './environment.ts';

// One live query reference per route: loading a route again releases the reference it loaded
// before, so references (and the data they retain) do not pile up. The screen that renders a
// reference retains its data itself while it is mounted. `releaseQuery` (what useQueryLoader
// uses) only drops the retain; `dispose` would also cancel a request the old screen may still
// be rendering from during the route transition. It is not in the TypeScript types, hence the cast.
const live = new Map<string, PreloadedQuery<OperationType>>();

function release(ref: PreloadedQuery<OperationType>) {
  const { releaseQuery } = ref as unknown as { releaseQuery?: () => void };
  if (releaseQuery) releaseQuery();
  else ref.dispose();
}

/** Starts a route's query as the route is matched (render-as-you-fetch); call it in a route loader. */
export function preloadQuery<TQuery extends OperationType>(
  key: string,
  query: GraphQLTaggedNode,
  variables: VariablesOf<TQuery>,
  options?: LoadQueryOptions,
): PreloadedQuery<TQuery> {
  const previous = live.get(key);
  if (previous) release(previous);
  const ref = loadQuery<TQuery>(environment, query, variables, options);
  live.set(key, ref as unknown as PreloadedQuery<OperationType>);
  return ref;
}
