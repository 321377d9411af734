import { usePreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import type { DevelopersQuery as DevelopersQueryType } from '../../../__generated__/DevelopersQuery.graphql.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { TabHeader } from '../shared/TabHeader.tsx';
import { DevelopersQuery, type DevelopersLoaderData } from './DevelopersQuery.ts';
import { WebhooksSection } from './WebhooksSection.tsx';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-width: 0;
`;

// Developers (docs/decisions.md "Issue 27: webhooks and the event feed"): what an integrator's
// program needs from the viewer's account.
export function Developers() {
  usePageTitle('Dashboard · Developers');
  const { query } = useLoaderData() as DevelopersLoaderData;
  const data = usePreloadedQuery<DevelopersQueryType>(DevelopersQuery, query);
  if (!data.viewer) return null;
  return (
    <Stack>
      <TabHeader title="Developers" description="Webhooks and the event feed for your own programs (REST reference at /api/docs)" />
      <WebhooksSection viewer={data.viewer} query={data} />
    </Stack>
  );
}
