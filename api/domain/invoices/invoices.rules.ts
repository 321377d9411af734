// What goes on an invoice and a credit note, decided from the payment's figures alone (docs/decisions.md,
// "Issue 25: receipts and invoices"). Amounts are decimal strings with two decimals, as stored.
import type { PricingModel } from '../../db/generated/prisma/enums.ts';
import { decimalString, parseMoney, type MoneyLike } from '../money/money.ts';

export interface InvoiceLine {
  description: string;
  quantity: number;
  unitPrice: string;
  amount: string;
}

export interface InvoiceFigures {
  lines: InvoiceLine[];
  subtotal: string;
  fee: string;
  total: string;
}

const ACCESS: Record<PricingModel, string> = {
  one_time: 'one-time purchase, access without end',
  monthly_subscription: 'monthly subscription, 30 days of access',
  annual_subscription: 'annual subscription, 365 days of access',
};

/**
 * The invoice of a sale: one line for the data (its price), one for the 2.5% processing fee. The
 * platform's commission is the provider's cost, not the buyer's, so it is not on the buyer's invoice.
 */
export function invoiceFigures(sale: { title: string; pricingModel: PricingModel; amount: MoneyLike; fee: MoneyLike; total: MoneyLike }): InvoiceFigures {
  const amount = decimalString(parseMoney(sale.amount));
  const fee = decimalString(parseMoney(sale.fee));
  return {
    lines: [
      { description: `Data: "${sale.title}" (${ACCESS[sale.pricingModel]})`, quantity: 1, unitPrice: amount, amount },
      { description: 'Payment processing fee (2.5%)', quantity: 1, unitPrice: fee, amount: fee },
    ],
    subtotal: amount,
    fee,
    total: decimalString(parseMoney(sale.total)),
  };
}

const negate = (v: string) => decimalString(-parseMoney(v));

/** A credit note gives back the whole invoice (a refund returns price and fee): every figure negated. */
export function creditNoteFigures(invoice: InvoiceFigures, invoiceNumber: string): InvoiceFigures {
  return {
    lines: invoice.lines.map((l) => ({ ...l, description: `Refund of ${invoiceNumber}: ${l.description}`, unitPrice: negate(l.unitPrice), amount: negate(l.amount) })),
    subtotal: negate(invoice.subtotal),
    fee: negate(invoice.fee),
    total: negate(invoice.total),
  };
}

/** "2026-03" for a month; null when the text is not one. */
export function parseMonth(text: string): { year: number; month: number } | null {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(text);
  return m ? { year: Number(m[1]), month: Number(m[2]) } : null;
}

/** The UTC bounds of a month: [start, end). */
export function monthBounds(year: number, month: number): { start: Date; end: Date } {
  return { start: new Date(Date.UTC(year, month - 1, 1)), end: new Date(Date.UTC(year, month, 1)) };
}

/** "2026-03" of a time (UTC). */
export function monthKey(at: Date): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The month before the one `at` is in: what a statement mailed at the start of a month covers. */
export function previousMonth(at: Date): string {
  return monthKey(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1, 1)));
}
