import { Readable } from 'node:stream';
import busboy from 'busboy';
import { Hono, type Context as HonoContext } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { z } from 'zod';
import type { Yoga } from '../graphql/yoga.ts';
import { contextFor, json, type ClientIp } from './execute.ts';
import { documentedAs, fileAnswers } from './openapi/describe.ts';
import { jsonError } from './respond.ts';
import { fileRange } from './file-answer.ts';
import { DomainError } from '../domain/errors.ts';
import { EvidenceSubmission, evidenceFileFor, evidenceFileUrl, tooManyFiles } from '../domain/payments/dispute-evidence.service.ts';
import {
  ALLOWED_EVIDENCE,
  MAX_EVIDENCE_FILE_BYTES,
  MAX_EVIDENCE_FILES_PER_SUBMISSION,
  MAX_EVIDENCE_REQUEST_BYTES,
  MAX_STATEMENT_CHARS,
  EVIDENCE_CONTENT_TYPES,
} from '../domain/payments/dispute-evidence.rules.ts';

// A dispute's evidence over REST (docs/decisions.md "Issue 26: dispute evidence"): a submission
// (multipart: a statement and files, each streamed into the storage as it arrives) and the
// download of one file. Byte streams call the domain directly, like the avatar and the uploads;
// what was submitted is read in GraphQL (Dispute.evidence).

const doc = documentedAs('Payments');

const MB = 1024 * 1024;

const EvidenceFileAnswer = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string().describe('The type the bytes were recognised as.'),
  size: z.number().int(),
  sha256: z.string(),
  url: z.string().describe('GET it to download the file (the buyer, the seller and administrators).'),
});

const EvidenceAnswer = z.object({
  id: z.string(),
  disputeId: z.string(),
  role: z.enum(['buyer', 'provider']).describe('The side it speaks for, decided by who sent it.'),
  statement: z.string().nullable(),
  createdAt: z.string(),
  files: z.array(EvidenceFileAnswer),
});

const NO_BODY = 'Send the evidence as multipart/form-data: a "statement" field and/or files in fields named "files"';

/** An expected refusal as the REST error body; anything else is the app's 500. */
function refusal(c: HonoContext, error: unknown) {
  if (error instanceof DomainError) return jsonError(c, error.reason, error.message);
  throw error;
}

class Interrupted extends Error {}

/**
 * Reads a multipart submission into `submission`: each file part (field `files` or `file`) is
 * stored as it arrives, one after the other; the `statement` field is kept. Resolves with the
 * statement once the body is read; rejects with the first refusal (the rest of the body is drained).
 */
function readSubmission(submission: EvidenceSubmission, type: string, body: Readable): Promise<string | null> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': type },
        defParamCharset: 'utf8',
        limits: { files: MAX_EVIDENCE_FILES_PER_SUBMISSION, fileSize: MAX_EVIDENCE_FILE_BYTES + 1, fields: 5, fieldSize: 4 * MAX_STATEMENT_CHARS, parts: MAX_EVIDENCE_FILES_PER_SUBMISSION + 10 },
      });
    } catch {
      reject(new BadMultipart('Malformed multipart body'));
      return;
    }
    let failure: unknown;
    let statement: string | null = null;
    // One file at a time: a part's stream is stored before the next part is read.
    let storing: Promise<void> = Promise.resolve();
    const fail = (error: unknown) => {
      failure ??= error;
    };
    parser.on('file', (name, stream, info) => {
      if ((name !== 'files' && name !== 'file') || failure) return stream.resume();
      storing = storing.then(() => (failure ? void stream.resume() : submission.addFile(info.filename || 'evidence', stream))).catch((error) => {
        stream.resume();
        fail(error);
      });
    });
    parser.on('field', (name, value, info) => {
      if (name !== 'statement') return;
      if (info.valueTruncated) fail(new BadMultipart(`The statement is too long: at most ${MAX_STATEMENT_CHARS} characters`));
      statement = value;
    });
    parser.on('filesLimit', () => fail(tooManyFiles(MAX_EVIDENCE_FILES_PER_SUBMISSION)));
    parser.on('partsLimit', () => fail(new BadMultipart('Too many parts in the body')));
    parser.on('error', (error: Error) => {
      fail(error instanceof Interrupted ? error : new BadMultipart(`Malformed multipart body: ${error.message}`));
      void storing.then(() => reject(failure));
    });
    parser.on('close', () => void storing.then(() => (failure ? reject(failure) : resolve(statement))));
    // The client leaving mid-upload fails the parser (and the file being stored), not the server.
    body.on('error', () => parser.destroy(new Interrupted('The upload was interrupted')));
    body.pipe(parser);
  });
}

