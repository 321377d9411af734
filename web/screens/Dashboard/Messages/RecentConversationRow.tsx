import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { RecentConversationRow_conversation$key } from '../../../__generated__/RecentConversationRow_conversation.graphql.ts';
import { timeAgo } from '../../../format/format.ts';
import { ConversationParty } from '../../shared/ConversationParty.tsx';
import { UnreadCount } from '../../shared/UnreadCount.tsx';

const Row = styled(Link)`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  align-items: center;
  gap: 12px;
  padding: 10px 14px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};

  &:hover {
    text-decoration: none;
    background: ${({ theme }) => theme.colors.hover};
  }
  &:focus-visible { outline-offset: -2px; }
`;

const Side = styled.span`
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 5px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  color: ${({ theme }) => theme.colors.textDim};
  white-space: nowrap;
`;

export type RecentConversationRowProps = { conversation: RecentConversationRow_conversation$key };

/** A conversation in the Messages tab, linking to its thread on /messaging. */
export function RecentConversationRow({ conversation }: RecentConversationRowProps) {
  const c = useFragment(
    graphql`
      fragment RecentConversationRow_conversation on Conversation {
        conversationId
        unreadCount
        lastMessageAt
        ...ConversationParty_conversation
      }
    `,
    conversation,
  );
  return (
    <Row to={`/messaging?conversation=${encodeURIComponent(c.conversationId)}`} data-testid="recent-conversation">
      <ConversationParty conversation={c} avatarSize={32} />
      <Side>
        <time dateTime={c.lastMessageAt}>{timeAgo(c.lastMessageAt)}</time>
        {c.unreadCount > 0 && <UnreadCount count={c.unreadCount} />}
      </Side>
    </Row>
  );
}
