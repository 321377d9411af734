// Reading issued documents (docs/decisions.md, "Issue 25: receipts and invoices"): a payment's
// invoice or credit note for its buyer, its seller and administrators; the buyer's billing details.
import type { Db } from '../../db/database.ts';
import type { Invoice, User } from '../../db/generated/prisma/client.ts';
import { isRecordId } from '../../db/ids.ts';
import { AuthenticationError, NotFoundError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { canSeePayment } from '../policies.ts';
import type { DocumentKind } from './invoices.numbering.ts';
import { billingDetailsInput } from './invoices.schemas.ts';

const MISSING: Record<DocumentKind, string> = {
  invoice: 'This payment has no invoice: it is issued when the payment is confirmed',
  credit_note: 'This payment has no credit note: one is issued only when a payment is refunded',
};

/**
 * A payment's document as its parties may read it: logged out is 401; a payment the viewer may not
 * see is unknown (404, as every payment read answers others); a payment without that document 404.
 */
export async function documentForViewer(db: Db, viewer: User | null, paymentId: string, kind: DocumentKind): Promise<Invoice> {
  if (!viewer) throw new AuthenticationError('Log in to read invoices');
  const payment = isRecordId(paymentId) ? await db.payment.findUnique({ where: { id: paymentId }, select: { buyerId: true, sellerId: true } }) : null;
  if (!payment || !canSeePayment(viewer, payment)) throw new NotFoundError('Payment not found');
  const document = await db.invoice.findUnique({ where: { paymentId_kind: { paymentId, kind } } });
  if (!document) throw new NotFoundError(MISSING[kind]);
  return document;
}

/** The file name a document downloads as: its number. */
export const documentFileName = (document: Pick<Invoice, 'number'>) => `${document.number}.pdf`;

export interface BillingDetailsView {
  name: string | null;
  address: string | null;
}

export async function billingDetailsOf(db: Db, userId: string): Promise<BillingDetailsView> {
  const row = await db.billingDetails.findUnique({ where: { userId } });
  return { name: row?.name ?? null, address: row?.address ?? null };
}

/**
 * The viewer's billing name and address for invoices issued from now on (issued ones keep theirs).
 * Empty fields clear them: the invoice then carries the account name alone.
 */
export async function updateBillingDetails(db: Db, viewer: User | null, raw: unknown): Promise<BillingDetailsView> {
  if (!viewer) throw new AuthenticationError('Log in to change billing details');
  const input = parseInput(billingDetailsInput, raw);
  const data = { name: input.name || null, address: input.address || null };
  const row = await db.billingDetails.upsert({ where: { userId: viewer.id }, create: { userId: viewer.id, ...data }, update: data });
  return { name: row.name, address: row.address };
}
