import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Avatar } from '../../components/Avatar.tsx';
import { VisuallyHidden } from '../../components/VisuallyHidden.tsx';
import type { ConversationParty_conversation$key } from '../../__generated__/ConversationParty_conversation.graphql.ts';
import { monoCaps } from './figureText.ts';
import { oneLine } from '../../theme/text.ts';

// What a row of a conversation list says, wherever the list stands (the messaging center, the
// dashboard's Messages tab): who, about which contract, and the last message.
// Each list keeps its own row frame and time format.

const Text = styled.span`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;

  > span {
    ${oneLine}
  }
`;

const Name = styled.span<{ $unread: boolean }>`
  font-size: ${({ theme }) => theme.fontSizes.base};
  font-weight: ${({ $unread, theme }) => ($unread ? theme.fontWeights.bold : theme.fontWeights.semibold)};
  color: ${({ theme }) => theme.colors.textStrong};
`;

const Contract = styled.span`
  ${monoCaps({ colour: 'blue' })}
`;

const Preview = styled.span<{ $bright: boolean }>`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ $bright, theme }) => ($bright ? theme.colors.text : theme.colors.textMuted)};
`;

export type ConversationPartyProps = {
  conversation: ConversationParty_conversation$key;
  avatarSize: number;
  /** an unread conversation's preview in the regular text colour, not muted */
  brightUnread?: boolean;
};

/**
 * The start of a conversation row: the other party's picture, then who, about which contract, and
 * the last message (two cells of the row's grid).
 */
export function ConversationParty({ conversation, avatarSize, brightUnread = false }: ConversationPartyProps) {
  const c = useFragment(
    graphql`
      fragment ConversationParty_conversation on Conversation {
        contractTitle
        unreadCount
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
  const last = c.lastMessage;
  return (
    <>
      <Avatar src={c.otherUser?.profileImage} name={name} size={avatarSize} decorative />
      <Text>
        <Name $unread={unread}>{name}</Name>
        {c.contractTitle && (
          <Contract>
            <VisuallyHidden>About </VisuallyHidden>
            {c.contractTitle}
          </Contract>
        )}
        <Preview $bright={brightUnread && unread}>{last ? `${last.isOwn ? 'You: ' : ''}${last.content}` : 'No messages yet'}</Preview>
      </Text>
    </>
  );
}
