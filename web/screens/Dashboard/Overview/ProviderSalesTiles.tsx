import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { StatTile } from '../../../components/StatTile.tsx';
import { TileRow } from '../../../components/TileGrid.tsx';
import type { ProviderSalesTiles_summary$key } from '../../../__generated__/ProviderSalesTiles_summary.graphql.ts';
import { formatCount, formatMoney, plural } from '../../../format/format.ts';
import { wideLabel } from '../../shared/figureText.ts';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 8px;
`;

const Head = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: 12px;

  h3 {
    ${wideLabel('xs', 'textMuted')}
  }
  a {
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

export type ProviderSalesTilesProps = { summary: ProviderSalesTiles_summary$key };

/**
 * The provider's side of the money: sales paid for, their 90% share still held in escrow (or under
 * dispute), what was paid out on release, and how many payouts are waiting.
 */
export function ProviderSalesTiles({ summary }: ProviderSalesTilesProps) {
  const s = useFragment(
    graphql`
      fragment ProviderSalesTiles_summary on DashboardSummary {
        salesCount
        escrowHeld
        paidOut
        pendingPayouts
      }
    `,
    summary,
  );
  return (
    <Section aria-labelledby="provider-sales-heading">
      <Head>
        <h3 id="provider-sales-heading">As provider · your 90% share</h3>
        <Link to="/dashboard/payments">Sales and payouts →</Link>
      </Head>
      <TileRow role="group" aria-label="Provider figures" data-testid="provider-tiles">
        <StatTile label="Sales" value={formatCount(s.salesCount)} tone={s.salesCount > 0 ? 'blue' : 'default'} hint="Paid for: in escrow, disputed or released" />
        <StatTile label="In Escrow" value={formatMoney(s.escrowHeld)} tone={Number(s.escrowHeld) > 0 ? 'amber' : 'default'} hint="Held 24 hours for the buyer's dispute window" />
        <StatTile label="Paid Out" value={formatMoney(s.paidOut)} tone="green" hint="Released to you" />
        <StatTile
          label="Pending Payouts"
          value={formatCount(s.pendingPayouts)}
          tone={s.pendingPayouts > 0 ? 'amber' : 'default'}
          hint={s.pendingPayouts > 0 ? `${plural(s.pendingPayouts, 'sale')} not yet released` : 'Nothing waiting'}
        />
      </TileRow>
    </Section>
  );
}
