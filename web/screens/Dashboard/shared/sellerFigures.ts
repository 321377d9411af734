import { graphql, useFragment } from 'react-relay';
import type { sellerFigures_summary$key } from '../../../__generated__/sellerFigures_summary.graphql.ts';
import { formatCount, formatMoney } from '../../../format/format.ts';

// The seller's four figures, read the same way on the overview's tiles and above the sales table
// (each place words its own labels): a figure is coloured when there is something in it.
const fragment = graphql`
  fragment sellerFigures_summary on DashboardSummary {
    salesCount
    escrowHeld
    paidOut
    pendingPayouts
  }
`;

export type SellerFigure = { value: string; tone: 'blue' | 'amber' | 'green' | 'default' };

/** Sales paid for, the seller's share held in escrow, what was paid out, and the payouts waiting (`waiting` of them). */
export function useSellerFigures(summary: sellerFigures_summary$key) {
  const s = useFragment(fragment, summary);
  const sales: SellerFigure = { value: formatCount(s.salesCount), tone: s.salesCount > 0 ? 'blue' : 'default' };
  const escrow: SellerFigure = { value: formatMoney(s.escrowHeld), tone: Number(s.escrowHeld) > 0 ? 'amber' : 'default' };
  const paidOut: SellerFigure = { value: formatMoney(s.paidOut), tone: 'green' };
  const pending: SellerFigure = { value: formatCount(s.pendingPayouts), tone: s.pendingPayouts > 0 ? 'amber' : 'default' };
  return { sales, escrow, paidOut, pending, waiting: s.pendingPayouts };
}
