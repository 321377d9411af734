// The PDF of a provider's monthly statement (docs/decisions.md, "Issue 25: receipts and invoices").
import { formatUsd, parseMoney } from '../money/money.ts';
import { day } from './invoices.pdf.ts';
import { facts, heading, note, parties, renderPdf, table, totals } from './pdf-writer.ts';
import type { Statement } from './statements.service.ts';

const usd = (v: string) => formatUsd(parseMoney(v));

export const statementNumber = (s: Pick<Statement, 'month' | 'provider'>) => `Statement ${s.month}`;
export const statementFileName = (s: Pick<Statement, 'month'>) => `DATA-PIT-statement-${s.month}.pdf`;

export function statementPdf(s: Statement, opts: { compress?: boolean } = {}): Promise<Buffer> {
  return renderPdf(statementNumber(s), (pdf) => {
    heading(pdf, 'Monthly statement', s.month);
    parties(pdf, { title: 'Provider', lines: [s.provider.name, s.provider.email] }, { title: 'Issued by', lines: ['DATA PIT marketplace', `Month ${s.month} (UTC)`] });
    facts(pdf, [['Sales', String(s.sales.length)]]);
    table(
      pdf,
      [
        { label: 'Paid', width: 62 },
        { label: 'Invoice', width: 90 },
        { label: 'Data', width: 108 },
        { label: 'Status', width: 55 },
        { label: 'Price', width: 57, align: 'right' },
        { label: 'Commission', width: 66, align: 'right' },
        { label: 'Your share', width: 57, align: 'right' },
      ],
      s.sales.map((r) => [day(r.paidAt), r.invoiceNumber ?? '-', `${r.title} (${r.buyerName})`, r.status, usd(r.amount), usd(r.commission), usd(r.providerAmount)]),
    );
    totals(pdf, [
      ['Sales (price)', usd(s.gross)],
      ['Refunded this month', usd(s.refunded)],
      ['Commission (10%)', usd(s.commission)],
      ['Still in escrow', usd(s.held)],
      ['Paid out this month', usd(s.payouts)],
    ]);
    note(pdf, 'Commission is kept on release; refunded sales carry none. Payouts are the sales released to you during the month, whenever they were paid. No VAT or sales tax is shown.');
  }, opts);
}
