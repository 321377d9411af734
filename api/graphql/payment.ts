import { builder } from './builder.ts';
import { selectable } from './prisma-query.ts';
import { plainId } from './global-ids.ts';
import { PaymentStatusEnum } from './enums.ts';
import { DisputeReason, DisputeStatus, PaymentMethod } from '../db/generated/prisma/enums.ts';
import type { Context } from '../context.ts';
import type { Payment } from '../db/generated/prisma/client.ts';
import { paymentNextStatuses } from '../domain/payments/payments.machine.ts';
import { escrowReleaseAt } from '../domain/payments/payments.rules.ts';
import { canSeePayment } from '../domain/policies.ts';
import type { PaymentDeps } from '../domain/payments/payments.deps.ts';
import { openDispute, settleDispute } from '../domain/payments/payments.disputes.ts';
import { confirmPayment, type EscrowConfirmation } from '../domain/payments/payments.escrow.ts';
import { createPayment, latestOwnPayment, quoteFor, type Quote } from '../domain/payments/payments.trade.ts';
import { followPayment } from '../domain/payments/payments.events.ts';
import { AuthenticationError, ConflictError, DomainError, NotFoundError, PermissionError, ValidationError } from '../domain/errors.ts';

// Paying through escrow and disputes (docs/decisions.md, "Commerce (server side): payments, escrow and disputes").

// The app's payment provider (api/app.ts: the built-in simulation unless another is given).
const paymentDeps = (ctx: Context): PaymentDeps => ({
  ...ctx.services,
  provider: ctx.services.paymentProvider,
  reconcileAfterMs: ctx.services.config.paymentReconcileAfterMs,
});

export const PaymentMethodEnum = builder.enumType(PaymentMethod, { name: 'PaymentMethod' });
export const DisputeReasonEnum = builder.enumType(DisputeReason, { name: 'DisputeReason' });
export const DisputeStatusEnum = builder.enumType(DisputeStatus, { name: 'DisputeStatus' });
const SettlementEnum = builder.enumType('DisputeSettlement', { values: ['refund', 'release'] as const });

builder.prismaNode('Payment', {
  id: { field: 'id' },
  // Its buyer, its seller (the listing's provider) and administrators.
  authScopes: (p, ctx) => canSeePayment(ctx.viewer, p),
  fields: (t) => ({
    paymentId: t.exposeString('id', { description: 'The plain id used by the REST paths (/api/payments/{id}).' }),
    contractId: t.exposeString('contractId'),
    buyerId: t.exposeString('buyerId'),
    sellerId: t.exposeString('sellerId'),
    amount: t.expose('amount', { type: 'Decimal', description: 'The price paid for the data: the list price or the buyer’s accepted bid.' }),
    fee: t.expose('fee', { type: 'Decimal', description: 'Payment processing fee: 2.5% of the price.' }),
    total: t.expose('total', { type: 'Decimal', description: 'What the buyer is charged: amount + fee.' }),
    commission: t.expose('commission', { type: 'Decimal', description: 'The platform’s 10% of the price, kept on release.' }),
    providerAmount: t.expose('providerAmount', { type: 'Decimal', description: 'What the provider receives on release: 90% of the price.' }),
    status: t.expose('status', { type: PaymentStatusEnum }),
    nextStatuses: t.field({
      type: [PaymentStatusEnum],
      description:
        'The statuses this payment may move to next (the payment machine; who may move it is checked on the move). `processing` (a confirmation waiting for the payment provider) is not listed: a pending payment shows where paying leads, escrowed or failed.',
      resolve: (p) => paymentNextStatuses(p.status),
    }),
    paymentMethod: t.expose('paymentMethod', { type: PaymentMethodEnum }),
    stripePaymentIntentId: t.exposeString('stripePaymentIntentId', { nullable: true, description: 'The payment provider’s reference of the charge.' }),
    failureReason: t.exposeString('failureReason', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    escrowStartedAt: t.expose('escrowStartedAt', { type: 'DateTime', nullable: true }),
    escrowEndsAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the 24-hour dispute window closes and the money is released without a dispute.',
      resolve: (p) => (p.escrowStartedAt ? escrowReleaseAt(p.escrowStartedAt) : null),
    }),
    releasedAt: t.expose('releasedAt', { type: 'DateTime', nullable: true }),
    refundedAt: t.expose('refundedAt', { type: 'DateTime', nullable: true }),
    contract: t.relation('contract'),
    buyer: t.relation('buyer'),
    seller: t.relation('seller'),
    purchase: t.relation('purchase', { nullable: true }),
    dispute: t.relation('dispute', { nullable: true }),
  }),
});

