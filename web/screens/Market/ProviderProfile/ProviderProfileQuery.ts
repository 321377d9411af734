import { graphql, type PreloadedQuery } from 'react-relay';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { preloadQuery } from '../../../relay/preload.ts';
import type { ProviderProfileQuery as ProviderProfileQueryType } from '../../../__generated__/ProviderProfileQuery.graphql.ts';

// A provider's public profile. The URL carries the username (/provider/{username});
// Query.provider answers null for an unknown, deleted or non-provider account.
export const ProviderProfileQuery = graphql`
  query ProviderProfileQuery($username: String!) {
    provider(username: $username) {
      id
      name
      ...ProviderHeader_provider
      ...ProviderListings_provider
    }
  }
`;

export type ProviderProfileLoaderData = { query: PreloadedQuery<ProviderProfileQueryType>; username: string };

/** Route loader of /provider/:username: the store's answer at once (going back), then the fresh figures. */
export function providerProfileLoader({ params }: LoaderFunctionArgs): ProviderProfileLoaderData {
  const username = params.username ?? '';
  return {
    username,
    query: preloadQuery<ProviderProfileQueryType>('provider-profile', ProviderProfileQuery, { username }, { fetchPolicy: 'store-and-network' }),
  };
}
