import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import styled, { css } from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { DetailBidRow_bid$key } from '../../../__generated__/DetailBidRow_bid.graphql.ts';
import { formatDateTime, formatMoney, timeAgo } from '../../../format/format.ts';
import { statusTone } from '../../../format/labels.ts';
import { useBidMoves, type BidMove } from '../../shared/bids/useBidMoves.ts';
import { WithdrawBidDialog } from '../../shared/bids/WithdrawBidDialog.tsx';

/** The order book's columns, shared by its header row and its bid rows. */
export const bidColumns = css<{ $provider: boolean }>`
  display: grid;
  align-items: center;
  gap: 4px 14px;
  grid-template-columns: 120px 92px minmax(0, 1fr) 76px ${({ $provider }) => ($provider ? '172px' : '')};

  .time { text-align: right; }
  .actions { text-align: right; }

  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: minmax(0, 1fr) auto;
  }
`;

const Row = styled.li<{ $provider: boolean }>`
  ${bidColumns}
  position: relative;
  padding: 10px 16px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  &:last-child { border-bottom: 0; }
  &:hover { background: rgba(255, 255, 255, 0.015); }

  ${({ theme }) => theme.media.mobile} {
    grid-template-areas: 'amount status' 'who who' 'time actions';
    .amount { grid-area: amount; }
    .status { grid-area: status; justify-self: end; }
    .who { grid-area: who; }
    .time { grid-area: time; text-align: left; }
    .actions { grid-area: actions; }
  }
`;

const Amount = styled.span`
  position: relative;
  display: block;
  padding: 3px 6px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.base};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.blue};
  isolation: isolate;
`;

/** the depth bar: how this bid compares with the largest one shown */
const Depth = styled.span`
  position: absolute;
  inset: 0 auto 0 0;
  z-index: -1;
  border-radius: ${({ theme }) => theme.radii.xs};
  background: ${({ theme }) => theme.colors.blueSoft};
  border-left: 2px solid ${({ theme }) => theme.colors.blueBorder};
`;

const Who = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
`;

const Name = styled.span`
  display: flex;
  align-items: center;
  gap: 6px;
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.textStrong};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Hidden = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textDim};
`;

const Message = styled.q`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.45;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
  quotes: '“' '”';
`;

const Time = styled.time`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: nowrap;
`;

const Decide = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 6px;
`;

/** The toasts after each move of a bid in the order book. */
function moveToasts(amount: string): Record<BidMove, { done: string; description: string; failed: string }> {
  const money = formatMoney(amount);
  return {
    accept: { done: 'Bid Accepted', description: `You accepted the bid of ${money}. The buyer can now pay that amount.`, failed: 'Accept Failed' },
    decline: { done: 'Bid Declined', description: `You declined the bid of ${money}.`, failed: 'Decline Failed' },
    withdraw: { done: 'Bid Withdrawn', description: `Your bid of ${money} is withdrawn.`, failed: 'Withdraw Failed' },
  };
}

export type DetailBidRowProps = {
  bid: DetailBidRow_bid$key;
  /** 0-1: the amount against the largest bid shown */
  depth: number;
  /** the provider sees Accept and Decline on the bids that may still be accepted or declined */
  viewerIsProvider: boolean;
  /** a bid was accepted: it may have ended the same buyer's other open bids, so the book is read again */
  onAccepted: () => void;
};

/** One bid in the order book; the provider accepts or declines it in place, its bidder withdraws it. */
export function DetailBidRow({ bid, depth, viewerIsProvider, onAccepted }: DetailBidRowProps) {
  const b = useFragment(
    graphql`
      fragment DetailBidRow_bid on Bid {
        id
        amount
        status
        nextStatuses
        createdAt
        message
        viewerIsBidder
        bidder {
          name
        }
      }
    `,
    bid,
  );
  const { toast } = useToast();
  const { move, accepting, declining, withdrawing } = useBidMoves();
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const busy = accepting || declining;
  // What the bid machine allows next (the server's nextStatuses), not a copy of the machine here;
  // only the listing's provider decides, which `viewerIsProvider` says.
  const mayAccept = b.nextStatuses.includes('accepted');
  const mayDecline = b.nextStatuses.includes('declined');
  // Only the bidder withdraws (the server checks it too).
  const mayWithdraw = b.viewerIsBidder && b.nextStatuses.includes('withdrawn');

  function act(kind: BidMove) {
    const texts = moveToasts(b.amount)[kind];
    move(kind, b.id, {
      onDone: () => {
        setConfirmWithdraw(false);
        toast({ title: texts.done, description: texts.description });
        if (kind === 'accept') onAccepted();
      },
      onFailed: ({ message }) => {
        setConfirmWithdraw(false);
        toast({ variant: 'destructive', title: texts.failed, description: message || 'Please try again.' });
      },
    });
  }

  return (
    <Row $provider={viewerIsProvider} data-testid="bid-row">
      <span className="amount">
        <Amount>
          <Depth aria-hidden="true" style={{ width: `${Math.max(8, Math.round(depth * 100))}%` }} />
          {formatMoney(b.amount)}
        </Amount>
      </span>
      <span className="status">
        <Badge tone={statusTone(b.status)} size="sm" data-testid="bid-status">
          {b.status}
        </Badge>
      </span>
      <Who className="who">
        {b.bidder ? (
          <Name>
            {b.bidder.name}
            {b.viewerIsBidder && (
              <Badge tone="green" size="sm">
                You
              </Badge>
            )}
            {mayWithdraw && (
              <Button size="sm" variant="ghost" onClick={() => setConfirmWithdraw(true)} aria-label={`Withdraw your bid of ${formatMoney(b.amount)}`}>
                Withdraw
              </Button>
            )}
          </Name>
        ) : (
          <Hidden>Bidder private</Hidden>
        )}
        {b.message && <Message>{b.message}</Message>}
      </Who>
      <Time className="time" dateTime={b.createdAt} title={formatDateTime(b.createdAt)}>
        {timeAgo(b.createdAt)}
      </Time>
      {viewerIsProvider && (
        <Decide className="actions">
          {mayAccept && (
            <Button size="sm" variant="primary" onClick={() => act('accept')} busy={accepting} disabled={busy}>
              Accept
            </Button>
          )}
          {mayDecline && (
            <Button size="sm" variant="danger" onClick={() => act('decline')} busy={declining} disabled={busy}>
              Decline
            </Button>
          )}
        </Decide>
      )}
      <WithdrawBidDialog
        open={confirmWithdraw}
        amount={b.amount}
        busy={withdrawing}
        onConfirm={() => act('withdraw')}
        onCancel={() => setConfirmWithdraw(false)}
      />
    </Row>
  );
}
