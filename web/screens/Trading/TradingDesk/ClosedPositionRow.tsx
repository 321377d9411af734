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
    <tr role="row" data-testid="closed-position-row" aria-label={`${p.positionType} ${p.contract.title}`}>
      <td role="cell" className="contract">
        <ContractCell>
          <span className="ticker">{p.contract.ticker}</span>
          <Link to={`/contract/${p.contract.contractId}`} title={p.contract.title}>
            {p.contract.title}
          </Link>
        </ContractCell>
      </td>
      <td role="cell" className="center type">
        <PositionTypeBadge type={p.positionType} />
      </td>
      <td role="cell" className="num" data-label="Entry" data-testid="entry">
        {formatMoney(p.entryPrice)}
      </td>
      <td role="cell" className="num" data-label="Exit" data-testid="exit">
        {p.exitPrice != null ? formatMoney(p.exitPrice) : '—'}
      </td>
      <td role="cell" className="num" data-label="Qty">
        {formatQuantity(p.quantity)}
      </td>
      <td role="cell" className="num" data-label="Mult.">
        {p.leverage}x
      </td>
      <td role="cell" className="num lead wide" data-label="Realised P/L">
        <SignedFigure value={p.realizedPnl ?? '0'} kind="money" data-testid="realized-pnl" />
      </td>
      <td role="cell" className="num lead" data-label="P/L %">
        <SignedFigure value={p.pnlPercent} kind="percent" />
      </td>
      <td role="cell" className="text lead end" data-label="Reason" data-testid="close-reason">{p.closeReason ? (REASONS[p.closeReason] ?? p.closeReason) : '—'}</td>
      <td role="cell" className="num full" data-label="Closed">
        <time dateTime={p.closedAt ?? undefined}>{formatDateTime(p.closedAt)}</time>
      </td>
    </tr>
  );
}
