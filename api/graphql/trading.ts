import { builder } from './builder.ts';
import { selectable } from './prisma-query.ts';
import { plainId } from './global-ids.ts';
import { PositionCloseReasonEnum, PositionStatusEnum, PositionTypeEnum } from './enums.ts';
import { UserType } from './user.ts';
import { closePosition, openPosition } from '../domain/trading/positions.service.ts';
import { profitAndLoss, profitAndLossPercent } from '../domain/trading/positions.rules.ts';
import { decimalString, parseMoney } from '../domain/money/money.ts';
import { AuthenticationError, ConflictError, NotFoundError, ValidationError } from '../domain/errors.ts';
import type { Position, User } from '../db/generated/prisma/client.ts';
import type { Context } from '../context.ts';
import { isSelf } from '../domain/policies.ts';
import { noteWholeList, totalOf } from './whole-list-count.ts';

// Paper positions (docs/decisions.md "Trading"): only their trader reads, follows or closes them.
// Anyone else looking one up gets what an id naming nothing gets.

const NOBODY = '00000000-0000-0000-0000-000000000000';
const viewerId = (ctx: Context) => ctx.viewer?.id ?? NOBODY;
const selfOnly = { authScopes: (user: User, _args: unknown, ctx: Context) => isSelf(ctx.viewer, user.id), unauthorizedResolver: () => null } as const;

const cents = (v: { toFixed(dp: number): string }) => parseMoney(v.toFixed(2));
type Marked = Position & { contract: { marketPrice: { toFixed(dp: number): string } } };
/** The price the P/L is taken at: the market price while open, the exit price once closed. */
const markOf = (p: Marked) => cents(p.status === 'closed' && p.exitPrice ? p.exitPrice : p.contract.marketPrice);
const withMarket = { contract: { select: { marketPrice: true } } } as const;

export const PositionNode = builder.prismaNode('Position', {
  id: { field: 'id' },
  findUnique: (id, ctx) => ({ id, userId: viewerId(ctx) }),
  fields: (t) => {
    /** A figure of the position at its mark (the market price while open, the exit price once closed). */
    const atMark = (description: string, figure: (m: Marked) => string | NonNullable<Position['realizedPnl']>) =>
      t.field({ type: 'Decimal', description, select: withMarket, resolve: (p) => figure(p as Marked) });
    return {
      positionId: t.exposeString('id', { description: 'The plain id the REST paths use.' }),
      contractId: t.exposeString('contractId'),
      contract: t.relation('contract'),
      positionType: t.expose('positionType', { type: PositionTypeEnum }),
      status: t.expose('status', { type: PositionStatusEnum }),
      entryPrice: t.expose('entryPrice', { type: 'Decimal', description: 'The market price when it opened (set by the server).' }),
      currentPrice: atMark('The market price now while open; the exit price once closed.', (m) => decimalString(markOf(m))),
      quantity: t.expose('quantity', { type: 'Decimal' }),
      leverage: t.exposeInt('leverage', { description: 'The multiplier, 1 to 5.' }),
      margin: t.expose('margin', { type: 'Decimal', description: 'entry x quantity / multiplier: a figure, no money is held.' }),
      stopLoss: t.expose('stopLoss', { type: 'Decimal', nullable: true }),
      takeProfit: t.expose('takeProfit', { type: 'Decimal', nullable: true }),
      exitPrice: t.expose('exitPrice', { type: 'Decimal', nullable: true }),
      realizedPnl: t.expose('realizedPnl', { type: 'Decimal', nullable: true }),
      closeReason: t.expose('closeReason', { type: PositionCloseReasonEnum, nullable: true }),
      openedAt: t.expose('openedAt', { type: 'DateTime' }),
      closedAt: t.expose('closedAt', { type: 'DateTime', nullable: true }),
      pnl: atMark(
        'P/L at the current price while open (long: (current - entry) x quantity x multiplier; short the negative); the realised P/L once closed.',
        (m) => (m.status === 'closed' && m.realizedPnl ? m.realizedPnl : decimalString(profitAndLoss(m.positionType, cents(m.entryPrice), markOf(m), cents(m.quantity), m.leverage))),
      ),
      pnlPercent: atMark('P/L as a percentage of entry x quantity, two places.', (m) => profitAndLossPercent(m.positionType, cents(m.entryPrice), markOf(m), m.leverage)),
    };
  },
});

