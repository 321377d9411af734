import { Hono, type Context as HonoContext } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { z } from 'zod';
import type { Yoga } from '../graphql/yoga.ts';
import { DomainError } from '../domain/errors.ts';
import { documentFileName, documentForViewer } from '../domain/invoices/invoices.service.ts';
import { documentPdf } from '../domain/invoices/invoices.pdf.ts';
import { monthlyStatement } from '../domain/invoices/statements.service.ts';
import { statementFileName, statementPdf } from '../domain/invoices/statements.pdf.ts';
import type { DocumentKind } from '../domain/invoices/invoices.numbering.ts';
import { contextFor, type ClientIp } from './execute.ts';
import { attachmentDisposition } from './file-answer.ts';
import { jsonError } from './respond.ts';
import { documentedAs, queryOf } from './openapi/describe.ts';

/** The routes of this file under one heading of the reference page. */
const doc = documentedAs('Invoices and statements');

// Invoices, credit notes and monthly statements as PDF files (docs/decisions.md, "Issue 25: receipts
// and invoices"). Byte answers, like the data downloads: they call the domain directly with the
// request's context; their facts and links are in GraphQL (Payment.invoice, User.statementMonths).

const PDF_ANSWER = { description: 'The PDF (Content-Disposition: attachment, named after its number)', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } };
const StatementQuery = z.object({ providerId: z.string().optional().describe("Administrators: the provider whose statement to read (default: the caller's own).") });

const DOCUMENTS: { kind: DocumentKind; path: string; summary: string; description: string }[] = [
  {
    kind: 'invoice',
    path: '/payments/:id/invoice',
    summary: "A payment's invoice as PDF",
    description: 'Issued when the payment is confirmed, numbered without gaps (DP-2026-000123). The buyer, the seller and administrators may download it; anyone else is answered 404.',
  },
  {
    kind: 'credit_note',
    path: '/payments/:id/credit-note',
    summary: "A refunded payment's credit note as PDF",
    description: 'Issued when a dispute is settled with a refund, with its own number (CN-2026-000004) naming the invoice it credits. Same readers as the invoice; 404 when the payment was not refunded.',
  },
];

const STATEMENT = {
  summary: "A provider's monthly statement as PDF",
  description:
    "Sales of the month (UTC) with their invoice numbers, commission, refunds, what is still in escrow and the payouts released during the month. Providers read their own; administrators anyone's with `providerId`.",
};

function pdfAnswer(bytes: Buffer, fileName: string): Response {
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-length': String(bytes.length),
      'content-disposition': attachmentDisposition(fileName),
      // A document for its parties only: no shared cache keeps it.
      'cache-control': 'private, no-store',
    },
  });
}

/** An expected refusal as the REST error body; anything else is the app's 500. */
function refusal(c: HonoContext, error: unknown) {
  if (error instanceof DomainError) return jsonError(c, error.reason, error.message);
  throw error;
}

export function invoiceRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  const document = (kind: DocumentKind) => async (c: HonoContext<{ Bindings: HttpBindings }>) => {
    const ctx = await contextFor(yoga, c, clientIp(c), 'trade');
    try {
      const found = await documentForViewer(ctx.db, ctx.viewer, c.req.param('id') ?? '', kind);
      const credits = found.creditsId ? await ctx.db.invoice.findUnique({ where: { id: found.creditsId }, select: { number: true } }) : null;
      return pdfAnswer(await documentPdf(found, credits?.number ?? null), documentFileName(found));
    } catch (error) {
      return refusal(c, error);
    }
  };

  // GET /api/payments/{id}/invoice and /credit-note: a payment's documents for its buyer, its seller and administrators.
  for (const { kind, path, summary, description } of DOCUMENTS) {
    r.get(path, doc({ access: 'signed-in', tokenScopes: ['trade'], summary, description, answers: { 200: PDF_ANSWER }, errors: [404] }), document(kind));
  }

  // GET /api/provider/statements/{yyyy-mm}: a provider's monthly statement (PDF).
  r.get('/provider/statements/:month', doc({ access: 'provider', tokenScopes: ['listings'], ...STATEMENT, answers: { 200: PDF_ANSWER }, errors: [404] }), queryOf(StatementQuery), async (c) => {
    const ctx = await contextFor(yoga, c, clientIp(c), 'listings');
    try {
      const statement = await monthlyStatement(ctx.db, ctx.viewer, { month: c.req.param('month'), providerId: c.req.valid('query').providerId });
      return pdfAnswer(await statementPdf(statement), statementFileName(statement));
    } catch (error) {
      return refusal(c, error);
    }
  });

  return r;
}
