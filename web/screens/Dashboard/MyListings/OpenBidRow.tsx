import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { OpenBidRow_bid$key } from '../../../__generated__/OpenBidRow_bid.graphql.ts';
import { formatDateTime, formatMoney, timeAgo } from '../../../format/format.ts';
import { useAcceptBidMutation } from './AcceptBidMutation.ts';
import { useDeclineBidMutation } from './DeclineBidMutation.ts';

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
  const [commitAccept, accepting] = useAcceptBidMutation();
  const [commitDecline, declining] = useDeclineBidMutation();
  const busy = accepting || declining;
  const bidder = b.bidder?.name ?? 'A buyer';
  const vsList = Number(listPrice) > 0 ? ((Number(b.amount) - Number(listPrice)) / Number(listPrice)) * 100 : null;

  function failed(title: string, message?: string | null, code?: string | null) {
    toast({ variant: 'destructive', title, description: message || 'Please try again.' });
    if (code === 'CONFLICT' || code === 'NOT_FOUND') onReload();
  }

  function accept() {
    commitAccept({
      variables: { input: { bidId: b.id }, connections: [connectionId] },
      onCompleted: ({ acceptBid: r }) => {
        if (r.__typename === 'MutationAcceptBidSuccess') {
          toast({ title: 'Bid Accepted', description: `${bidder} may now pay ${formatMoney(b.amount)} for ${listingTitle}.` });
          onReload();
        } else {
          failed('Could Not Accept Bid', r.message, r.code);
        }
      },
      onError: (error) => failed('Could Not Accept Bid', error.message),
    });
  }

  function decline() {
    commitDecline({
      variables: { input: { bidId: b.id }, connections: [connectionId] },
      onCompleted: ({ declineBid: r }) => {
        if (r.__typename === 'MutationDeclineBidSuccess') {
          toast({ title: 'Bid Declined', description: `${bidder}'s bid of ${formatMoney(b.amount)} was declined.` });
        } else {
          failed('Could Not Decline Bid', r.message, r.code);
        }
      },
      onError: (error) => failed('Could Not Decline Bid', error.message),
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
