import { graphql, useFragment } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { timeAgo } from '../../../format/format.ts';
import type { NotificationRow_notification$key } from '../../../__generated__/NotificationRow_notification.graphql.ts';
import { monoCaps } from '../figureText.ts';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';

// One notification, as the bell's panel and the notifications page list it: a dot while unread, its
// line, its sentence, how long ago. Opening it marks it read and goes where it leads.

const Row = styled.button<{ $unread: boolean }>`
  display: grid;
  grid-template-columns: 8px minmax(0, 1fr) auto;
  gap: 4px 10px;
  align-items: baseline;
  width: 100%;
  padding: 9px 12px;
  text-align: left;
  background: ${({ theme, $unread }) => ($unread ? theme.colors.upSoft : 'transparent')};
  border: 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;

  &:hover { background: ${({ theme }) => theme.colors.hover}; }
  &:focus-visible { outline-offset: -2px; }
`;

const Dot = styled.span<{ $unread: boolean }>`
  width: 7px;
  height: 7px;
  border-radius: 50%;
  align-self: center;
  background: ${({ theme, $unread }) => ($unread ? theme.colors.up : 'transparent')};
`;

const Title = styled.span<{ $unread: boolean }>`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ $unread }) => ($unread ? 700 : 500)};
  color: ${({ theme, $unread }) => ($unread ? theme.colors.textStrong : theme.colors.text)};
  overflow-wrap: anywhere;
`;

// On an unread row's tinted background the dim caption colour falls under 4.5:1: one step brighter there.
const When = styled.time<{ $unread: boolean }>`
  ${({ $unread }) => monoCaps({ size: 'xs', colour: $unread ? 'textMuted' : 'textDim' })}
  white-space: nowrap;
`;

const Body = styled.span`
  grid-column: 2 / 4;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

export type NotificationRowProps = {
  notification: NotificationRow_notification$key;
  /** marks it read (only called while unread) */
  onRead: (id: string) => void;
  /** after opening it (the panel closes) */
  onOpened?: () => void;
};

export function NotificationRow({ notification, onRead, onOpened }: NotificationRowProps) {
  const n = useFragment(
    graphql`
      fragment NotificationRow_notification on Notification {
        id
        title
        body
        link
        isRead
        createdAt
      }
    `,
    notification,
  );
  const navigate = useNavigate();
  const unread = !n.isRead;
  const open = () => {
    if (unread) onRead(n.id);
    if (n.link) navigate(n.link);
    onOpened?.();
  };
  return (
    // Named by its own text (no aria-label: a name that leaves out the visible text fails voice control).
    <Row type="button" $unread={unread} onClick={open} data-testid="notification-row">
      <Dot $unread={unread} aria-hidden="true" />
      <Title $unread={unread}>
        {unread && <VisuallyHidden>Unread: </VisuallyHidden>}
        {n.title}
      </Title>
      <When $unread={unread} dateTime={n.createdAt}>{timeAgo(n.createdAt)}</When>
      <Body>{n.body}</Body>
    </Row>
  );
}
