import { usePreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import type { DevelopersQuery as DevelopersQueryType } from '../../../__generated__/DevelopersQuery.graphql.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { TabHeader } from '../shared/TabHeader.tsx';
import { ApiTokensSection } from './ApiTokensSection.tsx';
import { DevelopersQuery, type DevelopersLoaderData } from './DevelopersQuery.ts';

/** The route's loader, in the screen's own chunk (web/screens/Dashboard/dashboardRoute.tsx). */
export { developersLoader as loader } from './DevelopersQuery.ts';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

// Developers: what a program needs to act for the viewer. One section per tool, stacked.
export function Developers() {
  usePageTitle('Dashboard · Developers');
  const { query } = useLoaderData() as DevelopersLoaderData;
  const { viewer } = usePreloadedQuery<DevelopersQueryType>(DevelopersQuery, query);
  if (!viewer) return null;
  return (
    <Stack>
      <TabHeader title="Developers" description="Personal API tokens for your programs: REST and GraphQL as you, limited by scopes" />
      <ApiTokensSection viewer={viewer} isAdmin={viewer.isAdmin} />
    </Stack>
  );
}
