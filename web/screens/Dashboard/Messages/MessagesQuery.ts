import { graphql, type PreloadedQuery } from 'react-relay';
import { preloadQuery } from '../../../relay/preload.ts';
import type { MessagesQuery as MessagesQueryType } from '../../../__generated__/MessagesQuery.graphql.ts';

// The Messages tab: the unread count (the header badge's value, kept live by the header) and the
// most recently active conversations, each a way into /messaging.
export const MessagesQuery = graphql`
  query MessagesQuery {
    viewer {
      id
      unreadMessageCount
      ...RecentConversations_viewer
    }
  }
`;

export type MessagesLoaderData = { query: PreloadedQuery<MessagesQueryType> };

export function messagesLoader(): MessagesLoaderData {
  return { query: preloadQuery<MessagesQueryType>('dashboard-messages', MessagesQuery, {}, { fetchPolicy: 'store-and-network' }) };
}
