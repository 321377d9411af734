import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Avatar } from '../../../components/Avatar.tsx';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import type { ConversationRow_conversation$key } from '../../../__generated__/ConversationRow_conversation.graphql.ts';
import { badgeCount, listTime } from './messagingRules.ts';

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

const Main = styled.span`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
`;

const Name = styled.span<{ $unread: boolean }>`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-size: ${({ theme }) => theme.fontSizes.base};
  font-weight: ${({ $unread, theme }) => ($unread ? theme.fontWeights.bold : theme.fontWeights.semibold)};
  color: ${({ theme }) => theme.colors.textStrong};
`;

const Contract = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.blue};
`;

const Preview = styled.span<{ $unread: boolean }>`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ $unread, theme }) => ($unread ? theme.colors.text : theme.colors.textMuted)};
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

const Unread = styled.span`
  min-width: 18px;
  height: 16px;
  padding: 0 5px;
  border-radius: 8px;
  background: ${({ theme }) => theme.colors.down};
  color: #fff;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 10px;
  font-weight: 700;
  line-height: 16px;
  text-align: center;
  font-variant-numeric: tabular-nums;
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
        contractTitle
        unreadCount
        lastMessageAt
        otherUser {
          name
          profileImage
        }
        lastMessage {
          content
          sentAt
          isOwn
        }
      }
    `,
    conversation,
  );
  const name = c.otherUser?.name ?? 'Former user';
  const unread = c.unreadCount > 0;
  const preview = c.lastMessage ? `${c.lastMessage.isOwn ? 'You: ' : ''}${c.lastMessage.content}` : 'No messages yet';
  return (
    <Row
      to={`/messaging?conversation=${encodeURIComponent(c.conversationId)}`}
      aria-current={selected ? 'true' : undefined}
      data-testid="conversation-row"
    >
      <Avatar src={c.otherUser?.profileImage} name={name} size={34} decorative />
      <Main>
        <Name $unread={unread}>{name}</Name>
        {c.contractTitle && (
          <Contract>
            <VisuallyHidden>About </VisuallyHidden>
            {c.contractTitle}
          </Contract>
        )}
        <Preview $unread={unread}>{preview}</Preview>
      </Main>
      <Side>
        <Time>
          <time dateTime={c.lastMessage?.sentAt ?? c.lastMessageAt}>{listTime(c.lastMessage?.sentAt ?? c.lastMessageAt)}</time>
        </Time>
        {unread && (
          <Unread data-testid="conversation-unread">
            <span aria-hidden="true">{badgeCount(c.unreadCount)}</span>
            <VisuallyHidden>{c.unreadCount === 1 ? '1 unread message' : `${c.unreadCount} unread messages`}</VisuallyHidden>
          </Unread>
        )}
      </Side>
    </Row>
  );
}
