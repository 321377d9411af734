import { graphql, useFragment } from 'react-relay';
import { Panel } from '../../../components/Panel.tsx';
import type { PayoutSummary_summary$key } from '../../../__generated__/PayoutSummary_summary.graphql.ts';
import { formatCount, formatMoney, plural } from '../../../format/format.ts';
import { FigureStrip } from '../shared/FigureStrip.tsx';

export type PayoutSummaryProps = { summary: PayoutSummary_summary$key };

/** The seller's money at a glance, above their sales: held in escrow, paid out, waiting. */
export function PayoutSummary({ summary }: PayoutSummaryProps) {
  const s = useFragment(
    graphql`
      fragment PayoutSummary_summary on DashboardSummary {
        salesCount
        escrowHeld
        paidOut
        pendingPayouts
      }
    `,
    summary,
  );
  return (
    <Panel title="Payouts · as seller" padding="none" data-testid="payout-summary">
      <FigureStrip
        size="lg"
        minCell={150}
        aria-label="Payouts"
        figures={[
          { label: 'Sales', value: formatCount(s.salesCount), tone: s.salesCount > 0 ? 'blue' : 'default', hint: 'Paid for: in escrow, disputed or released' },
          { label: 'In escrow', value: formatMoney(s.escrowHeld), tone: Number(s.escrowHeld) > 0 ? 'amber' : 'default', hint: 'Your 90%, released 24 h after payment' },
          { label: 'Paid out', value: formatMoney(s.paidOut), tone: 'green', hint: 'Your 90% of released sales' },
          {
            label: 'Pending payouts',
            value: formatCount(s.pendingPayouts),
            tone: s.pendingPayouts > 0 ? 'amber' : 'default',
            hint: s.pendingPayouts > 0 ? `${plural(s.pendingPayouts, 'sale')} in escrow or dispute` : 'Nothing waiting',
          },
        ]}
      />
    </Panel>
  );
}
