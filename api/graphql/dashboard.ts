import { builder } from './builder.ts';
import { selectable } from './prisma-query.ts';
import { UserType } from './user.ts';
import { ContractStatusEnum } from './enums.ts';
import {
  dailySpendAndSales,
  dashboardSummary,
  recentActivity,
  type ActivityEvent,
  type DailyAmounts,
  type DashboardSummary,
} from '../domain/market/dashboard.service.ts';
import { showsSellerFigures } from '../domain/earnings/earnings.rules.ts';
import { SALE_PAYMENT_STATUSES } from '../domain/payments/payments.rules.ts';
import type { User } from '../db/generated/prisma/client.ts';
import type { Context } from '../context.ts';
import { isSelf } from '../domain/policies.ts';
import { noteWholeList, totalOf } from './whole-list-count.ts';

// The viewer's own dashboard data (the dashboard's tabs). Only the user reads these:
// for anyone else they are null.
const selfOnly = { authScopes: (user: User, _args: unknown, ctx: Context) => isSelf(ctx.viewer, user.id), unauthorizedResolver: () => null } as const;

const DashboardSummaryType = builder.objectRef<DashboardSummary & { showsSellerFigures: boolean }>('DashboardSummary').implement({
  fields: (t) => ({
    activePurchases: t.exposeInt('activePurchases'),
    totalSpent: t.expose('totalSpent', { type: 'Decimal' }),
    activeListings: t.exposeInt('activeListings'),
    averageRating: t.exposeFloat('averageRating', { nullable: true, description: 'As a provider; null without reviews.' }),
    openBids: t.exposeInt('openBids'),
    unreadMessages: t.exposeInt('unreadMessages'),
    messagesReceived: t.exposeInt('messagesReceived'),
    salesCount: t.exposeInt('salesCount', { description: 'As a provider: sales paid for (escrowed, disputed or released).' }),
    escrowHeld: t.expose('escrowHeld', { type: 'Decimal', description: 'As a provider: their 90% share of sales still in escrow or under dispute.' }),
    paidOut: t.expose('paidOut', { type: 'Decimal', description: 'As a provider: their 90% share of released sales.' }),
    pendingPayouts: t.exposeInt('pendingPayouts', { description: 'As a provider: sales whose payout is still held (escrowed or disputed).' }),
    showsSellerFigures: t.exposeBoolean('showsSellerFigures', {
      description: 'Whether the screens show the seller figures above: the user is approved to sell or has a sale.',
    }),
  }),
});

const ActivityEventType = builder.objectRef<ActivityEvent>('ActivityEvent').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.exposeString('kind', { description: 'purchase, sale, bid_placed, bid_received, bid_accepted, bid_declined, listing_approved, listing_rejected, listing_submitted' }),
    at: t.expose('at', { type: 'DateTime' }),
    contractId: t.exposeString('contractId'),
    contractTitle: t.exposeString('contractTitle'),
    amount: t.expose('amount', { type: 'Decimal', nullable: true }),
    detail: t.exposeString('detail'),
  }),
});

const DailyAmountsType = builder.objectRef<DailyAmounts>('DailyAmounts').implement({
  fields: (t) => ({
    day: t.exposeString('day', { description: 'UTC date, YYYY-MM-DD.' }),
    spent: t.expose('spent', { type: 'Decimal' }),
    earned: t.expose('earned', { type: 'Decimal', description: 'Provider share (90%) of sales.' }),
  }),
});

builder.prismaObjectFields(UserType, (t) => ({
  dashboardSummary: t.field({
    type: DashboardSummaryType,
    nullable: true,
    ...selfOnly,
    resolve: async (user, _args, ctx) => {
      const summary = await dashboardSummary(ctx.services.sql, user.id);
      return { ...summary, showsSellerFigures: showsSellerFigures(user, summary.salesCount) };
    },
  }),
  recentActivity: t.field({
    type: [ActivityEventType],
    nullable: true,
    args: { limit: t.arg.int({ defaultValue: 15 }) },
    ...selfOnly,
    resolve: (user, args, ctx) => recentActivity(ctx.services.sql, user.id, Math.min(Math.max(args.limit ?? 15, 1), 50)),
  }),
  dailyAmounts: t.field({
    type: [DailyAmountsType],
    nullable: true,
    args: { days: t.arg.int({ defaultValue: 30 }) },
    ...selfOnly,
    resolve: (user, args, ctx) => dailySpendAndSales(ctx.db, user.id, Math.min(Math.max(args.days ?? 30, 1), 365)),
  }),
  // Read on its own (a connection of the model, not a relation of the user), as the positions and
  // conversations are: the viewer then comes from the session check's row, where a relation made
  // it read the user again first (issue 28: the library's statements).
  purchases: t.prismaConnection({
    type: 'Purchase',
    cursor: 'id',
    nullable: true,
    ...selfOnly,
    totalCount: (user, args, ctx) => totalOf(args, () => ctx.db.purchase.count({ where: { buyerId: user.id } })),
    resolve: async (query, user, args, ctx) =>
      noteWholeList(args, query, await ctx.db.purchase.findMany({ ...selectable(query), where: { buyerId: user.id }, orderBy: [{ purchaseDate: 'desc' }, { id: 'desc' }] })),
  }),
  listings: t.relatedConnection('contracts', {
    cursor: 'id',
    nullable: true,
    ...selfOnly,
    args: { status: t.arg({ type: ContractStatusEnum }) },
    query: (args) => ({ where: args.status ? { status: args.status } : {}, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
    totalCount: true,
  }),
  payments: t.relatedConnection('paymentsMade', {
    cursor: 'id',
    nullable: true,
    ...selfOnly,
    query: () => ({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
    totalCount: true,
  }),
  sales: t.relatedConnection('paymentsReceived', {
    cursor: 'id',
    nullable: true,
    ...selfOnly,
    description: 'The user’s sales as a provider, newest first: payments paid for (escrowed, disputed, released) or refunded; never a buyer’s attempt that took no money.',
    query: () => ({ where: { status: { in: [...SALE_PAYMENT_STATUSES] } }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
    totalCount: true,
  }),
  bidsPlaced: t.relatedConnection('bids', {
    cursor: 'id',
    nullable: true,
    ...selfOnly,
    query: () => ({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
    totalCount: true,
  }),
}));
