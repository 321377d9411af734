import { useId } from 'react';
import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import type { PendingListingRow_contract$key } from '../../../__generated__/PendingListingRow_contract.graphql.ts';
import { formatDate, formatMoney } from '../../../format/format.ts';
import { dataFormatLabel } from '../../../format/labels.ts';

const Row = styled.article`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 14px 16px;
  transition: background ${({ theme }) => theme.transitions.fast};

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
  color: ${({ theme }) => theme.colors.textStrong};
  overflow-wrap: anywhere;
`;

const Price = styled.div`
  flex: none;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.up};
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 12px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textMuted};

  .label {
    color: ${({ theme }) => theme.colors.textDim};
    margin-right: 4px;
  }
`;

const Description = styled.p`
  display: -webkit-box;
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
  overflow: hidden;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

export type PendingListingRowProps = {
  contract: PendingListingRow_contract$key;
  disabled?: boolean;
  onDetails: () => void;
  onApprove: () => void;
  onReject: () => void;
};

/** A listing waiting for review: title, category, price, format, date and description. */
export function PendingListingRow({ contract, disabled = false, onDetails, onApprove, onReject }: PendingListingRowProps) {
  const c = useFragment(
    graphql`
      fragment PendingListingRow_contract on Contract {
        title
        categoryLabel
        price
        dataFormat
        createdAt
        description
        provider {
          name
        }
      }
    `,
    contract,
  );
  const titleId = useId();
  return (
    <Row aria-labelledby={titleId}>
      <Head>
        <Title id={titleId}>{c.title}</Title>
        <Price>{formatMoney(c.price)}</Price>
      </Head>
      <Meta>
        <Badge tone="blue" size="sm">
          {c.categoryLabel}
        </Badge>
        <span>
          <span className="label">FORMAT</span>
          {dataFormatLabel(c.dataFormat)}
        </span>
        <span>
          <span className="label">SUBMITTED</span>
          <time dateTime={c.createdAt}>{formatDate(c.createdAt)}</time>
        </span>
        <span>
          <span className="label">BY</span>
          {c.provider?.name ?? 'Unknown'}
        </span>
      </Meta>
      <Description title={c.description}>{c.description}</Description>
      <Actions>
        <Button size="sm" variant="secondary" icon={<Icon name="eye" size={12} />} onClick={onDetails}>
          View Details
        </Button>
        <Button size="sm" variant="primary" icon={<Icon name="check" size={12} />} disabled={disabled} onClick={onApprove}>
          Approve
        </Button>
        <Button size="sm" variant="danger" icon={<Icon name="x" size={12} />} disabled={disabled} onClick={onReject}>
          Reject
        </Button>
      </Actions>
    </Row>
  );
}
