import { graphql, useFragment } from 'react-relay';
import { Badge } from '../../../components/Badge.tsx';
import type { ContractBadges_contract$key } from '../../../__generated__/ContractBadges_contract.graphql.ts';
import { statusTone } from '../../../format/labels.ts';

/** The category and status badges of a contract. */
export function ContractBadges({ contract }: { contract: ContractBadges_contract$key }) {
  const c = useFragment(
    graphql`
      fragment ContractBadges_contract on Contract {
        categoryLabel
        status
      }
    `,
    contract,
  );
  return (
    <>
      <Badge size="sm" tone="blue" data-testid="contract-category" title={c.categoryLabel}>
        {c.categoryLabel}
      </Badge>
      <Badge size="sm" tone={statusTone(c.status)} data-testid="contract-status">
        {c.status}
      </Badge>
    </>
  );
}
