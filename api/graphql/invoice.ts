import { builder } from './builder.ts';
import { selectable } from './prisma-query.ts';
import type { Context } from '../context.ts';
import type { User } from '../db/generated/prisma/client.ts';
import { AuthenticationError, ValidationError } from '../domain/errors.ts';
import { isSelf } from '../domain/policies.ts';
import { billingDetailsOf, updateBillingDetails, type BillingDetailsView } from '../domain/invoices/invoices.service.ts';
import { statementMonths, type StatementMonth } from '../domain/invoices/statements.service.ts';

// Invoices, credit notes, billing details and monthly statements (docs/decisions.md, "Issue 25:
// receipts and invoices"). The PDFs are REST byte answers (api/rest/invoices.routes.ts); here are
// their facts and links for the screens.

const selfOnly = { authScopes: (user: User, _args: unknown, ctx: Context) => isSelf(ctx.viewer, user.id), unauthorizedResolver: () => null } as const;

const InvoiceKindEnum = builder.enumType('InvoiceKind', { values: ['invoice', 'credit_note'] as const });

const InvoiceType = builder.prismaObject('Invoice', {
  description: 'An issued invoice or credit note: its facts as they were when it was issued. Reached through its payment (its buyer, seller and administrators).',
  fields: (t) => ({
    invoiceId: t.exposeString('id'),
    kind: t.expose('kind', { type: InvoiceKindEnum }),
    number: t.exposeString('number', { description: 'Sequential within its series and year, without gaps: DP-2026-000123 (invoices), CN-2026-000004 (credit notes).' }),
    issuedAt: t.expose('issuedAt', { type: 'DateTime' }),
    currency: t.exposeString('currency'),
    subtotal: t.expose('subtotal', { type: 'Decimal' }),
    fee: t.expose('fee', { type: 'Decimal' }),
    total: t.expose('total', { type: 'Decimal', description: 'Negative on a credit note: what was given back.' }),
    billingName: t.exposeString('billingName'),
    billingAddress: t.exposeString('billingAddress', { nullable: true }),
    url: t.string({
      description: 'Where the PDF downloads (GET, signed in as the buyer, the seller or an administrator).',
      resolve: (i) => `/api/payments/${i.paymentId}/${i.kind === 'invoice' ? 'invoice' : 'credit-note'}`,
    }),
    creditNote: t.relation('creditNote', { nullable: true, description: 'The credit note of a refunded payment (on its invoice).' }),
    credits: t.relation('credits', { nullable: true, description: 'The invoice a credit note gives back.' }),
  }),
});

builder.prismaObjectFields('Payment', (t) => ({
  invoice: t.field({
    type: InvoiceType,
    nullable: true,
    description: 'Its invoice, issued when the payment was confirmed; null before (and for a payment that never succeeded).',
    select: { invoices: { where: { kind: 'invoice' } } },
    resolve: (p) => p.invoices[0] ?? null,
  }),
  creditNote: t.field({
    type: InvoiceType,
    nullable: true,
    description: 'Its credit note, issued when it was refunded (the same as invoice.creditNote, one level up for lists).',
    select: { invoices: { where: { kind: 'credit_note' } } },
    resolve: (p) => p.invoices[0] ?? null,
  }),
}));

const BillingDetailsType = builder.objectRef<BillingDetailsView>('BillingDetails').implement({
  description: 'Who the viewer’s invoices are made out to (issued invoices keep what they were issued with).',
  fields: (t) => ({
    name: t.exposeString('name', { nullable: true, description: 'Billing name (a company, say); the account name when empty.' }),
    address: t.exposeString('address', { nullable: true, description: 'Postal address, several lines.' }),
  }),
});

const StatementMonthType = builder.objectRef<StatementMonth>('StatementMonth').implement({
  description: 'A month the provider sold in: its figures and the PDF statement.',
  fields: (t) => ({
    month: t.exposeString('month', { description: 'YYYY-MM (UTC).' }),
    salesCount: t.exposeInt('salesCount'),
    gross: t.field({ type: 'Decimal', resolve: (m) => m.gross }),
    commission: t.field({ type: 'Decimal', resolve: (m) => m.commission }),
    payouts: t.field({ type: 'Decimal', description: 'Released to the provider during the month.', resolve: (m) => m.payouts }),
    url: t.string({ resolve: (m) => `/api/provider/statements/${m.month}` }),
  }),
});

builder.prismaObjectFields('User', (t) => ({
  billingDetails: t.field({
    type: BillingDetailsType,
    nullable: true,
    ...selfOnly,
    description: 'The viewer’s billing name and address (null for anyone else).',
    resolve: (user, _args, ctx) => billingDetailsOf(ctx.db, user.id),
  }),
  statementMonths: t.field({
    type: [StatementMonthType],
    nullable: true,
    ...selfOnly,
    description: 'As a provider: the months with sales or payouts, newest first (null for anyone else).',
    resolve: (user, _args, ctx) => statementMonths(ctx.db, user.id),
  }),
}));

const BillingDetailsInput = builder.inputType('BillingDetailsInput', {
  fields: (t) => ({
    name: t.string({ description: 'Empty clears it.' }),
    address: t.string({ description: 'Empty clears it.' }),
  }),
});

builder.mutationField('updateBillingDetails', (t) =>
  t.prismaField({
    type: 'User',
    errors: { types: [ValidationError, AuthenticationError] },
    description: 'Sets the viewer’s billing name and address for invoices issued from now on; answers the viewer (read `billingDetails`).',
    args: { input: t.arg({ type: BillingDetailsInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      await updateBillingDetails(ctx.db, ctx.viewer, input);
      return ctx.db.user.findUniqueOrThrow({ ...selectable(query), where: { id: ctx.viewer!.id } });
    },
  }),
);
