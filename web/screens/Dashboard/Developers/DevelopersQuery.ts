import { graphql, type PreloadedQuery } from 'react-relay';
import { preloadQuery } from '../../../relay/preload.ts';
import type { DevelopersQuery as DevelopersQueryType } from '../../../__generated__/DevelopersQuery.graphql.ts';

// The Developers tab (docs/decisions.md "Issue 27: API tokens"): the viewer's personal API tokens.
export const DevelopersQuery = graphql`
  query DevelopersQuery {
    viewer {
      id
      isAdmin
      ...ApiTokensSection_viewer
    }
  }
`;

export type DevelopersLoaderData = { query: PreloadedQuery<DevelopersQueryType> };

export function developersLoader(): DevelopersLoaderData {
  return { query: preloadQuery<DevelopersQueryType>('dashboard-developers', DevelopersQuery, {}, { fetchPolicy: 'store-and-network' }) };
}
