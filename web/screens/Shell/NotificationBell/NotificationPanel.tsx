import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import type { NotificationPanelQuery } from '../../../__generated__/NotificationPanelQuery.graphql.ts';
import { monoCaps } from '../../shared/figureText.ts';
import { useMarkNotificationsRead } from '../../shared/notifications/MarkNotificationsReadMutation.ts';
import { NotificationRow } from '../../shared/notifications/NotificationRow.tsx';
import { useNotificationAdded } from '../../shared/notifications/useNotificationAdded.ts';

// The bell's panel: the latest few, read again at each opening, new ones joining live at the top.
const query = graphql`
  query NotificationPanelQuery {
    viewer {
      unreadNotificationCount
      notifications(first: 8) @connection(key: "NotificationPanel_notifications") {
        __id
        edges {
          node {
            id
            ...NotificationRow_notification
          }
        }
      }
    }
  }
`;

const Head = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  align-items: center;
  padding: 8px 12px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  h2 { ${monoCaps({ size: 'xs', colour: 'textMuted', weight: 700 })} margin: 0; }
`;

const Rows = styled.div`
  max-height: min(60vh, 460px);
  overflow-y: auto;
`;

const Empty = styled.p`
  padding: 22px 12px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Foot = styled(Link)`
  display: block;
  padding: 9px 12px;
  text-align: center;
  ${monoCaps({ size: 'xs', colour: 'up', weight: 700 })}
  &:hover { background: ${({ theme }) => theme.colors.hover}; text-decoration: none; }
`;

export function NotificationPanel({ fetchKey, onClose }: { fetchKey: number; onClose: () => void }) {
  const { viewer } = useLazyLoadQuery<NotificationPanelQuery>(query, {}, { fetchKey, fetchPolicy: 'store-and-network' });
  const list = viewer?.notifications;
  const connection = list?.__id;
  useNotificationAdded(connection ? [connection] : []);
  const [markRead, marking] = useMarkNotificationsRead();
  const unread = viewer?.unreadNotificationCount ?? 0;
  return (
    <>
      <Head>
        <h2>Notifications</h2>
        <Button size="sm" variant="ghost" disabled={unread === 0} busy={marking} onClick={() => markRead('all', connection ? [connection] : [])}>
          Mark all read
        </Button>
      </Head>
      <Rows>
        {list?.edges.length ? (
          list.edges.map(({ node }) => <NotificationRow key={node.id} notification={node} onRead={(id) => markRead([id])} onOpened={onClose} />)
        ) : (
          <Empty>No notifications yet. Bids, payments and decisions on your listings show here.</Empty>
        )}
      </Rows>
      <Foot to="/dashboard/notifications" onClick={onClose}>
        All notifications
      </Foot>
    </>
  );
}
