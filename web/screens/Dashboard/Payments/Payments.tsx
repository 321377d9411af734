import { usePreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import type { PaymentsQuery as PaymentsQueryType } from '../../../__generated__/PaymentsQuery.graphql.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { TabHeader } from '../shared/TabHeader.tsx';
import { PaymentsQuery, type PaymentsLoaderData } from './PaymentsQuery.ts';
import { PaymentsTable } from './PaymentsTable.tsx';
import { PayoutSummary } from './PayoutSummary.tsx';
import { SalesTable } from './SalesTable.tsx';
import { StatementsTable } from './StatementsTable.tsx';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

// Payments and escrow (docs/decisions.md, "Money"): the buyer pays price + 2.5% fee; the provider
// receives 90% on release. A provider sees their payouts first.
export function Payments() {
  usePageTitle('Dashboard · Payments');
  const { query } = useLoaderData() as PaymentsLoaderData;
  const { viewer } = usePreloadedQuery<PaymentsQueryType>(PaymentsQuery, query);
  if (!viewer) return null;
  const summary = viewer.dashboardSummary;
  const isProvider = summary?.showsSellerFigures ?? false;
  return (
    <Stack>
      <TabHeader title="Payments" description="Escrow payments you made and sales you received" />
      {isProvider && summary && <PayoutSummary summary={summary} />}
      {isProvider ? (
        <>
          <SalesTable viewer={viewer} />
          <StatementsTable viewer={viewer} />
          <PaymentsTable viewer={viewer} />
        </>
      ) : (
        <>
          <PaymentsTable viewer={viewer} />
          <SalesTable viewer={viewer} />
        </>
      )}
    </Stack>
  );
}
