import { usePreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import type { NotificationsQuery as NotificationsQueryType } from '../../../__generated__/NotificationsQuery.graphql.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { TabHeader } from '../shared/TabHeader.tsx';
import { NotificationList } from './NotificationList.tsx';
import { NotificationPreferencesTable } from './NotificationPreferencesTable.tsx';
import { NotificationsQuery, type NotificationsLoaderData } from './NotificationsQuery.ts';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

// Notifications (docs/decisions.md "Issue 25: notification centre"): the list behind the header's
// bell, and where each kind is delivered.
export function Notifications() {
  usePageTitle('Dashboard · Notifications');
  const { query } = useLoaderData() as NotificationsLoaderData;
  const { viewer } = usePreloadedQuery<NotificationsQueryType>(NotificationsQuery, query);
  if (!viewer) return null;
  return (
    <Stack>
      <TabHeader title="Notifications" description="What happened to your bids, payments, listings and disputes, newest first" />
      <NotificationList viewer={viewer} />
      <NotificationPreferencesTable viewer={viewer} />
    </Stack>
  );
}
