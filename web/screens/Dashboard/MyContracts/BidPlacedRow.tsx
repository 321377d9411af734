import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { BidPlacedRow_bid$key } from '../../../__generated__/BidPlacedRow_bid.graphql.ts';
import { formatDateTime, formatMoney } from '../../../format/format.ts';
import { statusTone } from '../../../format/labels.ts';
import { useBidMoves } from '../../shared/bids/useBidMoves.ts';
import { WithdrawBidDialog } from '../../shared/bids/WithdrawBidDialog.tsx';
import { ContractCell } from '../shared/TablePanel.tsx';

const Note = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 10px;
  white-space: normal;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.up};
`;

const Waiting = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 10px;
  white-space: normal;
`;

export type BidPlacedRowProps = { bid: BidPlacedRow_bid$key };

/**
 * One of the user's bids: the contract, amount, status, when, and the next step: pay an accepted
 * bid at its amount, or withdraw an open one (after a confirmation).
 */
export function BidPlacedRow({ bid }: BidPlacedRowProps) {
  const b = useFragment(
    graphql`
      fragment BidPlacedRow_bid on Bid {
        id
        amount
        status
        nextStatuses
        createdAt
        contract {
          contractId
          title
        }
      }
    `,
    bid,
  );
  const { toast } = useToast();
  const { move, withdrawing } = useBidMoves();
  const [confirming, setConfirming] = useState(false);

  function onWithdraw() {
    move('withdraw', b.id, {
      onDone: () => {
        setConfirming(false);
        toast({ title: 'Bid Withdrawn', description: `Your bid of ${formatMoney(b.amount)} on ${b.contract.title} is withdrawn.` });
      },
      onFailed: ({ message }) => {
        setConfirming(false);
        toast({ variant: 'destructive', title: 'Withdraw Failed', description: message || 'Please try again.' });
      },
    });
  }

  return (
    <tr data-testid="bid-placed-row" data-status={b.status}>
      <ContractCell className="c-title" contractId={b.contract.contractId} title={b.contract.title} />
      <td className="c-amount num strong">{formatMoney(b.amount)}</td>
      <td className="c-status">
        <Badge size="sm" tone={statusTone(b.status)}>
          {b.status}
        </Badge>
      </td>
      <td className="c-placed mono">{formatDateTime(b.createdAt)}</td>
      <td className="c-next">
        {b.status === 'accepted' ? (
          <Note>
            Accepted: you may now pay the bid amount of {formatMoney(b.amount)}.
            <ButtonLink to={`/payment/${b.contract.contractId}`} size="sm" variant="primary">
              Pay {formatMoney(b.amount)}
            </ButtonLink>
          </Note>
        ) : b.status === 'open' ? (
          <Waiting>
            <span className="dim">Waiting for the provider</span>
            {b.nextStatuses.includes('withdrawn') && (
              <Button size="sm" variant="ghost" onClick={() => setConfirming(true)} aria-label={`Withdraw your bid of ${formatMoney(b.amount)} on ${b.contract.title}`}>
                Withdraw
              </Button>
            )}
          </Waiting>
        ) : b.status === 'settled' ? (
          <span className="dim">Paid</span>
        ) : (
          <span className="dim">—</span>
        )}
        <WithdrawBidDialog
          open={confirming}
          amount={b.amount}
          contractTitle={b.contract.title}
          busy={withdrawing}
          onConfirm={onWithdraw}
          onCancel={() => setConfirming(false)}
        />
      </td>
    </tr>
  );
}
