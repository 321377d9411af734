import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import styled, { css } from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { DetailBidRow_bid$key } from '../../../__generated__/DetailBidRow_bid.graphql.ts';
import { formatDateTime, formatMoney, timeAgo } from '../../../format/format.ts';
import { statusTone } from '../../../format/labels.ts';
import { useDetailAcceptBidMutation } from './DetailAcceptBidMutation.ts';
import { useDetailDeclineBidMutation } from './DetailDeclineBidMutation.ts';
import { useDetailWithdrawBidMutation } from './DetailWithdrawBidMutation.ts';

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
  const [accept, accepting] = useDetailAcceptBidMutation();
  const [decline, declining] = useDetailDeclineBidMutation();
  const [withdraw, withdrawing] = useDetailWithdrawBidMutation();
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const busy = accepting || declining;
  // What the bid machine allows next (the server's nextStatuses), not a copy of the machine here;
  // only the listing's provider decides, which `viewerIsProvider` says.
  const mayAccept = b.nextStatuses.includes('accepted');
  const mayDecline = b.nextStatuses.includes('declined');
  // Only the bidder withdraws (the server checks it too).
  const mayWithdraw = b.viewerIsBidder && b.nextStatuses.includes('withdrawn');

  function fail(title: string, description: string | null | undefined) {
    toast({ variant: 'destructive', title, description: description || 'Please try again.' });
  }

  function onAccept() {
    accept({
      variables: { input: { bidId: b.id } },
      onCompleted: ({ acceptBid: r }) => {
        if (r.__typename === 'MutationAcceptBidSuccess') {
          toast({ title: 'Bid Accepted', description: `You accepted the bid of ${formatMoney(b.amount)}. The buyer can now pay that amount.` });
          onAccepted();
        } else fail('Accept Failed', r.message);
      },
      onError: (error) => fail('Accept Failed', error.message),
    });
  }

  function onDecline() {
    decline({
      variables: { input: { bidId: b.id } },
      onCompleted: ({ declineBid: r }) => {
        if (r.__typename === 'MutationDeclineBidSuccess') {
          toast({ title: 'Bid Declined', description: `You declined the bid of ${formatMoney(b.amount)}.` });
        } else fail('Decline Failed', r.message);
      },
      onError: (error) => fail('Decline Failed', error.message),
    });
  }

  function onWithdraw() {
    withdraw({
      variables: { input: { bidId: b.id } },
      onCompleted: ({ withdrawBid: r }) => {
        setConfirmWithdraw(false);
        if (r.__typename === 'MutationWithdrawBidSuccess') {
          toast({ title: 'Bid Withdrawn', description: `Your bid of ${formatMoney(b.amount)} is withdrawn.` });
        } else fail('Withdraw Failed', r.message);
      },
      onError: (error) => {
        setConfirmWithdraw(false);
        fail('Withdraw Failed', error.message);
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
            <Button size="sm" variant="primary" onClick={onAccept} busy={accepting} disabled={busy}>
              Accept
            </Button>
          )}
          {mayDecline && (
            <Button size="sm" variant="danger" onClick={onDecline} busy={declining} disabled={busy}>
              Decline
            </Button>
          )}
        </Decide>
      )}
      <ConfirmDialog
        open={confirmWithdraw}
        title="Withdraw bid"
        confirmLabel="Withdraw bid"
        cancelLabel="Keep bid"
        variant="danger"
        busy={withdrawing}
        onConfirm={onWithdraw}
        onCancel={() => setConfirmWithdraw(false)}
      >
        <p>
          Withdraw your bid of <strong>{formatMoney(b.amount)}</strong>? The provider can no longer accept it. You can bid again later.
        </p>
      </ConfirmDialog>
    </Row>
  );
}
