import { graphql, type PreloadedQuery } from 'react-relay';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { preloadQuery } from '../../../relay/preload.ts';
import type { MessagingCenterQuery as MessagingCenterQueryType } from '../../../__generated__/MessagingCenterQuery.graphql.ts';
import type { MessageThreadQuery as MessageThreadQueryType } from '../../../__generated__/MessageThreadQuery.graphql.ts';
import { MessageThreadQuery } from './MessageThreadQuery.ts';
import { messagingParams } from './messagingRules.ts';

// /messaging: the viewer's conversations (left) and, with ?conversation=<id>, that thread (right).
export const MessagingCenterQuery = graphql`
  query MessagingCenterQuery {
    viewer {
      id
      ...ConversationList_viewer
    }
  }
`;

export type MessagingCenterLoaderData = {
  query: PreloadedQuery<MessagingCenterQueryType>;
  /** null when no conversation is chosen */
  thread: PreloadedQuery<MessageThreadQueryType> | null;
};

// Choosing a conversation only changes ?conversation=, which runs this loader again (the route
// revalidates on every change of the search). While the screen is mounted its list reference is
// kept: a new one would fetch the first page again and drop the pages loaded with 'Load more'.
// Live updates keep the mounted list current; a new visit loads it fresh.
let mountedList: PreloadedQuery<MessagingCenterQueryType> | null = null;

/** Called by the mounted screen: keep this list reference while it is shown. */
export function keepMessagingList(ref: PreloadedQuery<MessagingCenterQueryType>): () => void {
  mountedList = ref;
  return () => {
    if (mountedList === ref) mountedList = null;
  };
}

/** The list (kept while shown) and, when one is chosen, the thread: cached at once, then fresh. */
export function messagingCenterLoader({ request }: LoaderFunctionArgs): MessagingCenterLoaderData {
  const { conversation } = messagingParams(new URL(request.url).searchParams);
  const query = mountedList ?? preloadQuery<MessagingCenterQueryType>('messaging', MessagingCenterQuery, {}, { fetchPolicy: 'store-and-network' });
  const thread = conversation
    ? preloadQuery<MessageThreadQueryType>('messaging-thread', MessageThreadQuery, { id: conversation }, { fetchPolicy: 'store-and-network' })
    : null;
  return { query, thread };
}
