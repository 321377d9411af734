import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import type { ClosedPositionRow_position$key } from '../../../__generated__/ClosedPositionRow_position.graphql.ts';
import { formatDateTime, formatMoney } from '../../../format/format.ts';
import { ContractCell } from './positionTable.ts';
import { PositionTypeBadge } from './PositionTypeBadge.tsx';
import { SignedFigure } from './SignedFigure.tsx';
import { formatQuantity } from './tradingFigures.ts';

const REASONS: Record<string, string> = { manual: 'Manual', stop_loss: 'Stop-loss', take_profit: 'Take-profit' };

export type ClosedPositionRowProps = { position: ClosedPositionRow_position$key };

/** One closed position: exit price, realised P/L, why and when it closed. */
export function ClosedPositionRow({ position }: ClosedPositionRowProps) {
  const p = useFragment(
    graphql`
      fragment ClosedPositionRow_position on Position {
        id
        positionType
        entryPrice
        exitPrice
        quantity
        leverage
        realizedPnl
        pnlPercent
        closeReason
        closedAt
        contract {
          contractId
          title
          ticker
        }
      }
    `,
    position,
  );
  return (
    <tr data-testid="closed-position-row" aria-label={`${p.positionType} ${p.contract.title}`}>
      <td>
        <ContractCell>
          <span className="ticker">{p.contract.ticker}</span>
          <Link to={`/contract/${p.contract.contractId}`} title={p.contract.title}>
            {p.contract.title}
          </Link>
        </ContractCell>
      </td>
      <td className="center">
        <PositionTypeBadge type={p.positionType} />
      </td>
      <td className="num" data-testid="entry">
        {formatMoney(p.entryPrice)}
      </td>
      <td className="num" data-testid="exit">
        {p.exitPrice != null ? formatMoney(p.exitPrice) : '—'}
      </td>
      <td className="num">{formatQuantity(p.quantity)}</td>
      <td className="num">{p.leverage}x</td>
      <td className="num">
        <SignedFigure value={p.realizedPnl ?? '0'} kind="money" data-testid="realized-pnl" />
      </td>
      <td className="num">
        <SignedFigure value={p.pnlPercent} kind="percent" />
      </td>
      <td className="text" data-testid="close-reason">{p.closeReason ? (REASONS[p.closeReason] ?? p.closeReason) : '—'}</td>
      <td className="num">
        <time dateTime={p.closedAt ?? undefined}>{formatDateTime(p.closedAt)}</time>
      </td>
    </tr>
  );
}
