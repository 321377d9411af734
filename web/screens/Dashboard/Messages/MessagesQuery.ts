import { graphql, type PreloadedQuery } from 'react-relay';
import { preloadQuery } from '../../../relay/preload.ts';
import type { MessagesQuery as MessagesQueryType } from '../../../__generated__/MessagesQuery.graphql.ts';

export const MessagesQuery = graphql`
  query MessagesQuery {
    viewer {
      id
      dashboardSummary {
        unreadMessages
      }
    }
  }
`;

export type MessagesLoaderData = { query: PreloadedQuery<MessagesQueryType> };

export function messagesLoader(): MessagesLoaderData {
  return { query: preloadQuery<MessagesQueryType>('dashboard-messages', MessagesQuery, {}, { fetchPolicy: 'store-and-network' }) };
}
