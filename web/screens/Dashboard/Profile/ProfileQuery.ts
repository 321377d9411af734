import { graphql, type PreloadedQuery } from 'react-relay';
import { preloadQuery } from '../../../relay/preload.ts';
import type { ProfileQuery as ProfileQueryType } from '../../../__generated__/ProfileQuery.graphql.ts';

export const ProfileQuery = graphql`
  query ProfileQuery {
    viewer {
      id
      ...ProfileForm_viewer
      ...useBillingDetails_viewer
    }
    ...SecuritySection_query
    ...ChangeEmailPanel_query
  }
`;

export type ProfileLoaderData = { query: PreloadedQuery<ProfileQueryType> };

export function profileLoader(): ProfileLoaderData {
  return { query: preloadQuery<ProfileQueryType>('dashboard-profile', ProfileQuery, {}, { fetchPolicy: 'store-and-network' }) };
}
