import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { OpenBidRow_bid$key } from '../../../__generated__/OpenBidRow_bid.graphql.ts';
import { formatDateTime, formatMoney, timeAgo } from '../../../format/format.ts';
import { useBidMoves, type BidMoveFailure } from '../../shared/bids/useBidMoves.ts';

const Message = styled.td`
  && {
    max-width: 280px;
    overflow: hidden;
    text-overflow: ellipsis;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 6px;
`;

export type OpenBidRowProps = {
  bid: OpenBidRow_bid$key;
  /** the listing's open-bid connection, which the bid leaves once decided */
  connectionId: string;
  listingTitle: string;
  listPrice: string;
  /**
   * the caller reads the list again: after an acceptance (it ends the same buyer's other open bids
   * on the listing) or when the bid turned out to be decided already
   */
  onReload: () => void;
};

/** An open bid on one of the user's listings with Accept and Decline. */
export function OpenBidRow({ bid, connectionId, listingTitle, listPrice, onReload }: OpenBidRowProps) {
  const b = useFragment(
    graphql`
      fragment OpenBidRow_bid on Bid {
        id
        bidId
        amount
        message
        createdAt
        bidder {
          name
        }
      }
    `,
    bid,
  );
  const { toast } = useToast();
  const { move, accepting, declining } = useBidMoves();
  const busy = accepting || declining;
  const bidder = b.bidder?.name ?? 'A buyer';
  const vsList = Number(listPrice) > 0 ? ((Number(b.amount) - Number(listPrice)) / Number(listPrice)) * 100 : null;

  const failed = (title: string) => ({ message, code }: BidMoveFailure) => {
    toast({ variant: 'destructive', title, description: message || 'Please try again.' });
    // the bid was decided elsewhere meanwhile: read the list again
    if (code === 'CONFLICT' || code === 'NOT_FOUND') onReload();
  };

  function accept() {
    move('accept', b.id, {
      connections: [connectionId],
      onDone: () => {
        toast({ title: 'Bid Accepted', description: `${bidder} may now pay ${formatMoney(b.amount)} for ${listingTitle}.` });
        onReload();
      },
      onFailed: failed('Could Not Accept Bid'),
    });
  }

  function decline() {
    move('decline', b.id, {
      connections: [connectionId],
      onDone: () => toast({ title: 'Bid Declined', description: `${bidder}'s bid of ${formatMoney(b.amount)} was declined.` }),
      onFailed: failed('Could Not Decline Bid'),
    });
  }

  return (
    <tr data-testid="open-bid-row" data-bid-id={b.bidId}>
      <td className="c-bidder strong">{bidder}</td>
      <td className="c-amount num strong">{formatMoney(b.amount)}</td>
      <td className={`c-vs num ${vsList == null ? 'dim' : vsList < 0 ? 'down' : 'up'}`}>
        {vsList == null ? '—' : `${vsList > 0 ? '+' : vsList < 0 ? '−' : ''}${Math.abs(vsList).toFixed(1)}%`}
      </td>
      <Message className="c-msg" title={b.message ?? undefined}>{b.message || '—'}</Message>
      <td className="c-placed mono">
        <time dateTime={b.createdAt} title={formatDateTime(b.createdAt)}>
          {timeAgo(b.createdAt)}
        </time>
      </td>
      <td className="c-actions">
        <Actions>
          <Button size="sm" variant="primary" busy={accepting} disabled={busy} onClick={accept} aria-label={`Accept ${bidder}'s bid of ${formatMoney(b.amount)}`}>
            Accept
          </Button>
          <Button size="sm" variant="danger" busy={declining} disabled={busy} onClick={decline} aria-label={`Decline ${bidder}'s bid of ${formatMoney(b.amount)}`}>
            Decline
          </Button>
        </Actions>
      </td>
    </tr>
  );
}
