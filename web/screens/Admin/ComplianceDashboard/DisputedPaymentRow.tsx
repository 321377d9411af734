import { useId } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import type { DisputedPaymentRow_payment$key } from '../../../__generated__/DisputedPaymentRow_payment.graphql.ts';
import { formatDateTime, formatMoney, timeAgo } from '../../../format/format.ts';
import { humanize } from '../../../format/labels.ts';

const Row = styled.article`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 14px 16px;

  &:hover {
    background: rgba(255, 255, 255, 0.015);
  }
`;

const Head = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 12px;
`;

const Title = styled.h3`
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSizes.base};
  font-weight: 700;
  overflow-wrap: anywhere;

  a {
    color: ${({ theme }) => theme.colors.textStrong};
  }
  a:hover {
    color: ${({ theme }) => theme.colors.up};
  }
`;

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

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 14px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};

  .label {
    margin-right: 4px;
    color: ${({ theme }) => theme.colors.textDim};
  }
`;

const Description = styled.p`
  display: -webkit-box;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow: hidden;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.text};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
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
  const titleId = useId();
  return (
    <Row aria-labelledby={titleId} data-testid="dispute-row">
      <Head>
        <Title id={titleId}>
          <Link to={`/contract/${p.contract.contractId}`}>{p.contract.title}</Link>
        </Title>
        <Amount>
          <strong>{formatMoney(p.amount)}</strong>
          <span>total {formatMoney(p.total)}</span>
        </Amount>
      </Head>
      <Meta>
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
      </Meta>
      {p.dispute && <Description title={p.dispute.description}>{p.dispute.description}</Description>}
      <Actions>
        <Button size="sm" variant="secondary" icon={<Icon name="eye" size={12} />} onClick={onEvidence}>
          View Evidence
        </Button>
        <Button size="sm" variant="danger" icon={<Icon name="x" size={12} />} disabled={disabled} onClick={onRefund}>
          Refund
        </Button>
        <Button size="sm" variant="primary" icon={<Icon name="check" size={12} />} disabled={disabled} onClick={onRelease}>
          Release
        </Button>
      </Actions>
    </Row>
  );
}
