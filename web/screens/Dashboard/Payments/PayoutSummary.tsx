import { Panel } from '../../../components/Panel.tsx';
import type { sellerFigures_summary$key } from '../../../__generated__/sellerFigures_summary.graphql.ts';
import { plural } from '../../../format/format.ts';
import { FigureStrip } from '../shared/FigureStrip.tsx';
import { useSellerFigures } from '../shared/sellerFigures.ts';

export type PayoutSummaryProps = { summary: sellerFigures_summary$key };

/** The seller's money at a glance, above their sales: held in escrow, paid out, waiting. */
export function PayoutSummary({ summary }: PayoutSummaryProps) {
  const { sales, escrow, paidOut, pending, waiting } = useSellerFigures(summary);
  return (
    <Panel title="Payouts · as seller" padding="none" data-testid="payout-summary">
      <FigureStrip
        size="lg"
        minCell={150}
        aria-label="Payouts"
        figures={[
          { label: 'Sales', ...sales, hint: 'Paid for: in escrow, disputed or released' },
          { label: 'In escrow', ...escrow, hint: 'Your 90%, released 24 h after payment' },
          { label: 'Paid out', ...paidOut, hint: 'Your 90% of released sales' },
          { label: 'Pending payouts', ...pending, hint: waiting > 0 ? `${plural(waiting, 'sale')} in escrow or dispute` : 'Nothing waiting' },
        ]}
      />
    </Panel>
  );
}
