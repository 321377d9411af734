// A provider's monthly statement (docs/decisions.md, "Issue 25: receipts and invoices"): the sales
// of a calendar month (UTC) with their invoice numbers, the platform's commission, the refunds and
// the payouts released in that month. Read from the payments as they are now.
import type { Db } from '../../db/database.ts';
import type { PaymentStatus } from '../../db/generated/prisma/enums.ts';
import type { User } from '../../db/generated/prisma/client.ts';
import { isRecordId } from '../../db/ids.ts';
import { AuthenticationError, NotFoundError, PermissionError } from '../errors.ts';
import { decimalString, parseMoney, sumMoney } from '../money/money.ts';
import { parseInput } from '../parse-input.ts';
import { isAdmin, isApprovedProvider } from '../policies.ts';
import { SALE_PAYMENT_STATUSES } from '../payments/payments.rules.ts';
import { monthBounds, monthKey, parseMonth } from './invoices.rules.ts';
import { statementMonthInput } from './invoices.schemas.ts';
import type { Tx } from '../transitions/transition.ts';

export interface StatementSale {
  paymentId: string;
  invoiceNumber: string | null;
  paidAt: Date;
  title: string;
  buyerName: string;
  status: PaymentStatus;
  amount: string;
  commission: string;
  providerAmount: string;
}

export interface Statement {
  month: string;
  provider: { id: string; name: string; email: string };
  sales: StatementSale[];
  /** Price of the month's sales, refunded ones included (they are listed as refunded below). */
  gross: string;
  commission: string;
  /** Price of sales refunded during the month. */
  refunded: string;
  /** What was released to the provider during the month (90% of each released sale). */
  payouts: string;
  /** The month's sales still in escrow or under dispute. */
  held: string;
}

export interface StatementMonth {
  month: string;
  salesCount: number;
  gross: string;
  commission: string;
  payouts: string;
}

/**
 * Whose statements the viewer may read: their own as an approved provider (or anyone who has sold),
 * anyone's as an administrator (`providerId`). Logged out is 401, someone else's 403, an unknown
 * provider 404.
 */
export async function statementOwner(db: Db, viewer: User | null, providerId: string | null | undefined): Promise<User> {
  if (!viewer) throw new AuthenticationError('Log in to read statements');
  if (providerId && providerId !== viewer.id) {
    if (!isAdmin(viewer)) throw new PermissionError("Only administrators read another provider's statements", 'ADMIN_REQUIRED');
    const provider = isRecordId(providerId) ? await db.user.findUnique({ where: { id: providerId } }) : null;
    if (!provider) throw new NotFoundError('Provider not found');
    return provider;
  }
  if (isApprovedProvider(viewer) || isAdmin(viewer) || viewer.completedSales > 0) return viewer;
  throw new PermissionError('Statements are for providers: sell data to get one', 'NOT_ALLOWED');
}

/** One month's statement of `provider` (input: { month: "YYYY-MM", providerId? }). */
export async function monthlyStatement(db: Db, viewer: User | null, raw: unknown): Promise<Statement> {
  const input = parseInput(statementMonthInput, raw);
  const provider = await statementOwner(db, viewer, input.providerId);
  const { year, month } = parseMonth(input.month)!;
  const { start, end } = monthBounds(year, month);
  const inMonth = { gte: start, lt: end };
  const [sold, released, refunds] = await Promise.all([
    db.payment.findMany({
      where: { sellerId: provider.id, status: { in: [...SALE_PAYMENT_STATUSES] }, escrowStartedAt: inMonth },
      orderBy: [{ escrowStartedAt: 'asc' }, { id: 'asc' }],
      select: {
        id: true, status: true, amount: true, commission: true, providerAmount: true, escrowStartedAt: true,
        contract: { select: { title: true } },
        buyer: { select: { name: true } },
        invoices: { where: { kind: 'invoice' }, select: { number: true, buyerName: true } },
      },
    }),
    db.payment.findMany({ where: { sellerId: provider.id, status: 'released', releasedAt: inMonth }, select: { providerAmount: true } }),
    db.payment.findMany({ where: { sellerId: provider.id, status: 'refunded', refundedAt: inMonth }, select: { amount: true } }),
  ]);
  const total = (values: { toFixed(n: number): string }[]) => decimalString(sumMoney(values.map((v) => parseMoney(v.toFixed(2)))));
  return {
    month: input.month,
    provider: { id: provider.id, name: provider.name, email: provider.email },
    sales: sold.map((p) => ({
      paymentId: p.id,
      invoiceNumber: p.invoices[0]?.number ?? null,
      paidAt: p.escrowStartedAt!,
      title: p.contract.title,
      // The name as invoiced, so the statement matches the invoices.
      buyerName: p.invoices[0]?.buyerName ?? p.buyer.name,
      status: p.status,
      amount: p.amount.toFixed(2),
      commission: p.commission.toFixed(2),
      providerAmount: p.providerAmount.toFixed(2),
    })),
    gross: total(sold.map((p) => p.amount)),
    commission: total(sold.filter((p) => p.status !== 'refunded').map((p) => p.commission)),
    refunded: total(refunds.map((p) => p.amount)),
    payouts: total(released.map((p) => p.providerAmount)),
    held: total(sold.filter((p) => p.status === 'escrowed' || p.status === 'disputed').map((p) => p.providerAmount)),
  };
}

/** The months a provider sold in, newest first, with their figures: the statements page's list. */
export async function statementMonths(db: Db | Tx, providerId: string): Promise<StatementMonth[]> {
  const statuses = [...SALE_PAYMENT_STATUSES];
  const [sold, paidOut] = await Promise.all([
    db.payment.findMany({ where: { sellerId: providerId, status: { in: statuses }, escrowStartedAt: { not: null } }, select: { escrowStartedAt: true, status: true, amount: true, commission: true } }),
    db.payment.findMany({ where: { sellerId: providerId, status: 'released', releasedAt: { not: null } }, select: { releasedAt: true, providerAmount: true } }),
  ]);
  const months = new Map<string, { salesCount: number; gross: bigint; commission: bigint; payouts: bigint }>();
  const entry = (at: Date) => {
    const key = monthKey(at);
    if (!months.has(key)) months.set(key, { salesCount: 0, gross: 0n, commission: 0n, payouts: 0n });
    return months.get(key)!;
  };
  for (const p of sold) {
    const m = entry(p.escrowStartedAt!);
    m.salesCount += 1;
    m.gross += parseMoney(p.amount.toFixed(2));
    if (p.status !== 'refunded') m.commission += parseMoney(p.commission.toFixed(2));
  }
  for (const p of paidOut) entry(p.releasedAt!).payouts += parseMoney(p.providerAmount.toFixed(2));
  return [...months.entries()]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .map(([month, m]) => ({ month, salesCount: m.salesCount, gross: decimalString(m.gross), commission: decimalString(m.commission), payouts: decimalString(m.payouts) }));
}

/** Providers who sold during [start, end): who is told their statement is ready. */
export async function providersWithSales(db: Db | Tx, start: Date, end: Date): Promise<string[]> {
  const rows = await db.payment.findMany({
    where: { status: { in: [...SALE_PAYMENT_STATUSES] }, escrowStartedAt: { gte: start, lt: end } },
    distinct: ['sellerId'],
    select: { sellerId: true },
  });
  return rows.map((r) => r.sellerId);
}
