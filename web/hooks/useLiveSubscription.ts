import { useMemo, useRef } from 'react';
import { useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig, GraphQLTaggedNode, OperationType, SelectorStoreUpdater } from 'relay-runtime';

export type LiveOptions<T extends OperationType> = {
  /** writes what the event means to the store (beyond the records it carries, which land by id) */
  updater?: SelectorStoreUpdater<T['response']>;
  /** a refused or dropped subscription; by default the screen keeps what it shows (a reload shows the news) */
  onError?: (error: Error) => void;
};

/**
 * Subscribes while the component is shown, and again only when the variables change: the updater
 * and error handler are read at each event, so a new closure does not drop and renew the
 * subscription (a moment in which the server would not deliver).
 */
export function useLiveSubscription<T extends OperationType>(subscription: GraphQLTaggedNode, variables: T['variables'], options: LiveOptions<T> = {}) {
  const latest = useRef(options);
  latest.current = options;
  const key = JSON.stringify(variables);
  const config = useMemo<GraphQLSubscriptionConfig<T>>(
    () => ({
      subscription,
      variables,
      onError: (error) => latest.current.onError?.(error),
      updater: (store, data) => latest.current.updater?.(store, data),
    }),
    // the variables by value: a new object with the same values is the same subscription
    [subscription, key],
  );
  useSubscription(config);
}
