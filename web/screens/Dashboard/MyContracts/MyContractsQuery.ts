import { graphql, type PreloadedQuery } from 'react-relay';
import { preloadQuery } from '../../../relay/preload.ts';
import type { MyContractsQuery as MyContractsQueryType } from '../../../__generated__/MyContractsQuery.graphql.ts';

export const MyContractsQuery = graphql`
  query MyContractsQuery {
    viewer {
      id
      ...PurchaseList_viewer
      ...BidsPlacedList_viewer
    }
  }
`;

export type MyContractsLoaderData = { query: PreloadedQuery<MyContractsQueryType> };

/** Statuses change (escrow, accepted bids): show the cached list at once, then the fresh one. */
export function myContractsLoader(): MyContractsLoaderData {
  return { query: preloadQuery<MyContractsQueryType>('dashboard-contracts', MyContractsQuery, {}, { fetchPolicy: 'store-and-network' }) };
}
