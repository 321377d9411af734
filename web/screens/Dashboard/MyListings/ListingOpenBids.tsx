import { useCallback } from 'react';
import { graphql, useLazyLoadQuery, useRelayEnvironment } from 'react-relay';
import { fetchQuery } from 'relay-runtime';
import styled from 'styled-components';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import type { ListingOpenBidsQuery as ListingOpenBidsQueryType } from '../../../__generated__/ListingOpenBidsQuery.graphql.ts';
import { stackedOnPhone, Table, TableScroll } from '../../../components/DataTable.tsx';
import { OpenBidRow } from './OpenBidRow.tsx';
import { wideLabel } from '../../shared/figureText.ts';

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 10px;
  padding: 8px 14px 6px;
  ${wideLabel('xxs', 'textMuted')}
`;

// the same columns on every listing card, so the cards line up down the page
const BidsTable = styled(Table)`
  table-layout: fixed;
  min-width: 720px;

  td {
    overflow: hidden;
    text-overflow: ellipsis;
  }

  ${stackedOnPhone('minmax(0, 1fr) auto auto', "'bidder amount vs' 'msg msg msg' 'placed actions actions'")}

  ${({ theme }) => theme.media.mobile} {
    min-width: 0;
    td.c-bidder { grid-area: bidder; }
    td.c-amount { grid-area: amount; }
    td.c-vs { grid-area: vs; }
    td.c-msg { grid-area: msg; white-space: normal; max-width: none; }
    td.c-placed { grid-area: placed; }
    td.c-actions { grid-area: actions; }
  }
`;

const ListingOpenBidsQuery = graphql`
  query ListingOpenBidsQuery($id: ID!) {
    contract(id: $id) {
      id
      openBidCount
      highestBid
      bids(first: 10, status: open) @connection(key: "ListingOpenBids_bids") {
        __id
        edges {
          node {
            id
            ...OpenBidRow_bid
          }
        }
      }
    }
  }
`;

export type ListingOpenBidsProps = {
  /** the listing's node id */
  id: string;
  title: string;
  listPrice: string;
  openBidCount: number;
};

/**
 * The open bids on one listing, each with Accept and Decline. Loaded per listing (only for
 * listings with open bids) rather than nested in the listings query: a connection inside a
 * connection is priced far above the API's query-cost limit.
 */
export function ListingOpenBids({ id, title, listPrice, openBidCount }: ListingOpenBidsProps) {
  const data = useLazyLoadQuery<ListingOpenBidsQueryType>(
    ListingOpenBidsQuery,
    { id },
    { fetchPolicy: 'store-and-network' },
  );
  const environment = useRelayEnvironment();
  // read the book again: a bid decided elsewhere meanwhile (another tab, an administrator), or an
  // acceptance that ended the same buyer's other open bids here
  const refresh = useCallback(() => {
    fetchQuery<ListingOpenBidsQueryType>(environment, ListingOpenBidsQuery, { id }, { fetchPolicy: 'network-only' }).subscribe({
      error: (error: Error) => console.warn('Could not refresh the bids', error),
    });
  }, [environment, id]);
  const bids = data.contract?.bids;
  if (!bids || bids.edges.length === 0) return null;
  const hidden = Math.max(0, openBidCount - bids.edges.length);
  return (
    <>
      <Head>
        <span>Open bids</span>
        {hidden > 0 && <span>+{hidden} more</span>}
      </Head>
      <TableScroll>
        <BidsTable aria-label={`Open bids on ${title}`}>
          <colgroup>
            <col style={{ width: '20%' }} />
            <col style={{ width: 110 }} />
            <col style={{ width: 80 }} />
            <col />
            <col style={{ width: 90 }} />
            <col style={{ width: 176 }} />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">Bidder</th>
              <th scope="col" className="num">
                Bid
              </th>
              <th scope="col" className="num">
                vs list
              </th>
              <th scope="col">Message</th>
              <th scope="col">Placed</th>
              <th scope="col">
                <VisuallyHidden>Decision</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {bids.edges.map((e) => (
              <OpenBidRow key={e.node.id} bid={e.node} connectionId={bids.__id} listingTitle={title} listPrice={listPrice} onReload={refresh} />
            ))}
          </tbody>
        </BidsTable>
      </TableScroll>
    </>
  );
}
