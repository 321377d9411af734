import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { StatTile } from '../../../components/StatTile.tsx';
import type { LandingFigures_marketStats$key } from '../../../__generated__/LandingFigures_marketStats.graphql.ts';
import { formatCount, formatMoney } from '../../../format/format.ts';

const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 10px;
  ${({ theme }) => theme.media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

export type LandingFiguresProps = { marketStats: LandingFigures_marketStats$key };

// the landing page shows live market figures instead of 'launching January 2025'.
export function LandingFigures({ marketStats }: LandingFiguresProps) {
  const stats = useFragment(
    graphql`
      fragment LandingFigures_marketStats on MarketStats {
        activeContracts
        totalUsers
        totalVolume
        totalTransactions
      }
    `,
    marketStats,
  );
  return (
    <Panel
      title="Live market"
      actions={
        <Badge tone="green" dot size="sm">
          Market open
        </Badge>
      }
      data-testid="market-figures"
    >
      <Grid>
        <StatTile label="Active contracts" value={formatCount(stats.activeContracts)} hint="Data sets trading now" />
        <StatTile label="Registered users" value={formatCount(stats.totalUsers)} hint="Buyers and providers" />
        <StatTile label="Total volume" value={formatMoney(stats.totalVolume)} tone="green" hint="Settled through escrow" />
        <StatTile label="Completed transactions" value={formatCount(stats.totalTransactions)} hint="Since the floor opened" />
      </Grid>
    </Panel>
  );
}
