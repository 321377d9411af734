import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { ConversationRow_conversation$key } from '../../../__generated__/ConversationRow_conversation.graphql.ts';
import { ConversationParty } from '../../shared/ConversationParty.tsx';
import { UnreadCount } from '../../shared/UnreadCount.tsx';
import { listTime } from './messagingRules.ts';

const Row = styled(Link)`
  position: relative;
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  gap: 4px 10px;
  align-items: start;
  padding: 11px 14px 11px 12px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
  transition: background ${({ theme }) => theme.transitions.fast};

  &::before {
    content: '';
    position: absolute;
    left: 0;
    top: 0;
    bottom: 0;
    width: 2px;
    background: transparent;
  }

  &:hover {
    text-decoration: none;
    background: ${({ theme }) => theme.colors.hover};
  }

  &[aria-current='true'] {
    background: ${({ theme }) => theme.colors.upSoft};
    &::before { background: ${({ theme }) => theme.colors.up}; }
  }

  &:focus-visible { outline-offset: -2px; }
`;

const Side = styled.span`
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 6px;
`;

const Time = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textDim};
  white-space: nowrap;
`;

export type ConversationRowProps = {
  conversation: ConversationRow_conversation$key;
  selected: boolean;
};

/** One conversation in the list: who, about which contract, the last message, its time and the unread count. */
export function ConversationRow({ conversation, selected }: ConversationRowProps) {
  const c = useFragment(
    graphql`
      fragment ConversationRow_conversation on Conversation {
        conversationId
        unreadCount
        lastMessageAt
        lastMessage {
          sentAt
        }
        ...ConversationParty_conversation
      }
    `,
    conversation,
  );
  return (
    <Row
      to={`/messaging?conversation=${encodeURIComponent(c.conversationId)}`}
      aria-current={selected ? 'true' : undefined}
      data-testid="conversation-row"
    >
      <ConversationParty conversation={c} avatarSize={34} brightUnread />
      <Side>
        <Time>
          <time dateTime={c.lastMessage?.sentAt ?? c.lastMessageAt}>{listTime(c.lastMessage?.sentAt ?? c.lastMessageAt)}</time>
        </Time>
        {c.unreadCount > 0 && <UnreadCount count={c.unreadCount} testId="conversation-unread" />}
      </Side>
    </Row>
  );
}
