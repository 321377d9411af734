import { graphql, useFragment } from 'react-relay';
import { Button } from '../../../components/Button.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { OpenPositionRow_position$key } from '../../../__generated__/OpenPositionRow_position.graphql.ts';
import { formatMoney } from '../../../format/format.ts';
import { useClosePositionMutation } from './ClosePositionMutation.ts';
import { positionConnectionIds } from './positionConnections.ts';
import { PositionLeadCells } from './PositionLeadCells.tsx';
import { SignedFigure } from './SignedFigure.tsx';
import { formatQuantity } from './tradingFigures.ts';

export type OpenPositionRowProps = { position: OpenPositionRow_position$key; viewerId: string };

/** One open position with its live figures and a Close button. */
export function OpenPositionRow({ position, viewerId }: OpenPositionRowProps) {
  const p = useFragment(
    graphql`
      fragment OpenPositionRow_position on Position {
        id
        positionType
        entryPrice
        currentPrice
        quantity
        leverage
        margin
        pnl
        pnlPercent
        stopLoss
        takeProfit
        contract {
          contractId
          title
          ticker
        }
      }
    `,
    position,
  );
  const { toast } = useToast();
  const [commit, closing] = useClosePositionMutation();

  function fail(message: string | null | undefined) {
    toast({ variant: 'destructive', title: 'Error', description: message || 'Failed to close position' });
  }

  function close() {
    const ids = positionConnectionIds(viewerId);
    commit({
      variables: { input: { positionId: p.id }, open: [ids.open], closed: ids.closed },
      onCompleted: ({ closePosition: result }) => {
        if (result.__typename !== 'MutationClosePositionSuccess') return fail(result.__typename === '%other' ? null : result.message);
        toast({ title: 'Position Closed', description: `${p.contract.ticker} ${p.positionType.toUpperCase()} closed at the market price.` });
      },
      onError: (error) => fail(error.message),
    });
  }

  return (
    <tr role="row" data-testid="open-position-row" aria-label={`${p.positionType} ${p.contract.title}`}>
      <PositionLeadCells contract={p.contract} type={p.positionType} entryPrice={p.entryPrice} />
      <td role="cell" className="num" data-label="Current" data-testid="current">
        {formatMoney(p.currentPrice)}
      </td>
      <td role="cell" className="num" data-label="Qty" data-testid="quantity">
        {formatQuantity(p.quantity)}
      </td>
      <td role="cell" className="num" data-label="Mult." data-testid="multiplier">
        {p.leverage}x
      </td>
      <td role="cell" className="num" data-label="Margin" data-testid="margin">
        {formatMoney(p.margin)}
      </td>
      <td role="cell" className="num lead wide" data-label="P/L">
        <SignedFigure value={p.pnl} kind="money" data-testid="pnl" />
      </td>
      <td role="cell" className="num lead" data-label="P/L %">
        <SignedFigure value={p.pnlPercent} kind="percent" data-testid="pnl-percent" />
      </td>
      <td role="cell" className="num" data-label="Stop-loss" data-testid="stop-loss">
        {p.stopLoss != null ? formatMoney(p.stopLoss) : '—'}
      </td>
      <td role="cell" className="num" data-label="Take-profit" data-testid="take-profit">
        {p.takeProfit != null ? formatMoney(p.takeProfit) : '—'}
      </td>
      <td role="cell" className="lead end">
        <Button size="sm" variant="danger" busy={closing} onClick={close} aria-label={`Close ${p.positionType} position on ${p.contract.title}`}>
          Close
        </Button>
      </td>
    </tr>
  );
}
