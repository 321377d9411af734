import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import type { PendingListingRow_contract$key } from '../../../__generated__/PendingListingRow_contract.graphql.ts';
import { formatDate, formatMoney } from '../../../format/format.ts';
import { dataFormatLabel } from '../../../format/labels.ts';
import { ReviewActions, ReviewMeta, ReviewRow, ReviewText } from '../shared/ReviewRow.tsx';

const Price = styled.div`
  flex: none;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.up};
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
  return (
    <ReviewRow title={c.title} aside={<Price>{formatMoney(c.price)}</Price>}>
      <ReviewMeta>
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
      </ReviewMeta>
      <ReviewText $lines={2} $muted title={c.description}>
        {c.description}
      </ReviewText>
      <ReviewActions>
        <Button size="sm" variant="secondary" icon={<Icon name="eye" size={12} />} onClick={onDetails}>
          View Details
        </Button>
        <Button size="sm" variant="primary" icon={<Icon name="check" size={12} />} disabled={disabled} onClick={onApprove}>
          Approve
        </Button>
        <Button size="sm" variant="danger" icon={<Icon name="x" size={12} />} disabled={disabled} onClick={onReject}>
          Reject
        </Button>
      </ReviewActions>
    </ReviewRow>
  );
}
