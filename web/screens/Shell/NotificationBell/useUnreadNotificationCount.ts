import { graphql } from 'react-relay';
import type { useUnreadNotificationCountSubscription as CountSubscription } from '../../../__generated__/useUnreadNotificationCountSubscription.graphql.ts';
import { useLiveSubscription } from '../../../hooks/useLiveSubscription.ts';

// The bell's count is live like the message badge: the server pushes it whenever a notification is
// added or some are read, on any instance, and it is written to the viewer (the one value the bell reads).
const subscription = graphql`
  subscription useUnreadNotificationCountSubscription {
    unreadNotificationCountChanged
  }
`;

export function useUnreadNotificationCount(viewerId: string) {
  useLiveSubscription<CountSubscription>(subscription, {}, {
    updater: (store, data) => {
      const count = data?.unreadNotificationCountChanged;
      if (count != null) store.get(viewerId)?.setValue(count, 'unreadNotificationCount');
    },
  });
}
