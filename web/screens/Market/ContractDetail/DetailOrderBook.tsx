import { useTransition } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { DetailOrderBookPaginationQuery } from '../../../__generated__/DetailOrderBookPaginationQuery.graphql.ts';
import type { DetailOrderBook_contract$key } from '../../../__generated__/DetailOrderBook_contract.graphql.ts';
import { formatCount, formatMoney } from '../../../format/format.ts';
import { bidColumns, DetailBidRow } from './DetailBidRow.tsx';
import { termText } from '../../../theme/text.ts';

/** The key of the bids connection; the bid form prepends new bids to it. */
export const ORDER_BOOK_CONNECTION = 'DetailOrderBook_bids';

const PAGE = 10;

const Head = styled.div<{ $provider: boolean }>`
  ${bidColumns}
  padding: 8px 16px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  ${termText}

  ${({ theme }) => theme.media.mobile} {
    display: none;
  }
`;

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const More = styled.div`
  display: flex;
  justify-content: center;
  padding: 10px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Summary = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textMuted};

  b { color: ${({ theme }) => theme.colors.blue}; font-weight: 700; }
`;

const Empty = styled.div`
  padding: 16px;
`;

export type DetailOrderBookProps = { contract: DetailOrderBook_contract$key };

/**
 * The bids on the contract, newest first, as an order book: amount (with a depth bar), status,
 * bidder and message where the viewer may see them, time; the provider decides on open bids here.
 */
export function DetailOrderBook({ contract }: DetailOrderBookProps) {
  const { data, hasNext, loadNext, isLoadingNext, refetch } = usePaginationFragment<DetailOrderBookPaginationQuery, DetailOrderBook_contract$key>(
    graphql`
      fragment DetailOrderBook_contract on Contract
      @refetchable(queryName: "DetailOrderBookPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }) {
        highestBid
        openBidCount
        viewerIsProvider
        bids(first: $count, after: $cursor) @connection(key: "DetailOrderBook_bids") {
          edges {
            node {
              id
              amount
              ...DetailBidRow_bid
            }
          }
        }
      }
    `,
    contract,
  );
  const [, startTransition] = useTransition();
  const { toast } = useToast();
  // 'Failed to fetch bids'
  const failed = (error: Error) => toast({ variant: 'destructive', title: 'Failed to fetch bids', description: error.message });
  // Accepting a bid ends the same buyer's other open bids on the server (docs/decisions.md "Bids:
  // withdrawing, superseding, limits"): read the book again rather than guess which here.
  const reread = () =>
    startTransition(() => {
      refetch({}, { fetchPolicy: 'network-only', onComplete: (error) => error && failed(error) });
    });
  const bids = data.bids.edges.map((e) => e.node);
  const deepest = bids.reduce((max, b) => Math.max(max, Number(b.amount) || 0), 0);

  return (
    <Panel
      title="Order book"
      padding="none"
      data-testid="order-book"
      actions={
        <Summary>
          {data.highestBid != null ? (
            <>
              best bid <b>{formatMoney(data.highestBid)}</b> ·{' '}
            </>
          ) : null}
          {formatCount(data.openBidCount)} open
        </Summary>
      }
    >
      {bids.length === 0 ? (
        <Empty>
          <EmptyState compact icon="list" title="No bids yet" description="Bids on this contract appear here, newest first." />
        </Empty>
      ) : (
        <>
          <Head aria-hidden="true" $provider={data.viewerIsProvider}>
            <span>Bid</span>
            <span>Status</span>
            <span>Bidder</span>
            <span className="time">Time</span>
            {data.viewerIsProvider && <span className="actions">Decision</span>}
          </Head>
          <List aria-label="Bids">
            {data.bids.edges.map((edge) => (
              <DetailBidRow
                key={edge.node.id}
                bid={edge.node}
                depth={deepest > 0 ? (Number(edge.node.amount) || 0) / deepest : 0}
                viewerIsProvider={data.viewerIsProvider}
                onAccepted={reread}
              />
            ))}
          </List>
          {hasNext && (
            <More>
              <Button size="sm" variant="ghost" busy={isLoadingNext} onClick={() =>
                  startTransition(() => {
                    loadNext(PAGE, { onComplete: (error) => error && failed(error) });
                  })
                }>
                Show older bids
              </Button>
            </More>
          )}
        </>
      )}
    </Panel>
  );
}
