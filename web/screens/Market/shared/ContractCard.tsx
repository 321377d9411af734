import { graphql, useFragment } from 'react-relay';
import type { ContractCard_contract$key } from '../../../__generated__/ContractCard_contract.graphql.ts';
import { ContractGridCard } from './ContractGridCard.tsx';
import { ContractListRow } from './ContractListRow.tsx';

export { ROW_COLUMNS } from './ContractListRow.tsx';

export type ContractCardLayout = 'grid' | 'list';

export type ContractCardProps = {
  contract: ContractCard_contract$key;
  /** 'grid' = a card, 'list' = the same figures as one dense row */
  layout?: ContractCardLayout;
};

/**
 * One contract on the market screens, as a card or a row. The two layouts draw this fragment's data
 * (a fragment of their own would nest the floor's query past the API's depth limit). The 24-hour change and the rating are
 * real figures (docs/decisions.md '24-hour change'), never placeholders.
 */
export function ContractCard({ contract, layout = 'grid' }: ContractCardProps) {
  const c = useFragment(
    graphql`
      fragment ContractCard_contract on Contract {
        contractId
        ticker
        title
        category
        description
        updateFrequency
        price
        pricingModel
        ...ContractBadges_contract
        ...ContractFigures_contract
        ...ContractProvider_contract
        ...ContractQuote_contract
        ...ContractActions_contract
        delayedSince
        onTimeRecord {
          onTime
          periods
        }
      }
    `,
    contract,
  );
  return layout === 'list' ? <ContractListRow c={c} /> : <ContractGridCard c={c} />;
}
