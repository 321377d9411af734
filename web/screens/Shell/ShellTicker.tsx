import { useMemo } from 'react';
import { graphql, useFragment } from 'react-relay';
import { TickerStrip, type TickerItem } from '../../components/TickerStrip.tsx';
import type { ShellTicker_marketStats$key } from '../../__generated__/ShellTicker_marketStats.graphql.ts';
import type { ShellTickerSubscription } from '../../__generated__/ShellTickerSubscription.graphql.ts';
import { formatCount, formatMoney } from '../../format/format.ts';
import { useLiveSubscription } from '../../hooks/useLiveSubscription.ts';

// The server pushes the figures whenever they change (graphql-ws). The subscription's root is the
// store's root too, so the pushed `marketStats` replaces the query's, and every reader (this strip,
// the landing figures) updates. It selects every figure so no reader is left with stale ones.
const marketStatsSubscription = graphql`
  subscription ShellTickerSubscription {
    marketStats {
      activeContracts
      totalContracts
      totalUsers
      activeUsers
      totalVolume
      volumeToday
      totalTransactions
    }
  }
`;

export type ShellTickerProps = { marketStats: ShellTicker_marketStats$key };

// Market status OPEN (the market is 24/7); active contracts, active users and volume today are live
// figures. The contracts figure counts what the hero's 'Active Contracts' counts (contracts trading
// now): a listing waiting for review or rejected is not on the market, so it is not counted.
export function ShellTicker({ marketStats }: ShellTickerProps) {
  const stats = useFragment(
    graphql`
      fragment ShellTicker_marketStats on MarketStats {
        activeContracts
        activeUsers
        volumeToday
      }
    `,
    marketStats,
  );
  useLiveSubscription<ShellTickerSubscription>(marketStatsSubscription, {});

  const items = useMemo<TickerItem[]>(
    () => [
      { label: 'MARKET', value: 'OPEN', tone: 'up' },
      { label: 'ACTIVE CONTRACTS', value: formatCount(stats.activeContracts) },
      { label: 'ACTIVE USERS', value: formatCount(stats.activeUsers) },
      { label: 'VOLUME TODAY', value: formatMoney(stats.volumeToday) },
      { label: 'PLATFORM', value: 'PRODUCTION' },
      { label: 'ESCROW', value: 'ENABLED', tone: 'up' },
      { label: 'PAYMENTS', value: 'LIVE', tone: 'up' },
    ],
    [stats.activeContracts, stats.activeUsers, stats.volumeToday],
  );

  return <TickerStrip items={items} />;
}
