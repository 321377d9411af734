import { graphql } from 'react-relay';
import type { ConversationReadSubscription as SubscriptionType } from '../../../__generated__/ConversationReadSubscription.graphql.ts';

import { useLiveSubscription } from '../../../hooks/useLiveSubscription.ts';

// The other side opened a thread: the newest messages come again with their read state, so the
// read marks of own messages turn on in place (the thread's messages are the same records). The
// handle is MessageBubble's: the bubble reads the handle's key, which only this selection updates.
const subscription = graphql`
  subscription ConversationReadSubscription {
    conversationRead {
      id
      unreadCount
      messages(last: 50) {
        edges {
          node {
            id
            isRead @__clientField(handle: "onceTrue")
            readAt
          }
        }
      }
    }
  }
`;

export function useConversationReadSubscription() {
  useLiveSubscription<SubscriptionType>(subscription, {});
}
