import { graphql } from 'react-relay';
import type { MessageReceivedSubscription as SubscriptionType } from '../../../__generated__/MessageReceivedSubscription.graphql.ts';
import { useLiveSubscription } from '../../../hooks/useLiveSubscription.ts';
import { appendToThread, moveToTop } from './conversationStoreUpdates.ts';

// Every new message of the viewer's conversations, sent or received (other tabs too): it joins its
// thread, its conversation entry (last message, unread count) refreshes and moves to the top.
const subscription = graphql`
  subscription MessageReceivedSubscription {
    messageReceived {
      id
      ...MessageBubble_message
      conversation {
        id
        ...ConversationRow_conversation
      }
    }
  }
`;

export function useMessageReceivedSubscription() {
  // the socket reconnects by itself; a refused or dropped subscription is not the reader's concern
  useLiveSubscription<SubscriptionType>(subscription, {}, {
    updater: (store) => {
      const message = store.getRootField('messageReceived');
      const conversation = message?.getLinkedRecord('conversation');
      if (!message || !conversation) return;
      appendToThread(store, conversation, message);
      moveToTop(store, conversation);
    },
  });
}
