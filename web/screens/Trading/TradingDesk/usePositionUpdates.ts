import { useMemo } from 'react';
import { graphql, useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { usePositionUpdatesSubscription } from '../../../__generated__/usePositionUpdatesSubscription.graphql.ts';
import { placePosition } from './positionsUpdater.ts';

// The same fields as the open and close answers: a new market price moves current price and P/L
// in place; a stop-loss or take-profit close moves the row to the closed list.
const subscription = graphql`
  subscription usePositionUpdatesSubscription {
    positionUpdated {
      id
      status
      ...OpenPositionRow_position
      ...ClosedPositionRow_position
      closedAt
      realizedPnl
    }
  }
`;

/** The viewer's positions, live (opened, marked at a new price, closed). */
export function usePositionUpdates(viewerDataId: string) {
  const config = useMemo<GraphQLSubscriptionConfig<usePositionUpdatesSubscription>>(
    () => ({
      subscription,
      variables: {},
      onError: () => {},
      updater: (store) => placePosition(store, viewerDataId, store.getRootField('positionUpdated')),
    }),
    [viewerDataId],
  );
  useSubscription(config);
}
