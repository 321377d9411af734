import { useState, useTransition } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ListPanel } from '../../../components/ListPanel.tsx';
import { RangeButton, RangeSwitch } from '../../../components/RangeSwitch.tsx';
import { formatCount } from '../../../format/format.ts';
import type { NotificationList_viewer$key } from '../../../__generated__/NotificationList_viewer.graphql.ts';
import { useMarkNotificationsRead } from '../../shared/notifications/MarkNotificationsReadMutation.ts';
import { NotificationRow } from '../../shared/notifications/NotificationRow.tsx';
import { useNotificationAdded } from '../../shared/notifications/useNotificationAdded.ts';

const PAGE = 20;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

/** The viewer's notifications, newest first: all or unread, 'Load more', opened rows marked read, new ones live on top. */
export function NotificationList({ viewer }: { viewer: NotificationList_viewer$key }) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(
    graphql`
      fragment NotificationList_viewer on User
      @refetchable(queryName: "NotificationListPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }, unread: { type: "Boolean", defaultValue: false }) {
        unreadNotificationCount
        notifications(first: $count, after: $cursor, unread: $unread) @connection(key: "NotificationList_notifications", filters: ["unread"]) {
          __id
          totalCount
          edges {
            node {
              id
              ...NotificationRow_notification
            }
          }
        }
      }
    `,
    viewer,
  );
  const [switching, startSwitch] = useTransition();
  const [markRead, marking] = useMarkNotificationsRead();
  const list = data.notifications;
  const connection = list?.__id;
  useNotificationAdded(connection ? [connection] : []);
  const unread = data.unreadNotificationCount ?? 0;
  const [onlyUnread, setOnlyUnread] = useState(false);
  const show = (next: boolean) => {
    setOnlyUnread(next);
    startSwitch(() => {
      refetch({ unread: next, count: PAGE }, { fetchPolicy: 'store-and-network' });
    });
  };
  const edges = list?.edges ?? [];

  return (
    <ListPanel
      title="Inbox"
      accent={unread > 0 ? 'green' : undefined}
      actions={
        <Controls>
          <RangeSwitch role="tablist" aria-label="Which notifications">
            <RangeButton type="button" role="tab" aria-selected={!onlyUnread} onClick={() => show(false)}>
              ALL
            </RangeButton>
            <RangeButton type="button" role="tab" aria-selected={onlyUnread} onClick={() => show(true)}>
              UNREAD {formatCount(unread)}
            </RangeButton>
          </RangeSwitch>
          <Button size="sm" variant="ghost" disabled={unread === 0} busy={marking} onClick={() => markRead('all', connection ? [connection] : [])}>
            Mark all read
          </Button>
        </Controls>
      }
      isEmpty={edges.length === 0}
      stale={switching}
      empty={<EmptyState icon="bell" title={onlyUnread ? 'Nothing unread' : 'No notifications yet'} description="Bids, payments, disputes and decisions on your listings show here." />}
      more={{ hasNext, loading: isLoadingNext, onLoad: () => loadNext(PAGE), what: 'notifications' }}
    >
      <div data-testid="notification-list">
        {edges.map(({ node }) => (
          <NotificationRow key={node.id} notification={node} onRead={(id) => markRead([id])} />
        ))}
      </div>
    </ListPanel>
  );
}
