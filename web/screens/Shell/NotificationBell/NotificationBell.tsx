import { Suspense, useId, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { CountPill } from '../../../components/CountPill.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { useDisclosure } from '../../../components/useDisclosure.ts';
import { ErrorBoundary } from '../../../relay/ErrorBoundary.tsx';
import { formatBadgeCount } from '../../../format/format.ts';
import { useLiveSubscription } from '../../../hooks/useLiveSubscription.ts';
import type { NotificationBell_viewer$key } from '../../../__generated__/NotificationBell_viewer.graphql.ts';
import type { NotificationBellCountSubscription } from '../../../__generated__/NotificationBellCountSubscription.graphql.ts';
import { NotificationPanel } from './NotificationPanel.tsx';

// The header's bell (docs/decisions.md "Issue 25: notification centre"): the unread count, live like
// the message badge (the server pushes it whenever a notification is added or some are read, on any
// instance), and a panel of the latest ones.
const countSubscription = graphql`
  subscription NotificationBellCountSubscription {
    unreadNotificationCountChanged
  }
`;

const Wrap = styled.div`
  position: relative;
  ${({ theme }) => theme.media.mobile} {
    position: static;
  }
`;

const BellButton = styled.button`
  position: relative;
  display: inline-grid;
  place-items: center;
  width: 34px;
  height: 32px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &:hover,
  &[aria-expanded='true'] {
    color: ${({ theme }) => theme.colors.textStrong};
    background: ${({ theme }) => theme.colors.hover};
  }
`;

// over the bell's corner, ringed in the bar's colour (as the mail badge)
const Count = styled(CountPill)`
  position: absolute;
  top: 1px;
  right: 0;
  box-shadow: 0 0 0 2px ${({ theme }) => theme.colors.bar};
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
  useLiveSubscription<NotificationBellCountSubscription>(countSubscription, {}, {
    updater: (store, data) => {
      const count = data?.unreadNotificationCountChanged;
      if (count != null) store.get(id)?.setValue(count, 'unreadNotificationCount');
    },
  });
  const { open, setOpen, wrapRef, buttonRef, onBlur } = useDisclosure();
  // each opening reads the latest again
  const [openings, setOpenings] = useState(0);
  const panelId = useId();
  const unread = unreadNotificationCount ?? 0;
  const toggle = () => {
    if (!open) setOpenings((n) => n + 1);
    setOpen(!open);
  };

  return (
    <Wrap ref={wrapRef} onBlur={onBlur}>
      <BellButton
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        data-testid="notification-bell"
        onClick={toggle}
      >
        <Icon name="bell" size={18} />
        {unread > 0 && (
          <Count aria-hidden="true" data-testid="notification-count">
            {formatBadgeCount(unread)}
          </Count>
        )}
      </BellButton>
      {open && (
        <Panel id={panelId} role="region" aria-label="Notifications" data-testid="notification-panel">
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
