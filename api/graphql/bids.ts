import { builder } from './builder.ts';
import { selectable } from './prisma-query.ts';
import { plainId } from './global-ids.ts';
import { decideBid, placeBid, withdrawBid } from '../domain/market/bids.service.ts';
import { AuthenticationError, ConflictError, NotFoundError, PermissionError, RateLimitedError, ValidationError } from '../domain/errors.ts';

// Bids (the product decision "Bids"): logged-in users other than the provider bid on active contracts;
// the provider accepts or declines; the bidder may withdraw an open bid.

const PlaceBidInput = builder.inputType('PlaceBidInput', {
  fields: (t) => ({
    contractId: t.id({ required: true }),
    amount: t.string({ required: true, description: 'A positive amount with at most two decimals ("150.00").' }),
    message: t.string(),
  }),
});

const DecideBidInput = builder.inputType('DecideBidInput', {
  fields: (t) => ({ bidId: t.id({ required: true }) }),
});

const WithdrawBidInput = builder.inputType('WithdrawBidInput', {
  fields: (t) => ({ bidId: t.id({ required: true }) }),
});

builder.mutationFields((t) => ({
  placeBid: t.prismaField({
    type: 'Bid',
    errors: { types: [ValidationError, AuthenticationError, PermissionError, NotFoundError, ConflictError, RateLimitedError] },
    args: { input: t.arg({ type: PlaceBidInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const { limiter, config } = ctx.services;
      const bid = await placeBid(ctx.services, ctx.viewer, { ...input, contractId: plainId(String(input.contractId), 'Contract') }, { limiter, ...config.bidLimits });
      return ctx.db.bid.findUniqueOrThrow({ ...selectable(query), where: { id: bid.id } });
    },
  }),
  acceptBid: t.prismaField({
    type: 'Bid',
    errors: { types: [ValidationError, AuthenticationError, PermissionError, NotFoundError, ConflictError] },
    authScopes: { loggedIn: true },
    args: { input: t.arg({ type: DecideBidInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const bid = await decideBid(ctx.services, ctx.viewer, plainId(String(input.bidId), 'Bid'), 'accepted');
      return ctx.db.bid.findUniqueOrThrow({ ...selectable(query), where: { id: bid.id } });
    },
  }),
  declineBid: t.prismaField({
    type: 'Bid',
    errors: { types: [AuthenticationError, PermissionError, NotFoundError, ConflictError] },
    authScopes: { loggedIn: true },
    args: { input: t.arg({ type: DecideBidInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const bid = await decideBid(ctx.services, ctx.viewer, plainId(String(input.bidId), 'Bid'), 'declined');
      return ctx.db.bid.findUniqueOrThrow({ ...selectable(query), where: { id: bid.id } });
    },
  }),
  withdrawBid: t.prismaField({
    type: 'Bid',
    errors: { types: [AuthenticationError, PermissionError, NotFoundError, ConflictError] },
    authScopes: { loggedIn: true },
    description: 'The bidder withdraws their own open bid (nobody else may).',
    args: { input: t.arg({ type: WithdrawBidInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const bid = await withdrawBid(ctx.services, ctx.viewer, plainId(String(input.bidId), 'Bid'));
      return ctx.db.bid.findUniqueOrThrow({ ...selectable(query), where: { id: bid.id } });
    },
  }),
}));
