import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { EmptyState } from '../../../components/EmptyState.tsx';
import type { MessageThreadQuery as MessageThreadQueryType } from '../../../__generated__/MessageThreadQuery.graphql.ts';
import { MessageThread } from './MessageThread.tsx';
import { MessageThreadQuery } from './MessageThreadQuery.ts';

export type ThreadPaneProps = { queryRef: PreloadedQuery<MessageThreadQueryType> };

/** The chosen conversation, or why it cannot be shown (not one of the viewer's). */
export function ThreadPane({ queryRef }: ThreadPaneProps) {
  const { conversation } = usePreloadedQuery<MessageThreadQueryType>(MessageThreadQuery, queryRef);
  if (!conversation) {
    return (
      <EmptyState
        icon="chat"
        title="Conversation not found"
        description="This conversation does not exist or is not one of yours. Pick one from your conversations."
      />
    );
  }
  return <MessageThread conversation={conversation} />;
}
