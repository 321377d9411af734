import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import type { DisputedPaymentRow_payment$key } from '../../../__generated__/DisputedPaymentRow_payment.graphql.ts';
import { formatDateTime, formatMoney, timeAgo } from '../../../format/format.ts';
import { humanize } from '../../../format/labels.ts';
import { ReviewActions, ReviewMeta, ReviewRow, ReviewText } from '../shared/ReviewRow.tsx';

const Amount = styled.div`
  flex: none;
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-variant-numeric: tabular-nums;

  strong {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    color: ${({ theme }) => theme.colors.amber};
  }
  span {
    font-size: ${({ theme }) => theme.fontSizes.xs};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export type DisputedPaymentRowProps = {
  payment: DisputedPaymentRow_payment$key;
  disabled?: boolean;
  onEvidence: () => void;
  onRefund: () => void;
  onRelease: () => void;
};

/** A disputed payment: contract, buyer, seller, amount and total, the buyer's reason and words, when. */
export function DisputedPaymentRow({ payment, disabled = false, onEvidence, onRefund, onRelease }: DisputedPaymentRowProps) {
  const p = useFragment(
    graphql`
      fragment DisputedPaymentRow_payment on Payment {
        amount
        total
        contract {
          contractId
          title
        }
        buyer {
          name
        }
        seller {
          name
        }
        dispute {
          reason
          description
          createdAt
        }
      }
    `,
    payment,
  );
  return (
    <ReviewRow
      data-testid="dispute-row"
      title={<Link to={`/contract/${p.contract.contractId}`}>{p.contract.title}</Link>}
      aside={
        <Amount>
          <strong>{formatMoney(p.amount)}</strong>
          <span>total {formatMoney(p.total)}</span>
        </Amount>
      }
    >
      <ReviewMeta $gap={14}>
        <Badge tone="amber" size="sm">
          {p.dispute ? humanize(p.dispute.reason) : 'Disputed'}
        </Badge>
        <span>
          <span className="label">BUYER</span>
          {p.buyer.name}
        </span>
        <span>
          <span className="label">SELLER</span>
          {p.seller.name}
        </span>
        {p.dispute && (
          <span>
            <span className="label">OPENED</span>
            <time dateTime={p.dispute.createdAt} title={formatDateTime(p.dispute.createdAt)}>
              {formatDateTime(p.dispute.createdAt)} · {timeAgo(p.dispute.createdAt)}
            </time>
          </span>
        )}
      </ReviewMeta>
      {p.dispute && (
        <ReviewText $lines={3} title={p.dispute.description}>
          {p.dispute.description}
        </ReviewText>
      )}
      <ReviewActions>
        <Button size="sm" variant="secondary" icon={<Icon name="eye" size={12} />} onClick={onEvidence}>
          View Evidence
        </Button>
        <Button size="sm" variant="danger" icon={<Icon name="x" size={12} />} disabled={disabled} onClick={onRefund}>
          Refund
        </Button>
        <Button size="sm" variant="primary" icon={<Icon name="check" size={12} />} disabled={disabled} onClick={onRelease}>
          Release
        </Button>
      </ReviewActions>
    </ReviewRow>
  );
}
