import { usePreloadedQuery } from 'react-relay';
import { Outlet, useLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import { PageTitle } from '../../components/PageTitle.tsx';
import type { DashboardQuery as DashboardQueryType } from '../../__generated__/DashboardQuery.graphql.ts';
import { usePageTitle } from '../shared/usePageTitle.ts';
import { DashboardMenu } from './DashboardMenu.tsx';
import { DashboardQuery, type DashboardLoaderData } from './DashboardQuery.ts';
import { DashboardTraderCard } from './DashboardTraderCard.tsx';
import { EmptyWithLink } from '../shared/EmptyWithLink.tsx';

const Desk = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 14px;

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: 220px minmax(0, 1fr);
    gap: 20px;
    align-items: start;
  }
`;

const Side = styled.aside`
  display: flex;
  flex-direction: column;
  gap: 12px;
  min-width: 0;

  ${({ theme }) => theme.media.lg} {
    position: sticky;
    /* below the sticky header, nav and ticker */
    top: calc(${({ theme }) => theme.layout.headerHeight} + ${({ theme }) => theme.layout.navHeight} + ${({ theme }) => theme.layout.tickerHeight} + 16px);
  }
`;

const Content = styled.div`
  min-width: 0;
`;

// Buyer dashboard: every side-menu item renders
// its own content (nested routes /dashboard/<tab>, so every tab has a deep link).
export function Dashboard() {
  const { query } = useLoaderData() as DashboardLoaderData;
  const data = usePreloadedQuery<DashboardQueryType>(DashboardQuery, query);
  const viewer = data.viewer;

  // 'Dashboard logged out' -> page text 'Access Denied'
  if (!viewer) return <AccessDenied />;

  // (each tab names the browser tab itself, e.g. 'Dashboard · Payments')
  return (
    <>
      <PageTitle eyebrow="Trader desk" subtitle="Your purchases, listings, bids and payments in one place">
        DASHBOARD
      </PageTitle>
      <Desk>
        <Side>
          <DashboardTraderCard viewer={viewer} />
          <DashboardMenu summary={viewer.dashboardSummary ?? null} />
        </Side>
        <Content>
          <Outlet />
        </Content>
      </Desk>
    </>
  );
}

function AccessDenied() {
  usePageTitle('Dashboard');
  return (
    <EmptyWithLink
      page
      icon="lock"
      title="Access Denied"
      description="Please log in to access your dashboard."
      to="/auth/login"
      label="LOGIN"
      variant="primary"
    />
  );
}
