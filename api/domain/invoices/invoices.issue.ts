// Issuing invoices and credit notes (docs/decisions.md, "Issue 25: receipts and invoices"): in the
// transaction that moves the payment, so a confirmed payment always has its invoice and a refunded
// one its credit note, numbered without gaps. The facts are copied in when issued (a snapshot):
// later edits of a name, an address or the listing leave issued documents as they were.
import type { Invoice, Prisma } from '../../db/generated/prisma/client.ts';
import type { Db } from '../../db/database.ts';
import type { Tx } from '../transitions/transition.ts';
import { SALE_PAYMENT_STATUSES } from '../payments/payments.rules.ts';
import { nextDocumentNumber } from './invoices.numbering.ts';
import { creditNoteFigures, invoiceFigures, type InvoiceFigures } from './invoices.rules.ts';

/** The invoice of a payment just put in escrow; issuing it again answers the one issued. */
export async function issueInvoice(tx: Tx, paymentId: string, now: Date): Promise<Invoice> {
  const issued = await tx.invoice.findUnique({ where: { paymentId_kind: { paymentId, kind: 'invoice' } } });
  if (issued) return issued;
  const payment = await tx.payment.findUniqueOrThrow({
    where: { id: paymentId },
    include: { contract: { select: { title: true, pricingModel: true } }, buyer: { include: { billingDetails: true } }, seller: { include: { billingDetails: true } } },
  });
  const { buyer, seller } = payment;
  const figures = invoiceFigures({ title: payment.contract.title, pricingModel: payment.contract.pricingModel, amount: payment.amount, fee: payment.fee, total: payment.total });
  return tx.invoice.create({
    data: {
      kind: 'invoice',
      number: await nextDocumentNumber(tx, 'invoice', now),
      paymentId,
      issuedAt: now,
      sellerName: seller.billingDetails?.name || seller.name,
      sellerEmail: seller.email,
      sellerAddress: seller.billingDetails?.address || null,
      buyerName: buyer.name,
      buyerEmail: buyer.email,
      billingName: buyer.billingDetails?.name || buyer.name,
      billingAddress: buyer.billingDetails?.address || null,
      paymentMethod: payment.paymentMethod,
      ...figureData(figures),
    },
  });
}

/**
 * The credit note of a refunded payment: its own number (the credit-note series), the invoice's
 * parties as invoiced, every figure negated, naming the invoice it credits. Issued again, it answers
 * the one issued. A refunded payment without an invoice (paid before invoices existed) gets its
 * invoice first, so the credit note always has one to reference.
 */
export async function issueCreditNote(tx: Tx, paymentId: string, now: Date): Promise<Invoice> {
  const issued = await tx.invoice.findUnique({ where: { paymentId_kind: { paymentId, kind: 'credit_note' } } });
  if (issued) return issued;
  const invoice = await issueInvoice(tx, paymentId, now);
  const figures = creditNoteFigures({ lines: invoice.lines as unknown as InvoiceFigures['lines'], subtotal: invoice.subtotal.toFixed(2), fee: invoice.fee.toFixed(2), total: invoice.total.toFixed(2) }, invoice.number);
  const { id: _id, number: _number, kind: _kind, issuedAt: _issuedAt, creditsId: _creditsId, lines: _lines, subtotal: _s, fee: _f, total: _t, ...parties } = invoice;
  return tx.invoice.create({
    data: { ...parties, kind: 'credit_note', number: await nextDocumentNumber(tx, 'credit_note', now), issuedAt: now, creditsId: invoice.id, ...figureData(figures) },
  });
}

function figureData(f: InvoiceFigures) {
  return { lines: f.lines as unknown as Prisma.InputJsonValue, subtotal: f.subtotal, fee: f.fee, total: f.total };
}

/**
 * Issues the documents paid payments are missing (the demo's seeded history, which is written in
 * bulk): oldest payment first, each dated when it was paid (refunded), so the numbers follow time.
 */
export async function issueMissingDocuments(db: Db): Promise<number> {
  const payments = await db.payment.findMany({
    where: { status: { in: [...SALE_PAYMENT_STATUSES] }, escrowStartedAt: { not: null }, invoices: { none: {} } },
    orderBy: [{ escrowStartedAt: 'asc' }, { id: 'asc' }],
    select: { id: true, status: true, escrowStartedAt: true, refundedAt: true },
  });
  for (const p of payments) {
    await db.$transaction(async (tx) => {
      await issueInvoice(tx, p.id, p.escrowStartedAt!);
      if (p.status === 'refunded') await issueCreditNote(tx, p.id, p.refundedAt ?? p.escrowStartedAt!);
    });
  }
  return payments.length;
}
