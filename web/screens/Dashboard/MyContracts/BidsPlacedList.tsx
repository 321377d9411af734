import { graphql, usePaginationFragment } from 'react-relay';
import styled from 'styled-components';
import { EmptyState } from '../../../components/EmptyState.tsx';
import type { BidsPlacedList_viewer$key } from '../../../__generated__/BidsPlacedList_viewer.graphql.ts';
import type { BidsPlacedListPaginationQuery } from '../../../__generated__/BidsPlacedListPaginationQuery.graphql.ts';
import { stackedOnPhone, Table } from '../../../components/DataTable.tsx';
import { TablePanel } from '../shared/TablePanel.tsx';
import { BidPlacedRow } from './BidPlacedRow.tsx';

// a phone: each bid a small block, so the Pay link stays in reach without scrolling sideways
const BidsTable = styled(Table)`
  ${stackedOnPhone('minmax(0, 1fr) auto', "'title status' 'amount placed' 'next next'")}

  ${({ theme }) => theme.media.mobile} {
    td.c-title { grid-area: title; max-width: none; }
    td.c-amount { grid-area: amount; text-align: left; }
    td.c-status { grid-area: status; }
    td.c-placed { grid-area: placed; text-align: right; }
    td.c-next { grid-area: next; white-space: normal; }
  }
`;

export type BidsPlacedListProps = { viewer: BidsPlacedList_viewer$key };

// an accepted bid lets that buyer pay the bid amount; an open one may be withdrawn.
export function BidsPlacedList({ viewer }: BidsPlacedListProps) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<BidsPlacedListPaginationQuery, BidsPlacedList_viewer$key>(
    graphql`
      fragment BidsPlacedList_viewer on User
      @refetchable(queryName: "BidsPlacedListPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }) {
        bidsPlaced(first: $count, after: $cursor) @connection(key: "BidsPlacedList_bidsPlaced") {
          totalCount
          edges {
            node {
              id
              ...BidPlacedRow_bid
            }
          }
        }
      }
    `,
    viewer,
  );
  const edges = data.bidsPlaced?.edges ?? [];
  return (
    <TablePanel
      title="My bids"
      total={data.bidsPlaced?.totalCount ?? 0}
      label="Bids placed"
      table={BidsTable}
      columns={['Contract', { label: 'Bid', num: true }, 'Status', 'Placed', 'Next step']}
      isEmpty={edges.length === 0}
      empty={<EmptyState compact icon="send" title="No bids placed" description="Bid below the ask on any contract; the provider accepts or declines." />}
      more={{ what: 'bids', hasNext, loading: isLoadingNext, onLoad: () => loadNext(20) }}
    >
      {edges.map(({ node }) => (
        <BidPlacedRow key={node.id} bid={node} />
      ))}
    </TablePanel>
  );
}
