import { usePreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import type { MyContractsQuery as MyContractsQueryType } from '../../../__generated__/MyContractsQuery.graphql.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { TabHeader } from '../shared/TabHeader.tsx';
import { BidsPlacedList } from './BidsPlacedList.tsx';
import { MyContractsQuery, type MyContractsLoaderData } from './MyContractsQuery.ts';
import { PurchaseList } from './PurchaseList.tsx';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

// My Contracts: each purchase with the title, 'Status: {status}' and
// 'Amount: ${amount}'; plus the bids the user placed.
export function MyContracts() {
  usePageTitle('Dashboard · My Contracts');
  const { query } = useLoaderData() as MyContractsLoaderData;
  const { viewer } = usePreloadedQuery<MyContractsQueryType>(MyContractsQuery, query);
  if (!viewer) return null;
  return (
    <Stack>
      <TabHeader title="My Contracts" description="Data sets you bought and the bids you placed" />
      <PurchaseList viewer={viewer} />
      <BidsPlacedList viewer={viewer} />
    </Stack>
  );
}
