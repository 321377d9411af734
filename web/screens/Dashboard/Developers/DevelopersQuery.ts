import { graphql, type PreloadedQuery } from 'react-relay';
import { preloadQuery } from '../../../relay/preload.ts';
import type { DevelopersQuery as DevelopersQueryType } from '../../../__generated__/DevelopersQuery.graphql.ts';

// The Developers tab: what a program of the viewer's uses (webhook endpoints and their deliveries).
export const DevelopersQuery = graphql`
  query DevelopersQuery {
    viewer {
      id
      ...WebhooksSection_viewer
    }
    ...WebhooksSection_query
  }
`;

export type DevelopersLoaderData = { query: PreloadedQuery<DevelopersQueryType> };

export function developersLoader(): DevelopersLoaderData {
  return { query: preloadQuery<DevelopersQueryType>('dashboard-developers', DevelopersQuery, {}, { fetchPolicy: 'store-and-network' }) };
}