builder.prismaNode('Dispute', {
  id: { field: 'id' },
  include: { payment: { select: { buyerId: true, sellerId: true } } },
  authScopes: (d, ctx) => canSeePayment(ctx.viewer, d.payment),
  fields: (t) => ({
    disputeId: t.exposeString('id'),
    paymentId: t.exposeString('paymentId'),
    reason: t.expose('reason', { type: DisputeReasonEnum }),
    description: t.exposeString('description'),
    status: t.expose('status', { type: DisputeStatusEnum }),
    resolution: t.exposeString('resolution', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    resolvedAt: t.expose('resolvedAt', { type: 'DateTime', nullable: true }),
    raisedBy: t.relation('raisedBy'),
    payment: t.relation('payment'),
  }),
});

// The trade behind a purchase: its payment (escrow status and countdown on the library and success pages).
builder.prismaObjectFields('Purchase', (t) => ({
  payment: t.relation('payment', { nullable: true }),
}));

const QuoteRef = builder.objectRef<Quote>('PaymentQuote').implement({
  description: 'What the viewer pays for a contract: the list price, or their accepted bid’s amount.',
  fields: (t) => ({
    price: t.field({ type: 'Decimal', resolve: (q) => q.price }),
    fee: t.field({ type: 'Decimal', description: 'Payment processing fee: 2.5% of the price.', resolve: (q) => q.fee }),
    total: t.field({ type: 'Decimal', description: 'Price + fee: what the card is charged.', resolve: (q) => q.total }),
    fromAcceptedBid: t.boolean({ description: 'The price is the viewer’s accepted bid, not the list price.', resolve: (q) => q.bidId !== null }),
  }),
});

builder.prismaObjectFields('Contract', (t) => ({
  viewerQuote: t.field({
    type: QuoteRef,
    nullable: true,
    description: 'What the logged-in viewer would pay now (null when logged out). One query per contract: ask for it on one contract, not in lists.',
    select: { id: true, price: true },
    resolve: (c, _args, ctx) => quoteFor(ctx.db, ctx.viewer, c),
  }),
}));

builder.queryFields((t) => ({
  payment: t.prismaField({
    type: 'Payment',
    nullable: true,
    description: 'A payment its buyer, its seller or an administrator may read; null otherwise.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const payment = await ctx.db.payment.findUnique({ ...selectable(query), where: { id: plainId(String(args.id), 'Payment') } });
      return payment && canSeePayment(ctx.viewer, payment as Payment) ? payment : null;
    },
  }),
  myPaymentForContract: t.prismaField({
    type: 'Payment',
    nullable: true,
    description: 'The logged-in buyer’s latest payment for the contract (the payment and payment-success pages).',
    authScopes: { loggedIn: true },
    args: { contractId: t.arg.id({ required: true }) },
    resolve: (query, _root, args, ctx) => latestOwnPayment(ctx.db, ctx.viewer, plainId(String(args.contractId), 'Contract'), selectable(query)),
  }),
  disputedPayments: t.prismaConnection({
    type: 'Payment',
    cursor: 'id',
    description: 'Payments under dispute, oldest first, for the compliance dashboard (administrators).',
    authScopes: { admin: true },
    totalCount: (_root, _args, ctx) => ctx.db.payment.count({ where: { status: 'disputed' } }),
    resolve: (query, _root, _args, ctx) => ctx.db.payment.findMany({ ...selectable(query), where: { status: 'disputed' }, orderBy: [{ updatedAt: 'asc' }, { id: 'asc' }] }),
  }),
}));

const CreatePaymentInput = builder.inputType('CreatePaymentInput', {
  fields: (t) => ({
    contractId: t.id({ required: true }),
    paymentMethod: t.field({ type: PaymentMethodEnum, required: true }),
    amount: t.string({ description: 'The total the page showed (price + 2.5% fee, two decimals); refused when it is not the server’s.' }),
    idempotencyKey: t.string({ description: 'The same key again answers the same payment instead of creating another.' }),
    autoRenew: t.boolean({ description: 'A subscription paid by card renews automatically before each period ends, charging the card kept at the payment provider. Omitted: unchanged (off for a new payment).' }),
  }),
});

const CardInput = builder.inputType('CardInput', {
  description: 'Passed to the payment provider, never stored (a subscription that renews keeps the provider’s token, with the brand, last four digits and expiry).',
  fields: (t) => ({
    number: t.string({ required: true }),
    expMonth: t.int({ required: true }),
    expYear: t.int({ required: true }),
    cvc: t.string({ required: true }),
  }),
});

const ConfirmPaymentInput = builder.inputType('ConfirmPaymentInput', {
  fields: (t) => ({
    paymentId: t.id({ required: true }),
    card: t.field({ type: CardInput, description: 'Required for card payments.' }),
  }),
});

