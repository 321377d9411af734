import { usePreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import type { OverviewQuery as OverviewQueryType } from '../../../__generated__/OverviewQuery.graphql.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { TabHeader } from '../shared/TabHeader.tsx';
import { OverviewQuery, type OverviewLoaderData } from './OverviewQuery.ts';
import { ProviderSalesTiles } from './ProviderSalesTiles.tsx';
import { RecentActivity } from './RecentActivity.tsx';
import { SummaryTiles } from './SummaryTiles.tsx';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

// Overview: four tiles, a provider's sales and payouts (the server says whom they concern), and
// Recent Activity.
export function Overview() {
  usePageTitle('Dashboard · Overview');
  const { query } = useLoaderData() as OverviewLoaderData;
  const { viewer } = usePreloadedQuery<OverviewQueryType>(OverviewQuery, query);
  if (!viewer?.dashboardSummary) return null;
  return (
    <Stack>
      <TabHeader title="Overview" description="Your positions on the floor at a glance" />
      <SummaryTiles summary={viewer.dashboardSummary} reviewCount={viewer.reviewCount} />
      {viewer.dashboardSummary.showsSellerFigures && <ProviderSalesTiles summary={viewer.dashboardSummary} />}
      <RecentActivity viewer={viewer} />
    </Stack>
  );
}
