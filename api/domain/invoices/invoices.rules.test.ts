import { describe, expect, it } from 'vitest';
import { documentNumber, seriesOf } from './invoices.numbering.ts';
import { creditNoteFigures, invoiceFigures, monthBounds, parseMonth, previousMonth } from './invoices.rules.ts';
import { printable } from './pdf-writer.ts';

describe('invoice rules', () => {
  it('numbers: a series per kind and UTC year, six digits at least', () => {
    expect(seriesOf('invoice', new Date('2026-12-31T23:59:59Z'))).toBe('DP-2026');
    expect(seriesOf('credit_note', new Date('2027-01-01T00:00:00Z'))).toBe('CN-2027');
    expect(documentNumber('DP-2026', 123)).toBe('DP-2026-000123');
    expect(documentNumber('DP-2026', 1_234_567)).toBe('DP-2026-1234567');
  });

  it('an invoice has the data and the fee as lines; its credit note negates every figure and names it', () => {
    const invoice = invoiceFigures({ title: 'Ticks', pricingModel: 'monthly_subscription', amount: '100.00', fee: '2.50', total: '102.50' });
    expect(invoice).toEqual({
      lines: [
        { description: 'Data: "Ticks" (monthly subscription, 30 days of access)', quantity: 1, unitPrice: '100.00', amount: '100.00' },
        { description: 'Payment processing fee (2.5%)', quantity: 1, unitPrice: '2.50', amount: '2.50' },
      ],
      subtotal: '100.00',
      fee: '2.50',
      total: '102.50',
    });
    const credit = creditNoteFigures(invoice, 'DP-2026-000007');
    expect([credit.subtotal, credit.fee, credit.total]).toEqual(['-100.00', '-2.50', '-102.50']);
    expect(credit.lines[1]).toEqual({ description: 'Refund of DP-2026-000007: Payment processing fee (2.5%)', quantity: 1, unitPrice: '-2.50', amount: '-2.50' });
  });

  it('months: YYYY-MM only, UTC bounds, the month before', () => {
    expect(parseMonth('2026-03')).toEqual({ year: 2026, month: 3 });
    for (const bad of ['2026-00', '2026-13', '2026-3', '26-03', '2026-03-01', '']) expect(parseMonth(bad)).toBeNull();
    expect(monthBounds(2026, 12)).toEqual({ start: new Date('2026-12-01T00:00:00Z'), end: new Date('2027-01-01T00:00:00Z') });
    expect(previousMonth(new Date('2027-01-01T06:00:00Z'))).toBe('2026-12');
  });

  it('PDF text: what the built-in fonts cannot draw shows as "?"', () => {
    expect(printable('Café “Ticks” – 東京 ✓')).toBe('Café “Ticks” – ?? ?');
  });
});
