import { useMemo } from 'react';
import { graphql, useFragment, useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import { TickerStrip, type TickerItem } from '../../components/TickerStrip.tsx';
import type { ShellTicker_marketStats$key } from '../../__generated__/ShellTicker_marketStats.graphql.ts';
import type { ShellTickerSubscription } from '../../__generated__/ShellTickerSubscription.graphql.ts';
import { formatCount, formatMoney } from '../shared/format.ts';

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

// DECISIONS.md 'Real values instead of placeholders': market status OPEN (the market is 24/7),
// total contracts, active users and volume today are live figures.
export function ShellTicker({ marketStats }: ShellTickerProps) {
  const stats = useFragment(
    graphql`
      fragment ShellTicker_marketStats on MarketStats {
        totalContracts
        activeUsers
        volumeToday
      }
    `,
    marketStats,
  );
  const subscription = useMemo<GraphQLSubscriptionConfig<ShellTickerSubscription>>(
    () => ({ subscription: marketStatsSubscription, variables: {}, onError: () => {} }),
    [],
  );
  useSubscription(subscription);

  const items = useMemo<TickerItem[]>(
    () => [
      { label: 'MARKET', value: 'OPEN', tone: 'up' },
      { label: 'CONTRACTS', value: formatCount(stats.totalContracts) },
      { label: 'ACTIVE USERS', value: formatCount(stats.activeUsers) },
      { label: 'VOLUME TODAY', value: formatMoney(stats.volumeToday) },
      { label: 'PLATFORM', value: 'PRODUCTION' },
      { label: 'ESCROW', value: 'ENABLED', tone: 'up' },
      { label: 'PAYMENTS', value: 'LIVE', tone: 'up' },
    ],
    [stats.totalContracts, stats.activeUsers, stats.volumeToday],
  );

  return <TickerStrip items={items} />;
}
