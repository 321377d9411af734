import { graphql, type PreloadedQuery } from 'react-relay';
import { preloadQuery } from '../../../relay/preload.ts';
import type { NotificationsQuery as NotificationsQueryType } from '../../../__generated__/NotificationsQuery.graphql.ts';

// The Notifications tab: the viewer's notifications, newest first and paged, and where they hear of
// each kind.
export const NotificationsQuery = graphql`
  query NotificationsQuery {
    viewer {
      id
      ...NotificationList_viewer
      ...NotificationPreferencesTable_viewer
    }
  }
`;

export type NotificationsLoaderData = { query: PreloadedQuery<NotificationsQueryType> };

export function notificationsLoader(): NotificationsLoaderData {
  return { query: preloadQuery<NotificationsQueryType>('dashboard-notifications', NotificationsQuery, {}, { fetchPolicy: 'store-and-network' }) };
}
