// Invoice and credit-note numbers (docs/decisions.md, "Issue 25: receipts and invoices"): one series
// per kind and calendar year (UTC), numbered from 1 without gaps, e.g. DP-2026-000123 and CN-2026-000004.
import type { Tx } from '../transitions/transition.ts';

export type DocumentKind = 'invoice' | 'credit_note';

const PREFIX: Record<DocumentKind, string> = { invoice: 'DP', credit_note: 'CN' };

/** The series a document issued at `at` is numbered in: "DP-2026". */
export function seriesOf(kind: DocumentKind, at: Date): string {
  return `${PREFIX[kind]}-${at.getUTCFullYear()}`;
}

/** "DP-2026" and 123 -> "DP-2026-000123" (six digits, more when a year outgrows them). */
export function documentNumber(series: string, n: number): string {
  return `${series}-${String(n).padStart(6, '0')}`;
}

/**
 * The next number of the series, taken in the caller's transaction (the one that confirms or refunds
 * the payment). The UPDATE locks the series' counter row (as SELECT ... FOR UPDATE would) until that
 * transaction ends: a second payment confirming at the same moment waits for it and takes the next
 * number, and a transaction that rolls back gives its number back, so the series has no gaps. The
 * same statements run on PostgreSQL and the embedded PGlite.
 */
export async function nextDocumentNumber(tx: Tx, kind: DocumentKind, at: Date): Promise<string> {
  const series = seriesOf(kind, at);
  // A new year's series starts at 0; ON CONFLICT keeps a concurrent first insert from failing.
  await tx.$executeRaw`INSERT INTO "DocumentCounter" (series, last) VALUES (${series}, 0) ON CONFLICT (series) DO NOTHING`;
  const rows = await tx.$queryRaw<{ last: number }[]>`UPDATE "DocumentCounter" SET last = last + 1 WHERE series = ${series} RETURNING last`;
  return documentNumber(series, Number(rows[0]!.last));
}
