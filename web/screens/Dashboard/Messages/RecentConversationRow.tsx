import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Avatar } from '../../../components/Avatar.tsx';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import type { RecentConversationRow_conversation$key } from '../../../__generated__/RecentConversationRow_conversation.graphql.ts';
import { timeAgo } from '../../../format/format.ts';

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

const Text = styled.span`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;

  > span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Name = styled.span<{ $unread: boolean }>`
  font-weight: ${({ $unread, theme }) => ($unread ? theme.fontWeights.bold : theme.fontWeights.semibold)};
  color: ${({ theme }) => theme.colors.textStrong};
`;

const Contract = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.blue};
`;

const Preview = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
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

const Unread = styled.span`
  min-width: 18px;
  height: 16px;
  padding: 0 5px;
  border-radius: 8px;
  background: ${({ theme }) => theme.colors.down};
  color: #fff;
  font-size: 10px;
  font-weight: 700;
  line-height: 16px;
  text-align: center;
`;

export type RecentConversationRowProps = { conversation: RecentConversationRow_conversation$key };

/** A conversation in the Messages tab, linking to its thread on /messaging. */
export function RecentConversationRow({ conversation }: RecentConversationRowProps) {
  const c = useFragment(
    graphql`
      fragment RecentConversationRow_conversation on Conversation {
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
          isOwn
        }
      }
    `,
    conversation,
  );
  const name = c.otherUser?.name ?? 'Former user';
  const unread = c.unreadCount > 0;
  return (
    <Row to={`/messaging?conversation=${encodeURIComponent(c.conversationId)}`} data-testid="recent-conversation">
      <Avatar src={c.otherUser?.profileImage} name={name} size={32} decorative />
      <Text>
        <Name $unread={unread}>{name}</Name>
        {c.contractTitle && (
          <Contract>
            <VisuallyHidden>About </VisuallyHidden>
            {c.contractTitle}
          </Contract>
        )}
        <Preview>{c.lastMessage ? `${c.lastMessage.isOwn ? 'You: ' : ''}${c.lastMessage.content}` : 'No messages yet'}</Preview>
      </Text>
      <Side>
        <time dateTime={c.lastMessageAt}>{timeAgo(c.lastMessageAt)}</time>
        {unread && (
          <Unread>
            <span aria-hidden="true">{c.unreadCount > 99 ? '99+' : c.unreadCount}</span>
            <VisuallyHidden>{c.unreadCount === 1 ? '1 unread message' : `${c.unreadCount} unread messages`}</VisuallyHidden>
          </Unread>
        )}
      </Side>
    </Row>
  );
}
