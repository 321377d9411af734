import { Link } from 'react-router-dom';
import { formatMoney } from '../../../format/format.ts';
import { ContractCell } from './positionTable.ts';
import { PositionTypeBadge } from './PositionTypeBadge.tsx';

export type PositionLeadCellsProps = {
  contract: { readonly contractId: string; readonly title: string; readonly ticker: string };
  type: string;
  entryPrice: string;
};

/** The cells every position row starts with, open or closed: the contract, long or short, the entry price. */
export function PositionLeadCells({ contract, type, entryPrice }: PositionLeadCellsProps) {
  return (
    <>
      <td role="cell" className="contract">
        <ContractCell>
          <span className="ticker">{contract.ticker}</span>
          <Link to={`/contract/${contract.contractId}`} title={contract.title}>
            {contract.title}
          </Link>
        </ContractCell>
      </td>
      <td role="cell" className="center type">
        <PositionTypeBadge type={type} />
      </td>
      <td role="cell" className="num" data-label="Entry" data-testid="entry">
        {formatMoney(entryPrice)}
      </td>
    </>
  );
}
