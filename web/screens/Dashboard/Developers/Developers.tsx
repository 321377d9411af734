import { usePreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import type { DevelopersQuery as DevelopersQueryType } from '../../../__generated__/DevelopersQuery.graphql.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { TabHeader } from '../shared/TabHeader.tsx';
import { ApiTokensSection } from './ApiTokensSection.tsx';
import { DevelopersQuery, type DevelopersLoaderData } from './DevelopersQuery.ts';
import { WebhooksSection } from './WebhooksSection.tsx';

/** The route's loader, in the screen's own chunk (web/screens/Dashboard/dashboardRoute.tsx). */
export { developersLoader as loader } from './DevelopersQuery.ts';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-width: 0;
`;

// Developers (docs/decisions.md "Issue 27: API tokens", "Issue 27: webhooks and the event feed"):
// what a program needs to act for the viewer and to hear of what happens. One section per tool, stacked.
export function Developers() {
  usePageTitle('Dashboard · Developers');
  const { query } = useLoaderData() as DevelopersLoaderData;
  const data = usePreloadedQuery<DevelopersQueryType>(DevelopersQuery, query);
  if (!data.viewer) return null;
  return (
    <Stack>
      <TabHeader title="Developers" description="API tokens and webhooks for your own programs (REST reference at /api/docs)" />
      <ApiTokensSection viewer={data.viewer} isAdmin={data.viewer.isAdmin} />
      <WebhooksSection viewer={data.viewer} query={data} />
    </Stack>
  );
}
