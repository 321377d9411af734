import { builder } from './builder.ts';
import { ContractType } from './contract.ts';
import { requestLoader } from './loaders.ts';
import { showcaseListingLoader } from '../domain/earnings/earnings.loaders.ts';
import type { Context } from '../context.ts';
import { platformEarnings, type EarningProvider, type PlatformEarnings, type RevenueDay } from '../domain/earnings/earnings.service.ts';

// Platform earnings (administrators only): the commission kept on released payments.

const showcaseListing = (ctx: Context) => requestLoader(ctx, 'showcaseListing', () => showcaseListingLoader(ctx.db));

const EarningProviderType = builder.objectRef<EarningProvider>('EarningProvider').implement({
  fields: (t) => ({
    userId: t.exposeString('id', { description: "The provider's plain user id." }),
    name: t.exposeString('name'),
    transactions: t.exposeInt('transactions', { description: 'Released sales.' }),
    earnings: t.expose('earnings', { type: 'Decimal', description: "The provider's share (90%) of those sales." }),
    volume: t.expose('volume', { type: 'Decimal', description: 'The prices of those sales (their share plus the platform’s commission).' }),
    listing: t.field({
      type: ContractType,
      nullable: true,
      description: "The provider's live listing that sold most, where the earnings page links them; null without a live listing.",
      resolve: (p, _args, ctx) => showcaseListing(ctx).load(p.id),
    }),
  }),
});

const RevenueDayType = builder.objectRef<RevenueDay>('RevenueDay').implement({
  fields: (t) => ({
    date: t.exposeString('date', { description: 'UTC date, YYYY-MM-DD.' }),
    revenue: t.expose('revenue', { type: 'Decimal', description: 'Commission kept on the payments released that day.' }),
    volume: t.expose('volume', { type: 'Decimal', description: 'Prices of the payments released that day.' }),
    transactions: t.exposeInt('transactions'),
  }),
});

const PlatformEarningsType = builder.objectRef<PlatformEarnings>('PlatformEarnings').implement({
  description: 'Only released payments count, on the day they were released.',
  fields: (t) => ({
    totalPlatformRevenue: t.expose('totalPlatformRevenue', { type: 'Decimal', description: 'Commission kept: 10% of the released volume.' }),
    commissionRate: t.exposeFloat('commissionRate', { description: 'Percent of each price the platform keeps.' }),
    totalTransactionVolume: t.expose('totalTransactionVolume', { type: 'Decimal', description: 'Sum of the prices of released payments.' }),
    totalTransactions: t.exposeInt('totalTransactions'),
    averageCommissionPerTransaction: t.expose('averageCommissionPerTransaction', { type: 'Decimal' }),
    topEarningProviders: t.field({ type: [EarningProviderType], description: 'The ten providers who earned most, highest first.', resolve: (e) => e.topEarningProviders }),
    revenueByDay: t.field({
      type: [RevenueDayType],
      description: 'Every UTC day from `from` (else the first release) to `to` (else today), at most the last 366; days without releases are zero.',
      resolve: (e) => e.revenueByDay,
    }),
  }),
});

builder.queryField('platformEarnings', (t) =>
  t.field({
    type: PlatformEarningsType,
    authScopes: { admin: true },
    description: 'What the platform earned (administrators only).',
    args: {
      from: t.arg({ type: 'DateTime', description: 'Releases at or after this instant.' }),
      to: t.arg({ type: 'DateTime', description: 'Releases before this instant.' }),
    },
    resolve: (_root, args, ctx) => platformEarnings(ctx.db, { from: args.from, to: args.to }),
  }),
);