builder.prismaObjectFields(UserType, (t) => ({
  positions: t.prismaConnection({
    type: 'Position',
    cursor: 'id',
    nullable: true,
    description: "The user's paper positions, newest first, optionally of one status (only the user reads these).",
    ...selfOnly,
    args: { status: t.arg({ type: PositionStatusEnum }) },
    totalCount: (user, args, ctx) => totalOf(args, () => ctx.db.position.count({ where: { userId: user.id, ...(args.status ? { status: args.status } : {}) } })),
    resolve: async (query, user, args, ctx) =>
      noteWholeList(
        args,
        query,
        await ctx.db.position.findMany({
          ...selectable(query),
          where: { userId: user.id, ...(args.status ? { status: args.status } : {}) },
          orderBy: [{ openedAt: 'desc' }, { id: 'desc' }],
        }),
      ),
  }),
}));

const OpenPositionInput = builder.inputType('OpenPositionInput', {
  fields: (t) => ({
    contractId: t.id({ description: 'Required: an active contract.' }),
    positionType: t.field({ type: PositionTypeEnum, required: true }),
    quantity: t.field({ type: 'Decimal', description: 'Required, above 0, at most two places.' }),
    leverage: t.int({ description: 'The multiplier, 1 to 5 (1 when absent).' }),
    stopLoss: t.field({ type: 'Decimal', description: 'Optional: closes the position when the market price crosses it.' }),
    takeProfit: t.field({ type: 'Decimal', description: 'Optional: closes the position when the market price crosses it.' }),
  }),
});

const ClosePositionInput = builder.inputType('ClosePositionInput', {
  fields: (t) => ({ positionId: t.id({ required: true }) }),
});

builder.mutationFields((t) => ({
  openPosition: t.prismaField({
    type: 'Position',
    errors: { types: [ValidationError, AuthenticationError, NotFoundError, ConflictError] },
    description: 'Opens a paper position at the market price now; entry price and margin are the server’s.',
    args: { input: t.arg({ type: OpenPositionInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      // a blank contract stays blank, so the trader hears that it is required (not that it is unknown)
      const given = input.contractId == null ? '' : String(input.contractId).trim();
      const contractId = given ? plainId(given, 'Contract') : null;
      const position = await openPosition({ db: ctx.db, events: ctx.services.events }, ctx.viewer, { ...input, contractId });
      return ctx.db.position.findUniqueOrThrow({ ...selectable(query), where: { id: position.id } });
    },
  }),
  closePosition: t.prismaField({
    type: 'Position',
    errors: { types: [AuthenticationError, NotFoundError, ConflictError] },
    description: 'Closes one of the viewer’s open positions at the market price now, recording the realised P/L.',
    args: { input: t.arg({ type: ClosePositionInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const position = await closePosition({ db: ctx.db, events: ctx.services.events }, ctx.viewer, plainId(String(input.positionId), 'Position'));
      return ctx.db.position.findUniqueOrThrow({ ...selectable(query), where: { id: position.id } });
    },
  }),
}));

builder.subscriptionFields((t) => ({
  positionUpdated: t.prismaField({
    type: 'Position',
    description: "One of the viewer's positions opened, closed (by hand, stop-loss or take-profit), or was marked at a new market price.",
    subscribe: (_root, _args, ctx) => {
      if (!ctx.viewer) throw new AuthenticationError();
      return ctx.services.events.subscribe('positionUpdated', ctx.viewer.id);
    },
    resolve: (query, event: { positionId: string }, _args, ctx) => ctx.db.position.findUniqueOrThrow({ ...selectable(query), where: { id: event.positionId } }),
  }),
}));
