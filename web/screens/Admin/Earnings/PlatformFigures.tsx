import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { StatTile } from '../../../components/StatTile.tsx';
import { TileGrid } from '../../../components/TileGrid.tsx';
import type { PlatformFigures_earnings$key } from '../../../__generated__/PlatformFigures_earnings.graphql.ts';
import { formatCount, formatMoney } from '../../../format/format.ts';
import { CommissionSplit } from './CommissionSplit.tsx';

// on a phone the revenue tile spans the row
const Grid = styled(TileGrid)`
  ${({ theme }) => theme.media.mobile} {
    & > *:first-child {
      grid-column: 1 / -1;
    }
  }
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
`;

export type PlatformFiguresProps = { earnings: PlatformFigures_earnings$key };

/**
 * The platform's all-time figures: only released payments count (escrowed and disputed money may
 * still go back to the buyer), and revenue is the 10% commission kept on them.
 */
export function PlatformFigures({ earnings }: PlatformFiguresProps) {
  const e = useFragment(
    graphql`
      fragment PlatformFigures_earnings on PlatformEarnings {
        totalPlatformRevenue
        commissionRate
        totalTransactionVolume
        totalTransactions
        averageCommissionPerTransaction
      }
    `,
    earnings,
  );
  const providerRate = 100 - e.commissionRate;
  const paidToProviders = Number(e.totalTransactionVolume) - Number(e.totalPlatformRevenue);
  return (
    <Stack>
      <Grid role="group" aria-label="Platform figures" data-testid="platform-figures">
        <StatTile
          label="Total Platform Revenue"
          value={formatMoney(e.totalPlatformRevenue)}
          tone="green"
          hint={`${e.commissionRate}% commission on released sales`}
        />
        <StatTile label="Commission Rate" value={`${e.commissionRate}%`} tone="amber" hint={`Providers receive ${providerRate}%`} />
        <StatTile label="Total Transaction Volume" value={formatMoney(e.totalTransactionVolume)} hint="Prices of released sales" />
        <StatTile label="Total Transactions" value={formatCount(e.totalTransactions)} tone="blue" hint="Sales released from escrow" />
        <StatTile label="Avg Commission / Transaction" value={formatMoney(e.averageCommissionPerTransaction)} hint="Revenue ÷ transactions" />
      </Grid>
      <CommissionSplit
        volume={Number(e.totalTransactionVolume)}
        platform={Number(e.totalPlatformRevenue)}
        providers={paidToProviders}
        commissionRate={e.commissionRate}
      />
    </Stack>
  );
}
