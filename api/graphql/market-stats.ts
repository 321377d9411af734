import { builder } from './builder.ts';
import { marketStats, type MarketStats } from '../domain/market/market.stats.ts';
import { sharedFeedOf } from '../events/shared-feed.ts';
import type { AppServices } from '../context.ts';

const MarketStatsType = builder.objectRef<MarketStats>('MarketStats').implement({
  description: 'Live market figures (ticker strip, hero tiles, landing page).',
  fields: (t) => ({
    activeContracts: t.exposeInt('activeContracts'),
    totalContracts: t.exposeInt('totalContracts'),
    totalUsers: t.exposeInt('totalUsers', { description: 'Registered users (administrators excluded).' }),
    activeUsers: t.exposeInt('activeUsers', { description: 'Users active in the last 15 minutes.' }),
    totalVolume: t.expose('totalVolume', { type: 'Decimal' }),
    volumeToday: t.expose('volumeToday', { type: 'Decimal', description: 'Volume since 00:00 UTC.' }),
    totalTransactions: t.exposeInt('totalTransactions'),
  }),
});

builder.queryField('marketStats', (t) =>
  t.field({ type: MarketStatsType, resolve: (_root, _args, ctx) => marketStats(ctx.db) }),
);

builder.subscriptionField('marketStats', (t) =>
  t.field({
    type: MarketStatsType,
    description: 'Pushes the market figures again whenever they change (new users, listings, trades).',
    // The same figures for everyone: computed once per event for all subscribers (api/events/shared-feed.ts).
    subscribe: (_root, _args, ctx) => marketStatsFeed(ctx.services).subscribe(),
    resolve: (stats: MarketStats) => stats,
  }),
);

function marketStatsFeed(services: AppServices) {
  return sharedFeedOf<MarketStats>(services, 'marketStats', () => ({
    listen: () => services.events.subscribe('marketStatsChanged'),
    compute: () => marketStats(services.db),
    logger: services.logger,
  }));
}
