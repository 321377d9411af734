import { graphql } from 'react-relay';
import type { useNotificationAddedSubscription } from '../../../__generated__/useNotificationAddedSubscription.graphql.ts';
import { useLiveSubscription } from '../../../hooks/useLiveSubscription.ts';

// A new notification of the viewer joins the top of the shown lists (the bell's panel, the page's
// "all" list) as it is stored; the count is the bell's own subscription.
const subscription = graphql`
  subscription useNotificationAddedSubscription($connections: [ID!]!) {
    notificationAdded @prependNode(connections: $connections, edgeTypeName: "UserNotificationsConnectionEdge") {
      id
      ...NotificationRow_notification
    }
  }
`;

export function useNotificationAdded(connections: readonly string[]) {
  useLiveSubscription<useNotificationAddedSubscription>(subscription, { connections: [...connections] });
}
