import { builder } from './builder.ts';
import { selectable } from './prisma-query.ts';
import { plainId } from './global-ids.ts';
import { RenewalOutcome, RenewalStatus } from '../db/generated/prisma/enums.ts';
import { isBuyerOf } from '../domain/policies.ts';
import { renewJobKeyPrefix } from '../domain/subscriptions/renewals.rules.ts';
import { setPurchaseAutoRenew } from '../domain/subscriptions/renewals.service.ts';
import { AuthenticationError, ConflictError, NotFoundError, PermissionError, ValidationError } from '../domain/errors.ts';

// Subscriptions that renew (docs/decisions.md, "Issue 26: subscriptions that renew"): how a
// purchase renews, its renewal attempts, and the buyer's switch. The purchase is readable by its
// buyer, its provider and administrators; the kept card only by its buyer.

export const RenewalStatusEnum = builder.enumType(RenewalStatus, {
  name: 'RenewalStatus',
  description: 'off: does not renew; scheduled: renews before the period ends; retrying: an attempt was declined, another is scheduled; failed: every attempt was declined, access ends with the period; cancelled: the buyer stopped it, access lasts until the end of the paid period.',
});
const RenewalOutcomeEnum = builder.enumType(RenewalOutcome, { name: 'RenewalOutcome' });

const SavedPaymentMethodRef = builder.prismaObject('SavedPaymentMethod', {
  description: 'A card kept at the payment provider for renewals: never its number.',
  fields: (t) => ({
    brand: t.exposeString('brand'),
    last4: t.exposeString('last4'),
    expMonth: t.exposeInt('expMonth'),
    expYear: t.exposeInt('expYear'),
  }),
});

builder.prismaObject('PurchaseRenewal', {
  description: 'One renewal attempt of a subscription: the payment it made and the period it was for.',
  fields: (t) => ({
    renewalId: t.exposeString('id'),
    periodStart: t.expose('periodStart', { type: 'DateTime' }),
    periodEnd: t.expose('periodEnd', { type: 'DateTime' }),
    attempt: t.exposeInt('attempt'),
    outcome: t.expose('outcome', { type: RenewalOutcomeEnum }),
    failureReason: t.exposeString('failureReason', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    payment: t.relation('payment', { description: 'The renewal’s payment: escrowed, disputable and invoiced like any other (failed when declined).' }),
    // Flat copies of the payment's figures and invoice: the library's list is near the depth limit.
    total: t.field({ type: 'Decimal', description: 'What the renewal charged (its payment’s total).', select: { payment: { select: { total: true } } }, resolve: (r) => r.payment.total }),
    invoiceNumber: t.string({
      nullable: true,
      description: 'The number of its payment’s invoice (a renewed period; null for a declined attempt).',
      select: { payment: { select: { invoices: { where: { kind: 'invoice' }, select: { number: true } } } } },
      resolve: (r) => r.payment.invoices[0]?.number ?? null,
    }),
    invoiceUrl: t.string({
      nullable: true,
      description: 'Where its invoice’s PDF is (GET, its buyer, seller and administrators).',
      select: { paymentId: true, payment: { select: { invoices: { where: { kind: 'invoice' }, select: { id: true } } } } },
      resolve: (r) => (r.payment.invoices[0] ? `/api/payments/${r.paymentId}/invoice` : null),
    }),
  }),
});

builder.prismaObjectFields('Purchase', (t) => ({
  autoRenew: t.exposeBoolean('autoRenew', { description: 'The buyer chose to renew this subscription automatically.' }),
  renewalStatus: t.expose('renewalStatus', { type: RenewalStatusEnum }),
  renewalFailureReason: t.exposeString('renewalFailureReason', { nullable: true, description: 'Why the last renewal attempt was declined (or why the subscription does not renew).' }),
  renewalCancelledAt: t.expose('renewalCancelledAt', { type: 'DateTime', nullable: true }),
  renewsAt: t.field({
    type: 'DateTime',
    nullable: true,
    description: 'When the next renewal attempt charges the kept card; null when it does not renew.',
    select: { id: true, renewalStatus: true },
    resolve: async (p, _args, ctx) => {
      if (p.renewalStatus !== 'scheduled' && p.renewalStatus !== 'retrying') return null;
      const next = await ctx.db.job.findFirst({ where: { key: { startsWith: renewJobKeyPrefix(p.id) }, status: 'pending' }, orderBy: { runAt: 'asc' }, select: { runAt: true } });
      return next?.runAt ?? null;
    },
  }),
  savedPaymentMethod: t.field({
    type: SavedPaymentMethodRef,
    nullable: true,
    description: 'The card kept for renewing: its buyer alone sees it.',
    select: { buyerId: true, savedPaymentMethod: true },
    resolve: (p, _args, ctx) => (isBuyerOf(ctx.viewer, p) ? p.savedPaymentMethod : null),
  }),
  renewals: t.relation('renewals', { description: 'Its renewal attempts, newest first.', query: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] } }),
}));

const SetPurchaseAutoRenewInput = builder.inputType('SetPurchaseAutoRenewInput', {
  fields: (t) => ({
    purchaseId: t.id({ required: true }),
    autoRenew: t.boolean({ required: true }),
  }),
});
const CancelSubscriptionInput = builder.inputType('CancelSubscriptionInput', {
  fields: (t) => ({ purchaseId: t.id({ required: true }) }),
});

const ERRORS = [ValidationError, AuthenticationError, PermissionError, NotFoundError, ConflictError];

builder.mutationFields((t) => ({
  setPurchaseAutoRenew: t.prismaField({
    type: 'Purchase',
    errors: { types: ERRORS },
    description: 'The buyer turns automatic renewal of their subscription on (with the card kept at checkout) or off.',
    args: { input: t.arg({ type: SetPurchaseAutoRenewInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const purchase = await setPurchaseAutoRenew(ctx.services, ctx.viewer, { purchaseId: plainId(String(input.purchaseId), 'Purchase'), autoRenew: input.autoRenew });
      return ctx.db.purchase.findUniqueOrThrow({ ...selectable(query), where: { id: purchase.id } });
    },
  }),
  cancelSubscription: t.prismaField({
    type: 'Purchase',
    errors: { types: ERRORS },
    description: 'The buyer stops their subscription from renewing; access lasts until the end of the paid period.',
    args: { input: t.arg({ type: CancelSubscriptionInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const purchase = await setPurchaseAutoRenew(ctx.services, ctx.viewer, { purchaseId: plainId(String(input.purchaseId), 'Purchase'), autoRenew: false });
      return ctx.db.purchase.findUniqueOrThrow({ ...selectable(query), where: { id: purchase.id } });
    },
  }),
}));
