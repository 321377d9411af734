import { graphql, usePaginationFragment } from 'react-relay';
import styled from 'styled-components';
import { LoadMore } from '../../../components/LoadMore.tsx';
import type { ConversationList_viewer$key } from '../../../__generated__/ConversationList_viewer.graphql.ts';
import type { ConversationListPaginationQuery } from '../../../__generated__/ConversationListPaginationQuery.graphql.ts';
import { ConversationRow } from './ConversationRow.tsx';
import { PlainList } from '../../../components/PlainList.tsx';
import { EmptyWithLink } from '../../shared/EmptyWithLink.tsx';

const Empty = styled.div`
  padding: 12px;
`;

const PAGE = 20;

export type ConversationListProps = {
  viewer: ConversationList_viewer$key;
  /** the open conversation (plain id) */
  selectedId: string | null;
};

/** The viewer's conversations, newest activity first, twenty at a time with 'Load more'. */
export function ConversationList({ viewer, selectedId }: ConversationListProps) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<ConversationListPaginationQuery, ConversationList_viewer$key>(
    graphql`
      fragment ConversationList_viewer on User
      @refetchable(queryName: "ConversationListPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }) {
        conversations(first: $count, after: $cursor) @connection(key: "ConversationList_conversations") {
          edges {
            node {
              id
              conversationId
              ...ConversationRow_conversation
            }
          }
        }
      }
    `,
    viewer,
  );
  const edges = data.conversations?.edges ?? [];
  if (edges.length === 0) {
    return (
      <Empty>
        <EmptyWithLink
          compact
          icon="chat"
          title="No conversations yet"
          description="Ask a provider about a contract with 'Contact Provider' on its page; the conversation starts here."
          to="/browse"
          label="Browse data"
          size="sm"
        />
      </Empty>
    );
  }
  return (
    <>
      <PlainList aria-label="Conversations">
        {edges.map((e) => (
          <li key={e.node.id}>
            <ConversationRow conversation={e.node} selected={e.node.conversationId === selectedId} />
          </li>
        ))}
      </PlainList>
      <LoadMore what="conversations" divided={false} hasNext={hasNext} loading={isLoadingNext} onLoad={() => loadNext(PAGE)} />
    </>
  );
}
