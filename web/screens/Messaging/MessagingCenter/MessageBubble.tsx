import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Icon } from '../../../components/Icon.tsx';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import type { MessageBubble_message$key } from '../../../__generated__/MessageBubble_message.graphql.ts';
import { messageTime } from './messagingRules.ts';

const Item = styled.li<{ $own: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: ${({ $own }) => ($own ? 'flex-end' : 'flex-start')};
  gap: 3px;
`;

const Bubble = styled.div<{ $own: boolean }>`
  max-width: min(78%, 560px);
  padding: 8px 11px;
  border: 1px solid ${({ $own, theme }) => ($own ? theme.colors.upBorder : theme.colors.borderStrong)};
  border-radius: ${({ $own }) => ($own ? '8px 8px 2px 8px' : '8px 8px 8px 2px')};
  background: ${({ $own, theme }) => ($own ? theme.colors.upSoft : theme.colors.raised)};
  color: ${({ theme }) => theme.colors.textStrong};
  font-size: ${({ theme }) => theme.fontSizes.base};
  line-height: 1.45;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Meta = styled.div`
  display: flex;
  align-items: center;
  gap: 5px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textDim};
`;

const Mark = styled.span<{ $read: boolean }>`
  display: inline-flex;
  color: ${({ $read, theme }) => ($read ? theme.colors.blue : theme.colors.textDim)};
`;

export type MessageBubbleProps = { message: MessageBubble_message$key };

/** One message: own on the right (with its read mark), the other side's on the left, with the time. */
export function MessageBubble({ message }: MessageBubbleProps) {
  const m = useFragment(
    graphql`
      fragment MessageBubble_message on Message {
        content
        sentAt
        isOwn
        # read marks never go back: a late payload read before the reply was read keeps it on (web/relay/handlers.ts)
        isRead @__clientField(handle: "onceTrue")
        sender {
          name
        }
      }
    `,
    message,
  );
  return (
    <Item $own={m.isOwn} data-testid={m.isOwn ? 'own-message' : 'their-message'}>
      <Bubble $own={m.isOwn}>
        <VisuallyHidden>{m.isOwn ? 'You' : m.sender.name}: </VisuallyHidden>
        {m.content}
      </Bubble>
      <Meta>
        <time dateTime={m.sentAt}>{messageTime(m.sentAt)}</time>
        {m.isOwn && (
          <Mark $read={m.isRead} data-testid={m.isRead ? 'read-mark' : 'sent-mark'}>
            {m.isRead ? <Icon name="checks" size={14} title="Read" /> : <Icon name="check" size={12} title="Sent" />}
          </Mark>
        )}
      </Meta>
    </Item>
  );
}
