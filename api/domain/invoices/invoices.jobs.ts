// Mail that follows money (docs/decisions.md, "Issue 25: receipts and invoices"): the buyer's receipt,
// a job scheduled in the transaction that confirms the payment, so it goes out after that commit and
// once (the job's key is the payment); and the monthly note that a provider's statement is ready.
import type { Db } from '../../db/database.ts';
import type { JobContext, Jobs } from '../../jobs/job-runner.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Tx } from '../transitions/transition.ts';
import { issueInvoice } from './invoices.issue.ts';
import { receiptMail, statementReadyMail } from './invoices.mails.ts';
import { monthBounds, parseMonth, previousMonth } from './invoices.rules.ts';
import { providersWithSales, statementMonths } from './statements.service.ts';

export const RECEIPT_JOB = 'payment.receipt';
export const receiptJobKey = (paymentId: string) => `receipt:${paymentId}`;
export const STATEMENT_SWEEP_JOB = 'statements.monthly';
export const STATEMENT_READY_JOB = 'statement.ready';
export const statementReadyJobKey = (month: string, providerId: string) => `statement-ready:${month}:${providerId}`;

/** The sweep looks daily; it acts during the first days of a month only, so a late start still mails. */
const SWEEP_EVERY_MS = 24 * 60 * 60_000;
const NOTICE_DAYS = 7;

export interface InvoiceJobDeps {
  db: Db;
  mailer: Mailer;
  logger?: Logger;
  /** The app's origin for links in mail (PUBLIC_URL). */
  appUrl: string;
}

/**
 * In the transaction that puts a payment in escrow: its invoice (numbered there) and its receipt's
 * job. Whichever confirmation wins the payment's state change reaches here, and only once.
 */
export async function invoiceSale(tx: Tx, jobs: Pick<Jobs, 'schedule'>, paymentId: string, now: Date) {
  const invoice = await issueInvoice(tx, paymentId, now);
  await jobs.schedule(tx, { kind: RECEIPT_JOB, key: receiptJobKey(paymentId), runAt: now, payload: { paymentId } });
  return invoice;
}

/** Sends the receipt; a mail that cannot go out fails the run, and the runner tries again later. */
export async function sendReceipt(deps: InvoiceJobDeps, tx: Tx, paymentId: string) {
  const payment = await tx.payment.findUnique({
    where: { id: paymentId },
    include: { contract: { select: { title: true } }, buyer: { select: { email: true, name: true } }, invoices: { where: { kind: 'invoice' } } },
  });
  const invoice = payment?.invoices[0];
  if (!payment || !invoice) return;
  await deps.mailer.send(receiptMail({ to: payment.buyer.email, name: payment.buyer.name, title: payment.contract.title, payment, invoice, appUrl: deps.appUrl }));
}

/** Schedules one "statement ready" job per provider who sold last month (keys make it once each). */
export async function scheduleStatementNotices(jobs: Pick<Jobs, 'schedule'>, tx: Tx, now: Date): Promise<number> {
  if (now.getUTCDate() > NOTICE_DAYS) return 0;
  const month = previousMonth(now);
  const { year, month: m } = parseMonth(month)!;
  const { start, end } = monthBounds(year, m);
  const providers = await providersWithSales(tx, start, end);
  let scheduled = 0;
  for (const providerId of providers) {
    const { created } = await jobs.schedule(tx, { kind: STATEMENT_READY_JOB, key: statementReadyJobKey(month, providerId), runAt: now, payload: { providerId, month } });
    if (created) scheduled += 1;
  }
  return scheduled;
}

export async function sendStatementReady(deps: InvoiceJobDeps, tx: Tx, providerId: string, month: string) {
  const provider = await tx.user.findUnique({ where: { id: providerId }, select: { email: true, name: true } });
  const figures = (await statementMonths(tx, providerId)).find((s) => s.month === month);
  if (!provider || !figures) return;
  await deps.mailer.send(statementReadyMail({ to: provider.email, name: provider.name, month, salesCount: figures.salesCount, gross: figures.gross, payouts: figures.payouts, appUrl: deps.appUrl }));
}

/** Registers the receipt and statement jobs on a runner (api/app.ts). */
export function registerInvoiceJobs(jobs: Pick<Jobs, 'register' | 'schedule'>, deps: InvoiceJobDeps) {
  jobs.register(RECEIPT_JOB, (payload: { paymentId: string }, ctx: JobContext) => sendReceipt(deps, ctx.tx, payload.paymentId), { maxAttempts: 10 });
  jobs.register(STATEMENT_SWEEP_JOB, async (_payload: unknown, ctx: JobContext) => void (await scheduleStatementNotices(jobs, ctx.tx, ctx.now)), { everyMs: SWEEP_EVERY_MS });
  jobs.register(STATEMENT_READY_JOB, (payload: { providerId: string; month: string }, ctx: JobContext) => sendStatementReady(deps, ctx.tx, payload.providerId, payload.month), { maxAttempts: 10 });
}
