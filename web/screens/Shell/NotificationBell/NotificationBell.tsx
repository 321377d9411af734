import { lazy, Suspense, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { CornerCount, headerIcon } from '../../../components/HeaderIcon.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { useDisclosure } from '../../../components/useDisclosure.ts';
import { ErrorBoundary } from '../../../relay/ErrorBoundary.tsx';
import { formatBadgeCount } from '../../../format/format.ts';
import type { NotificationBell_viewer$key } from '../../../__generated__/NotificationBell_viewer.graphql.ts';
import { useUnreadNotificationCount } from './useUnreadNotificationCount.ts';

// The header's bell (docs/decisions.md "Issue 25: notification centre"): the live unread count and a
// panel of the latest notifications.

// The panel (its query, rows and mark-read mutation) loads on first open, like the support widget's,
// so every page's first load carries only the bell and its count.
const NotificationPanel = lazy(() => import('./NotificationPanel.tsx').then((m) => ({ default: m.NotificationPanel })));

const Wrap = styled.div`
  position: relative;
  ${({ theme }) => theme.media.mobile} {
    position: static;
  }
`;

const BellButton = styled.button`
  ${headerIcon}
  border: 0;
  background: transparent;
  cursor: pointer;
  &[aria-expanded='true'] { color: ${({ theme }) => theme.colors.textStrong}; }
`;

// under the bell, right-aligned; on a phone the header's full width, under the bar
const Panel = styled.div`
  position: absolute;
  top: calc(100% + 8px);
  right: 0;
  z-index: ${({ theme }) => theme.zIndices.dropdown};
  width: 380px;
  background: ${({ theme }) => theme.colors.panel};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.popover};
  overflow: hidden;

  ${({ theme }) => theme.media.mobile} {
    top: ${({ theme }) => theme.layout.headerHeight};
    left: 0;
    right: 0;
    width: auto;
    border-radius: 0;
    border-left: 0;
    border-right: 0;
  }
`;

const Waiting = styled.div`
  display: grid;
  place-items: center;
  padding: 28px;
`;

export function NotificationBell({ viewer }: { viewer: NotificationBell_viewer$key }) {
  const { id, unreadNotificationCount } = useFragment(
    graphql`
      fragment NotificationBell_viewer on User {
        id
        unreadNotificationCount
      }
    `,
    viewer,
  );
  useUnreadNotificationCount(id);
  const { open, setOpen, wrapRef, onBlur, contentId, buttonProps } = useDisclosure();
  // each opening reads the latest again
  const [openings, setOpenings] = useState(0);
  const unread = unreadNotificationCount ?? 0;
  const toggle = () => {
    if (!open) setOpenings((n) => n + 1);
    setOpen(!open);
  };

  return (
    <Wrap ref={wrapRef} onBlur={onBlur}>
      <BellButton {...buttonProps} aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'} data-testid="notification-bell" onClick={toggle}>
        <Icon name="bell" size={18} />
        {unread > 0 && (
          <CornerCount aria-hidden="true" data-testid="notification-count">
            {formatBadgeCount(unread)}
          </CornerCount>
        )}
      </BellButton>
      {open && (
        <Panel id={contentId} role="region" aria-label="Notifications" data-testid="notification-panel">
          <ErrorBoundary fallback={() => <Waiting>Notifications could not be loaded.</Waiting>}>
            <Suspense
              fallback={
                <Waiting>
                  <Spinner size={16} />
                </Waiting>
              }
            >
              <NotificationPanel fetchKey={openings} onClose={() => setOpen(false)} />
            </Suspense>
          </ErrorBoundary>
        </Panel>
      )}
    </Wrap>
  );
}