/** The multipart body's own faults: bad input (400). */
class BadMultipart extends DomainError {
  constructor(message: string) {
    super('INVALID_INPUT', message);
  }
}

export function disputeEvidenceRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  r.post('/:id/dispute/evidence', doc({
    access: 'signed-in',
    tokenScopes: ['trade'],
    summary: "Add evidence to a payment's dispute: a statement and files (the buyer or the provider)",
    description:
      `Multipart: a \`statement\` field (at most ${MAX_STATEMENT_CHARS} characters) and up to ${MAX_EVIDENCE_FILES_PER_SUBMISSION} files in fields named \`files\` (${ALLOWED_EVIDENCE}; at most ${MAX_EVIDENCE_FILE_BYTES / MB} MB each; 20 files per side in all). ` +
      'The bytes decide the type, not the name: a file that is not what its extension says is 400. While the dispute is open and for 72 hours after it was opened (else 409). ' +
      'A refused submission keeps nothing. The other side is notified (`dispute.evidence`). The payment’s other readers are answered 404; administrators 403.',
    upload: { field: 'files', description: `Evidence files: ${ALLOWED_EVIDENCE}. Repeat the field for more files; add a \`statement\` text field.` },
    answers: { 201: { description: 'The evidence as stored', schema: EvidenceAnswer } },
    errors: [403, 404, 409, 413],
  }), async (c) => {
    const ctx = await contextFor(yoga, c, clientIp(c), 'trade');
    const deps = { db: ctx.db, storage: ctx.services.storage, jobs: ctx.services.jobs };
    let submission: EvidenceSubmission;
    try {
      submission = await EvidenceSubmission.start(deps, ctx.viewer, c.req.param('id'));
    } catch (error) {
      return refusal(c, error);
    }
    if (Number(c.req.header('content-length') ?? 0) > MAX_EVIDENCE_REQUEST_BYTES) {
      return jsonError(c, 'TOO_LARGE', `Too large: at most ${MAX_EVIDENCE_FILES_PER_SUBMISSION} files of ${MAX_EVIDENCE_FILE_BYTES / MB} MB each`);
    }
    const type = c.req.header('content-type') ?? '';
    if (!type.startsWith('multipart/form-data') || !c.req.raw.body) return jsonError(c, 'INVALID_INPUT', NO_BODY);
    const body = Readable.fromWeb(c.req.raw.body as never);
    let statement: string | null;
    try {
      statement = await readSubmission(submission, type, body);
    } catch (error) {
      body.resume();
      await submission.abandon();
      if (error instanceof Interrupted) return jsonError(c, 'INVALID_INPUT', error.message);
      return refusal(c, error);
    }
    try {
      const evidence = await submission.commit(statement);
      return json(
        c,
        {
          id: evidence.id,
          disputeId: evidence.disputeId,
          role: evidence.role,
          statement: evidence.statement,
          createdAt: evidence.createdAt.toISOString(),
          files: evidence.files.map((f) => ({ id: f.id, fileName: f.fileName, contentType: f.contentType, size: f.size, sha256: f.sha256, url: evidenceFileUrl(c.req.param('id'), evidence.id, f.id) })),
        },
        201,
      );
    } catch (error) {
      return refusal(c, error);
    }
  });

  r.get('/:id/dispute/evidence/:evidenceId/files/:fileId', doc({
    access: 'signed-in',
    tokenScopes: ['trade'],
    summary: "Download one file of a dispute's evidence (the buyer, the seller, administrators)",
    description: 'Always an attachment, with the type its bytes were recognised as; ETag (its sha256) and Range as other downloads. Anyone else is answered 404.',
    answers: fileAnswers('The evidence file', Object.values(EVIDENCE_CONTENT_TYPES)),
    errors: [404, 416],
  }), async (c) => {
    const ctx = await contextFor(yoga, c, clientIp(c), 'trade');
    let file;
    try {
      file = await evidenceFileFor(ctx.db, ctx.viewer, { paymentId: c.req.param('id'), evidenceId: c.req.param('evidenceId'), fileId: c.req.param('fileId') });
    } catch (error) {
      return refusal(c, error);
    }
    // Never rendered in the site's origin: an attachment, its type as recognised, no sniffing.
    const headers = new Headers({ 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' });
    const answer = fileRange(c.req.raw.headers, file, headers);
    if (answer instanceof Response) return answer;
    const { start, end, status, size } = answer;
    if (c.req.method === 'HEAD' || size === 0) return new Response(null, { status, headers });
    return new Response(Readable.toWeb(ctx.services.storage.read(file.storageKey, { start, end })) as ReadableStream, { status, headers });
  });

  return r;
}
