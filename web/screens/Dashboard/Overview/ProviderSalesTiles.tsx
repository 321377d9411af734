import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { StatTile } from '../../../components/StatTile.tsx';
import { TileRow } from '../../../components/TileGrid.tsx';
import { plural } from '../../../format/format.ts';
import { wideLabel } from '../../shared/figureText.ts';
import type { sellerFigures_summary$key } from '../../../__generated__/sellerFigures_summary.graphql.ts';
import { useSellerFigures } from '../shared/sellerFigures.ts';

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

export type ProviderSalesTilesProps = { summary: sellerFigures_summary$key };

/**
 * The provider's side of the money: sales paid for, their 90% share still held in escrow (or under
 * dispute), what was paid out on release, and how many payouts are waiting.
 */
export function ProviderSalesTiles({ summary }: ProviderSalesTilesProps) {
  const { sales, escrow, paidOut, pending, waiting } = useSellerFigures(summary);
  return (
    <Section aria-labelledby="provider-sales-heading">
      <Head>
        <h3 id="provider-sales-heading">As provider · your 90% share</h3>
        <Link to="/dashboard/payments">Sales and payouts →</Link>
      </Head>
      <TileRow role="group" aria-label="Provider figures" data-testid="provider-tiles">
        <StatTile label="Sales" {...sales} hint="Paid for: in escrow, disputed or released" />
        <StatTile label="In Escrow" {...escrow} hint="Held 24 hours for the buyer's dispute window" />
        <StatTile label="Paid Out" {...paidOut} hint="Released to you" />
        <StatTile label="Pending Payouts" {...pending} hint={waiting > 0 ? `${plural(waiting, 'sale')} not yet released` : 'Nothing waiting'} />
      </TileRow>
    </Section>
  );
}