const OpenDisputeInput = builder.inputType('OpenDisputeInput', {
  fields: (t) => ({
    paymentId: t.id({ required: true }),
    reason: t.field({ type: DisputeReasonEnum, required: true }),
    description: t.string({ required: true }),
  }),
});

const SettleDisputeInput = builder.inputType('SettleDisputeInput', {
  fields: (t) => ({
    paymentId: t.id({ required: true }),
    decision: t.field({ type: SettlementEnum, required: true }),
    note: t.string(),
  }),
});

const EscrowConfirmationType = builder.objectRef<EscrowConfirmation>('EscrowConfirmation').implement({
  fields: (t) => ({
    payment: t.prismaField({ type: 'Payment', resolve: (query, r, _args, ctx) => ctx.db.payment.findUniqueOrThrow({ ...selectable(query), where: { id: r.payment.id } }) }),
    purchase: t.prismaField({ type: 'Purchase', resolve: (query, r, _args, ctx) => ctx.db.purchase.findUniqueOrThrow({ ...selectable(query), where: { id: r.purchase.id } }) }),
    apiKey: t.exposeString('apiKey', { description: 'The purchase’s API key in full, shown this once; afterwards only its prefix.' }),
    apiKeyPrefix: t.exposeString('apiKeyPrefix'),
  }),
});

builder.mutationFields((t) => ({
  createPayment: t.prismaField({
    type: 'Payment',
    errors: { types: [ValidationError, AuthenticationError, PermissionError, NotFoundError, ConflictError] },
    description: 'Creates (or reuses) the pending payment for a contract at the server’s price.',
    args: { input: t.arg({ type: CreatePaymentInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const { payment } = await createPayment(ctx.db, ctx.viewer, { ...input, contractId: plainId(String(input.contractId), 'Contract') });
      return ctx.db.payment.findUniqueOrThrow({ ...selectable(query), where: { id: payment.id } });
    },
  }),
  confirmPayment: t.field({
    type: EscrowConfirmationType,
    errors: { types: [ValidationError, AuthenticationError, PermissionError, NotFoundError, ConflictError, DomainError] },
    description: 'Confirms a pending payment with the payment provider and starts the 24-hour escrow.',
    args: { input: t.arg({ type: ConfirmPaymentInput, required: true }) },
    resolve: (_root, { input }, ctx) => confirmPayment(paymentDeps(ctx), ctx.viewer, { ...input, paymentId: plainId(String(input.paymentId), 'Payment') }),
  }),
  openDispute: t.prismaField({
    type: 'Dispute',
    errors: { types: [ValidationError, AuthenticationError, PermissionError, NotFoundError, ConflictError] },
    description: 'The buyer disputes an escrowed payment within its 24-hour window.',
    args: { input: t.arg({ type: OpenDisputeInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const dispute = await openDispute(paymentDeps(ctx), ctx.viewer, { ...input, paymentId: plainId(String(input.paymentId), 'Payment') });
      return ctx.db.dispute.findUniqueOrThrow({ ...selectable(query), where: { id: dispute.id } });
    },
  }),
  settleDispute: t.prismaField({
    type: 'Payment',
    errors: { types: [ValidationError, AuthenticationError, PermissionError, NotFoundError, ConflictError] },
    description: 'An administrator refunds (access revoked) or releases a disputed payment.',
    args: { input: t.arg({ type: SettleDisputeInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const payment = await settleDispute(paymentDeps(ctx), ctx.viewer, { ...input, paymentId: plainId(String(input.paymentId), 'Payment') });
      return ctx.db.payment.findUniqueOrThrow({ ...selectable(query), where: { id: payment.id } });
    },
  }),
}));

builder.subscriptionFields((t) => ({
  paymentUpdated: t.prismaField({
    type: 'Payment',
    description:
      'The payment now, then again each time it moves (escrowed, failed, disputed, released, refunded): for its buyer, its seller and administrators.',
    args: { paymentId: t.arg.id({ required: true }) },
    subscribe: (_root, args, ctx) => followPayment({ db: ctx.db, events: ctx.services.events }, ctx.viewer, plainId(String(args.paymentId), 'Payment')),
    resolve: async (query, event: { paymentId: string }, _args, ctx) => {
      // Each push is checked again: only the payment's parties and administrators read it.
      const parties = await ctx.db.payment.findUnique({ where: { id: event.paymentId }, select: { buyerId: true, sellerId: true } });
      if (!parties || !canSeePayment(ctx.viewer, parties)) throw new NotFoundError('Payment not found');
      return ctx.db.payment.findUniqueOrThrow({ ...selectable(query), where: { id: event.paymentId } });
    },
  }),
}));
