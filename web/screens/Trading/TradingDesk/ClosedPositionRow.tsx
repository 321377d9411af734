import { graphql, useFragment } from 'react-relay';
import type { ClosedPositionRow_position$key } from '../../../__generated__/ClosedPositionRow_position.graphql.ts';
import { formatDateTime, formatMoney } from '../../../format/format.ts';
import { PositionLeadCells } from './PositionLeadCells.tsx';
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
      <PositionLeadCells contract={p.contract} type={p.positionType} entryPrice={p.entryPrice} />
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
