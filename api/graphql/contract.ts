import { resolveOffsetConnection } from '@pothos/plugin-relay';
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from './builder.ts';
import { selectable } from './prisma-query.ts';
import {
  BidStatusEnum,
  CategoryEnum,
  ContractStatusEnum,
  DataAccessTypeEnum,
  DataFormatEnum,
  PriceTickSourceEnum,
  PricingModelEnum,
  UpdateFrequencyEnum,
} from './enums.ts';
import { requestLoader } from './loaders.ts';
import { CATEGORIES, categoryInfo } from '../domain/market/categories.ts';
import { change24h } from '../domain/market/price.rules.ts';
import { cardFiguresLoader } from '../domain/market/market.loaders.ts';
import { CONTRACT_SORTS, COUNT_CAP, countContracts, findContractPage, inOrder, type ContractPage, type ContractSort } from '../domain/market/contracts.list.ts';
import { findContractCards, type ContractCard } from '../domain/market/contract-cards.ts';
import { asksOnlyCards, cardsAsContracts } from './card-selection.ts';
import { canSeeBidDetails, canSeeContract } from '../domain/policies.ts';
import { nextStatuses } from '../domain/transitions/transition.ts';
import { LISTING_MACHINE } from '../domain/listings/listings.machine.ts';
import { BID_MACHINE } from '../domain/market/bids.machine.ts';
import type { Context } from '../context.ts';
import { plainId } from './global-ids.ts';
import { checkOffsetCursors } from './cursors.ts';

// A listing ("contract"): the specification.

const cardFigures = (ctx: Context) => requestLoader(ctx, 'cardFigures', () => cardFiguresLoader(ctx.db));

const PriceChangeType = builder.objectRef<{ change: string; percent: number }>('PriceChange').implement({
  description: 'Change of the market price over the last 24 hours.',
  fields: (t) => ({
    change: t.expose('change', { type: 'Decimal' }),
    percent: t.exposeFloat('percent'),
  }),
});

