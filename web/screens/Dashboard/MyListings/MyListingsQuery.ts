import { graphql, type PreloadedQuery } from 'react-relay';
import { preloadQuery } from '../../../relay/preload.ts';
import type { MyListingsQuery as MyListingsQueryType } from '../../../__generated__/MyListingsQuery.graphql.ts';

export const MyListingsQuery = graphql`
  query MyListingsQuery {
    viewer {
      id
      ...ListingList_viewer
    }
  }
`;

export type MyListingsLoaderData = { query: PreloadedQuery<MyListingsQueryType> };

/** New bids arrive while away: show the cached listings at once, then the fresh ones. */
export function myListingsLoader(): MyListingsLoaderData {
  return { query: preloadQuery<MyListingsQueryType>('dashboard-listings', MyListingsQuery, {}, { fetchPolicy: 'store-and-network' }) };
}
