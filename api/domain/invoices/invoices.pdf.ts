// The PDF of an invoice or a credit note, drawn from its stored snapshot alone (docs/decisions.md,
// "Issue 25: receipts and invoices").
import type { Invoice } from '../../db/generated/prisma/client.ts';
import { formatUsd, parseMoney } from '../money/money.ts';
import type { InvoiceLine } from './invoices.rules.ts';
import { facts, heading, note, parties, renderPdf, table, totals } from './pdf-writer.ts';

const METHOD = { card: 'Card', bank_transfer: 'Bank transfer', crypto: 'Crypto' } as const;
const usd = (v: string | { toFixed(n: number): string }) => formatUsd(parseMoney(typeof v === 'string' ? v : v.toFixed(2)));
export const day = (d: Date) => d.toISOString().slice(0, 10);

/** `credits`: the number of the invoice a credit note refers to. */
export function documentPdf(doc: Invoice, credits: string | null, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const creditNote = doc.kind === 'credit_note';
  return renderPdf(doc.number, (pdf) => {
    heading(pdf, creditNote ? 'Credit note' : 'Invoice', doc.number);
    facts(pdf, [
      ['Issued', day(doc.issuedAt)],
      ...(creditNote && credits ? ([['Credits invoice', credits]] as [string, string][]) : []),
      ['Payment', doc.paymentId],
      ['Method', METHOD[doc.paymentMethod]],
      ['Currency', doc.currency],
    ]);
    parties(
      pdf,
      { title: 'Seller', lines: [doc.sellerName, doc.sellerAddress ?? '', doc.sellerEmail] },
      { title: creditNote ? 'Credited to' : 'Billed to', lines: [doc.billingName, doc.billingAddress ?? '', doc.buyerEmail] },
    );
    const lines = doc.lines as unknown as InvoiceLine[];
    table(
      pdf,
      [
        { label: 'Description', width: 285 },
        { label: 'Qty', width: 40, align: 'right' },
        { label: 'Unit price', width: 85, align: 'right' },
        { label: 'Amount', width: 85, align: 'right' },
      ],
      lines.map((l) => [l.description, String(l.quantity), usd(l.unitPrice), usd(l.amount)]),
    );
    totals(pdf, [
      ['Subtotal', usd(doc.subtotal)],
      ['Processing fee', usd(doc.fee)],
      [creditNote ? `Total credited (${doc.currency})` : `Total (${doc.currency})`, usd(doc.total)],
    ]);
    note(pdf, creditNote ? 'The refund was paid back to the payment method above; access to the data ended with it.' : 'Paid in full through DATA PIT escrow. The seller is paid when the escrow is released.');
    note(pdf, 'No VAT or sales tax is charged or shown: DATA PIT does not handle tax; buyers and sellers account for their own.');
  }, opts);
}
