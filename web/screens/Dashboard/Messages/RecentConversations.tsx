import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import type { RecentConversations_viewer$key } from '../../../__generated__/RecentConversations_viewer.graphql.ts';
import { RecentConversationRow } from './RecentConversationRow.tsx';
import { PlainList } from '../../../components/PlainList.tsx';
import { EmptyWithLink } from '../../shared/EmptyWithLink.tsx';

export type RecentConversationsProps = { viewer: RecentConversations_viewer$key };

const Empty = styled.div`
  padding: 14px;
`;

/** The five most recently active conversations ('No messages yet.' when there are none); the rest are on /messaging. */
export function RecentConversations({ viewer }: RecentConversationsProps) {
  const data = useFragment(
    graphql`
      fragment RecentConversations_viewer on User {
        conversations(first: 5) {
          edges {
            node {
              id
              ...RecentConversationRow_conversation
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
          icon="mail"
          title="No messages yet."
          description="Ask a provider about a contract with 'Contact Provider' and the conversation shows up here."
          to="/browse"
          label="Browse data"
          size="sm"
        />
      </Empty>
    );
  }
  return (
    <PlainList aria-label="Recent conversations">
      {edges.map((e) => (
        <li key={e.node.id}>
          <RecentConversationRow conversation={e.node} />
        </li>
      ))}
    </PlainList>
  );
}
