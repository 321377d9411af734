// The receipt after a payment and the note that a monthly statement is ready (docs/decisions.md,
// "Issue 25: receipts and invoices").
import { escapeHtml } from '../../escape-html.ts';
import type { Invoice, Payment } from '../../db/generated/prisma/client.ts';
import type { Mail } from '../../mail/mailer.ts';
import { formatUsd, parseMoney } from '../money/money.ts';
import { escrowReleaseAt } from '../payments/payments.rules.ts';

const usd = (v: { toFixed(n: number): string }) => formatUsd(parseMoney(v.toFixed(2)));
const METHOD = { card: 'card', bank_transfer: 'bank transfer', crypto: 'crypto' } as const;
const when = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export interface ReceiptFacts {
  to: string;
  name: string;
  title: string;
  payment: Pick<Payment, 'id' | 'amount' | 'fee' | 'total' | 'paymentMethod' | 'escrowStartedAt' | 'contractId'>;
  invoice: Pick<Invoice, 'number'>;
  /** The app's origin (PUBLIC_URL): links are absolute. */
  appUrl: string;
}

/** The buyer's receipt: what, price, fee, total, method, when escrow releases, the invoice's link. */
export function receiptMail(r: ReceiptFacts): Mail {
  const { payment } = r;
  const invoiceLink = `${r.appUrl}/api/payments/${payment.id}/invoice`;
  const pageLink = `${r.appUrl}/payment-success/${payment.contractId}`;
  const releaseAt = payment.escrowStartedAt ? when(escrowReleaseAt(payment.escrowStartedAt)) : 'after the 24-hour escrow window';
  const rows: [string, string][] = [
    ['Data', r.title],
    ['Price', usd(payment.amount)],
    ['Processing fee (2.5%)', usd(payment.fee)],
    ['Total charged', usd(payment.total)],
    ['Method', METHOD[payment.paymentMethod]],
    ['Escrow releases', releaseAt],
    ['Invoice', r.invoice.number],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return {
    to: r.to,
    subject: `Receipt for "${r.title}": ${usd(payment.total)} (invoice ${r.invoice.number})`,
    text: [
      `Hello ${r.name},`,
      '',
      'Thank you for your payment. It is held in escrow and released to the provider when the 24-hour dispute window closes.',
      '',
      ...rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`),
      '',
      `Invoice (PDF, sign in first): ${invoiceLink}`,
      `Your purchase: ${pageLink}`,
    ].join('\n'),
    html: `<p>Hello ${escapeHtml(r.name)},</p><p>Thank you for your payment. It is held in escrow and released to the provider when the 24-hour dispute window closes.</p>
<table>${rows.map(([label, value]) => `<tr><td>${escapeHtml(label)}</td><td><b>${escapeHtml(value)}</b></td></tr>`).join('')}</table>
<p><a href="${escapeHtml(invoiceLink)}">Download invoice ${escapeHtml(r.invoice.number)} (PDF)</a> · <a href="${escapeHtml(pageLink)}">Your purchase</a></p>`,
  };
}

/** The provider hears that last month's statement is ready, with its figures and link. */
export function statementReadyMail(s: { to: string; name: string; month: string; salesCount: number; gross: string; payouts: string; appUrl: string }): Mail {
  const pageLink = `${s.appUrl}/dashboard/payments#statements`;
  const pdfLink = `${s.appUrl}/api/provider/statements/${s.month}`;
  const figures = `${s.salesCount} ${s.salesCount === 1 ? 'sale' : 'sales'} for ${formatUsd(parseMoney(s.gross))}, ${formatUsd(parseMoney(s.payouts))} paid out`;
  return {
    to: s.to,
    subject: `Your DATA PIT statement for ${s.month} is ready`,
    text: [`Hello ${s.name},`, '', `Your statement for ${s.month} is ready: ${figures}.`, '', `Statements: ${pageLink}`, `PDF (sign in first): ${pdfLink}`].join('\n'),
    html: `<p>Hello ${escapeHtml(s.name)},</p><p>Your statement for ${escapeHtml(s.month)} is ready: ${escapeHtml(figures)}.</p>
<p><a href="${escapeHtml(pageLink)}">Your statements</a> · <a href="${escapeHtml(pdfLink)}">Download the PDF</a></p>`,
  };
}
