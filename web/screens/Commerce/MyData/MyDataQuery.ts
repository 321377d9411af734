import { graphql, type PreloadedQuery } from 'react-relay';
import { preloadQuery } from '../../../relay/preload.ts';
import type { MyDataQuery as MyDataQueryType } from '../../../__generated__/MyDataQuery.graphql.ts';

// /my-data: the logged-in buyer's own purchases (viewer.purchases, newest first), never anyone else's.
export const MyDataQuery = graphql`
  query MyDataQuery {
    viewer {
      id
      ...LibraryList_viewer
    }
  }
`;

export type MyDataLoaderData = { query: PreloadedQuery<MyDataQueryType> };

/** Access, escrow and the access log change while away: the cached library at once, then the fresh one. */
export function myDataLoader(): MyDataLoaderData {
  return { query: preloadQuery<MyDataQueryType>('my-data', MyDataQuery, {}, { fetchPolicy: 'store-and-network' }) };
}
