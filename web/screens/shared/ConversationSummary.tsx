import styled from 'styled-components';
import { VisuallyHidden } from '../../components/VisuallyHidden.tsx';
import { formatBadgeCount } from '../../format/format.ts';
import { monoCaps } from './figureText.ts';

// What a row of a conversation list says, wherever the list stands (the messaging center, the
// dashboard's Messages tab): who, about which contract, the last message, and how many are unread.
// Each list keeps its own fragment, row frame and time format.

/** The red pill of an unread count, in monospace figures. */
export const UnreadPill = styled.span`
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
  letter-spacing: 0;
  text-align: center;
  font-variant-numeric: tabular-nums;
`;

/** An unread count as a pill (99+ past 99), read out in words. */
export function UnreadCount({ count, testId }: { count: number; testId?: string }) {
  return (
    <UnreadPill data-testid={testId}>
      <span aria-hidden="true">{formatBadgeCount(count)}</span>
      <VisuallyHidden>{count === 1 ? '1 unread message' : `${count} unread messages`}</VisuallyHidden>
    </UnreadPill>
  );
}

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

export type ConversationSummaryProps = {
  /** the other party's name */
  name: string;
  contractTitle: string | null | undefined;
  lastMessage: { content: string; isOwn: boolean } | null | undefined;
  unread: boolean;
  /** an unread conversation's preview in the regular text colour, not muted */
  brightUnread?: boolean;
};

/** The middle of a conversation row: the other party, the contract it is about, the last message. */
export function ConversationSummary({ name, contractTitle, lastMessage, unread, brightUnread = false }: ConversationSummaryProps) {
  return (
    <Text>
      <Name $unread={unread}>{name}</Name>
      {contractTitle && (
        <Contract>
          <VisuallyHidden>About </VisuallyHidden>
          {contractTitle}
        </Contract>
      )}
      <Preview $bright={brightUnread && unread}>{lastMessage ? `${lastMessage.isOwn ? 'You: ' : ''}${lastMessage.content}` : 'No messages yet'}</Preview>
    </Text>
  );
}
