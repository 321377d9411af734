import { graphql, type PreloadedQuery } from 'react-relay';
import { preloadQuery } from '../../../relay/preload.ts';
import type { DevelopersQuery as DevelopersQueryType } from '../../../__generated__/DevelopersQuery.graphql.ts';

// The Developers tab (docs/decisions.md "Issue 27: API tokens", "Issue 27: webhooks and the event
// feed"): the viewer's personal API tokens, webhook endpoints and their deliveries.
export const DevelopersQuery = graphql`
  query DevelopersQuery {
    viewer {
      id
      isAdmin
      ...ApiTokensSection_viewer
      ...WebhooksSection_viewer
    }
    ...WebhooksSection_query
  }
`;

export type DevelopersLoaderData = { query: PreloadedQuery<DevelopersQueryType> };

export function developersLoader(): DevelopersLoaderData {
  return { query: preloadQuery<DevelopersQueryType>('dashboard-developers', DevelopersQuery, {}, { fetchPolicy: 'store-and-network' }) };
}