export const ContractType = builder.prismaNode('Contract', {
  id: { field: 'id' },
  // Pending and rejected listings are visible to their provider and administrators only.
  authScopes: (contract, ctx) => canSeeContract(ctx.viewer, contract),
  fields: (t) => ({
    contractId: t.exposeString('id', { description: 'The plain id used by the REST paths (/api/contracts/{id}).' }),
    title: t.exposeString('title'),
    description: t.exposeString('description'),
    category: t.expose('category', { type: CategoryEnum }),
    categoryLabel: t.string({ resolve: (c) => categoryInfo(c.category).label }),
    ticker: t.string({ description: "The category's own four-letter ticker: FINX, CONS, HLTH, SOCL, ECOM, ... (one per category).", resolve: (c) => categoryInfo(c.category).ticker }),
    status: t.expose('status', { type: ContractStatusEnum }),
    nextStatuses: t.field({
      type: [ContractStatusEnum],
      description: 'The statuses this listing may move to next (the listing machine; who may move it is checked on the move).',
      resolve: (c) => [...nextStatuses(LISTING_MACHINE, c.status)],
    }),
    price: t.expose('price', { type: 'Decimal', description: 'List price.' }),
    marketPrice: t.expose('marketPrice', { type: 'Decimal', description: 'Last sale price, else the list price.' }),
    priceChange24h: t.field({
      type: PriceChangeType,
      nullable: true,
      description: 'Null when there is no price from 24 hours ago.',
      resolve: async (c, _args, ctx) => change24h(c.marketPrice, (await cardFigures(ctx).load(c.id)).price24hAgo),
    }),
    pricingModel: t.expose('pricingModel', { type: PricingModelEnum }),
    updateFrequency: t.expose('updateFrequency', { type: UpdateFrequencyEnum }),
    recordCount: t.exposeInt('recordCount', { nullable: true }),
    fieldCount: t.exposeInt('fieldCount', { nullable: true }),
    dataFormat: t.expose('dataFormat', { type: DataFormatEnum }),
    deliveryMethod: t.exposeString('deliveryMethod', { nullable: true }),
    sampleSize: t.exposeString('sampleSize', { nullable: true }),
    geographicCoverage: t.exposeString('geographicCoverage', { nullable: true }),
    dataSource: t.exposeString('dataSource', { nullable: true }),
    dataAccessType: t.expose('dataAccessType', { type: DataAccessTypeEnum }),
    sampleData: t.field({ type: 'JSON', description: 'Sample rows (objects).', resolve: (c) => (Array.isArray(c.sampleData) ? c.sampleData : []) }),
    dataFields: t.exposeStringList('dataFields'),
    isEnterprise: t.exposeBoolean('isEnterprise'),
    salesCount: t.exposeInt('salesCount', { description: 'Completed sales.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    provider: t.relation('provider'),
    viewerIsProvider: t.boolean({ resolve: (c, _args, ctx) => ctx.viewer?.id === c.providerId }),
    highestBid: t.field({
      type: 'Decimal',
      nullable: true,
      description: 'The bid side: the highest open bid.',
      resolve: async (c, _args, ctx) => (await cardFigures(ctx).load(c.id)).highestBid,
    }),
    openBidCount: t.int({ resolve: async (c, _args, ctx) => (await cardFigures(ctx).load(c.id)).openBidCount }),
    bids: t.relatedConnection('bids', {
      cursor: 'id',
      description: 'Newest first. Everyone sees amounts; bidder and message only the bidder, the provider and administrators.',
      args: { status: t.arg({ type: BidStatusEnum }) },
      query: (args) => ({ where: args.status ? { status: args.status } : {}, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
      totalCount: true,
    }),
    priceHistory: t.relation('priceTicks', {
      args: { days: t.arg.int({ defaultValue: 90 }) },
      description: 'Market price ticks, oldest first (the price chart).',
      query: (args) => ({
        where: { createdAt: { gte: new Date(Date.now() - Math.min(Math.max(args.days ?? 90, 1), 3650) * 86400_000) } },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        take: 2000,
      }),
    }),
    reviews: t.relatedConnection('reviews', {
      cursor: 'id',
      query: () => ({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
      totalCount: true,
    }),
  }),
});

builder.prismaNode('Bid', {
  id: { field: 'id' },
  // Every bid knows its listing's provider: it decides who sees the bidder and the message.
  include: { contract: { select: { providerId: true } } },
  fields: (t) => ({
    bidId: t.exposeString('id'),
    contractId: t.exposeString('contractId', {
      description: "The plain id of the bid's contract (REST paths); its bidder reads it even when the listing is no longer public.",
    }),
    amount: t.expose('amount', { type: 'Decimal' }),
    status: t.expose('status', { type: BidStatusEnum }),
    nextStatuses: t.field({
      type: [BidStatusEnum],
      description: 'The statuses this bid may move to next (the bid machine; who may move it is checked on the move).',
      resolve: (bid) => [...nextStatuses(BID_MACHINE, bid.status)],
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    decidedAt: t.expose('decidedAt', { type: 'DateTime', nullable: true }),
    contract: t.relation('contract'),
    message: t.string({
      nullable: true,
      resolve: (bid, _args, ctx) => (canSeeBidDetails(ctx.viewer, bid, bid.contract.providerId) ? bid.message : null),
    }),
    bidder: t.relation('bidder', {
      nullable: true,
      description: 'Null for anyone but the bidder, the provider and administrators.',
      authScopes: (bid, _args, ctx) => canSeeBidDetails(ctx.viewer, bid, bid.contract.providerId),
      unauthorizedResolver: () => null,
    }),
    viewerIsBidder: t.boolean({ resolve: (bid, _args, ctx) => ctx.viewer?.id === bid.bidderId }),
  }),
});

builder.prismaObject('PriceTick', {
  fields: (t) => ({
    price: t.expose('price', { type: 'Decimal' }),
    at: t.expose('createdAt', { type: 'DateTime' }),
    source: t.expose('source', { type: PriceTickSourceEnum }),
  }),
});

builder.prismaNode('Review', {
  id: { field: 'id' },
  fields: (t) => ({
    rating: t.exposeInt('rating'),
    text: t.exposeString('text', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    reviewer: t.relation('reviewer'),
    contract: t.relation('contract'),
  }),
});

const CategoryInfo = builder.objectRef<(typeof CATEGORIES)[number]>('CategoryInfo').implement({
  fields: (t) => ({
    slug: t.expose('slug', { type: CategoryEnum }),
    label: t.exposeString('label'),
    ticker: t.exposeString('ticker'),
  }),
});

export const ContractSortEnum = builder.enumType('ContractSort', {
  values: {
    MOST_RELEVANT: { value: 'relevant' },
    NEWEST: { value: 'newest' },
    PRICE_LOW: { value: 'price-low' },
    PRICE_HIGH: { value: 'price-high' },
    RATING: { value: 'rating' },
    POPULAR: { value: 'popular' },
  } as const satisfies Record<string, { value: ContractSort }>,
});
void CONTRACT_SORTS;

export const ContractFilterInput = builder.inputType('ContractFilter', {
  fields: (t) => ({
    category: t.field({ type: CategoryEnum }),
    minPrice: t.field({ type: 'Decimal' }),
    maxPrice: t.field({ type: 'Decimal' }),
    minProviderRating: t.float({ description: '5.0 Premium, 4.0 Excellent, 3.0 Good.' }),
    freshness: t.field({ type: [UpdateFrequencyEnum], description: 'Update frequencies to include.' }),
    search: t.string({ description: 'Words matched against title, description, category and fields (prefixes count).' }),
  }),
});

builder.queryFields((t) => ({
  categories: t.field({ type: [CategoryInfo], resolve: () => CATEGORIES }),
  contracts: t.connection(
    {
      type: ContractType,
      description: 'Active contracts, filtered and sorted. Cursors are offsets, so a pager can jump to any page.',
      args: {
        filter: t.arg({ type: ContractFilterInput }),
        sort: t.arg({ type: ContractSortEnum, defaultValue: 'relevant' }),
      },
      resolve: async (_root, args, ctx, info) => {
        let totalCount = 0;
        let totalCountIsExact = true;
        checkOffsetCursors(args);
        // `last` without `before` (nor `first`) asks for the end of the list: where it ends takes
        // an exact count (Relay's connection specification; the capped count cannot say).
        const endOfList = args.last != null && args.before == null && args.first == null ? await countContracts(ctx.services.sql, args.filter ?? {}) : undefined;
        const connection = await resolveOffsetConnection({ args, defaultSize: 20, maxSize: 100, totalCount: endOfList }, async ({ offset, limit }) => {
          const options = { filter: args.filter ?? {}, sort: args.sort ?? 'relevant', offset, limit };
          // Pothos plans the nodes' relations either way: its plan is how `provider` finds the
          // provider on the row instead of loading it again.
          const query = queryFromInfo({ context: ctx, info, path: ['edges', 'node'], typeName: 'Contract' });
          // A page of cards only (the floor, browse, search): one plain statement.
          const page: ContractPage & { cards?: ContractCard[] } = asksOnlyCards(info) ? await findContractCards(ctx.services.sql, options) : await findContractPage(ctx.db, options);
          ({ totalCount, totalCountIsExact } = page);
          if (page.ids.length === 0) return [];
          // The page statement read the cards' figures already: the cards' fields find them there.
          const figures = cardFigures(ctx);
          for (const [id, f] of page.figures) figures.prime(id, f);
          if (page.cards) return cardsAsContracts(page.cards);
          return inOrder(page.ids, await ctx.db.contract.findMany({ ...query, where: { id: { in: page.ids } } }));
        });
        return { ...connection, totalCount, totalCountIsExact };
      },
    },
    {
      fields: (c) => ({
        totalCount: c.int({
          description: `How many contracts match, counted up to ${COUNT_CAP.toLocaleString('en-US')} (see totalCountIsExact).`,
          resolve: (conn) => (conn as unknown as { totalCount: number }).totalCount,
        }),
        totalCountIsExact: c.boolean({
          description: `False when more than ${COUNT_CAP.toLocaleString('en-US')} contracts match: totalCount is then that cap ("10,000+").`,
          resolve: (conn) => (conn as unknown as { totalCountIsExact: boolean }).totalCountIsExact,
        }),
      }),
    },
  ),
  contract: t.prismaField({
    type: 'Contract',
    nullable: true,
    description: 'One contract by its id (global or plain); null when unknown or not visible.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const id = plainId(String(args.id), 'Contract');
      const contract = await ctx.db.contract.findUnique({ ...selectable(query), where: { id } });
      if (!contract) return null;
      return canSeeContract(ctx.viewer, contract) ? contract : null;
    },
  }),
}));
