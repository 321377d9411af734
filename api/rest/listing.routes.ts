import { Readable } from 'node:stream';
import busboy from 'busboy';
import { Hono, type Context as HonoContext } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { Yoga } from '../graphql/yoga.ts';
import { contextFor, json, operation, respondWithResult, runOperation, type MutationResult, type ClientIp } from './execute.ts';
import { jsonError, readJsonObject } from './respond.ts';
import { BACK_OFFICE_FIELDS, restListing, type BackOfficeContractNode } from './contract-shape.ts';
import { DomainError } from '../domain/errors.ts';
import { assertMayUpload, storeUpload } from '../domain/listings/upload.service.ts';
import { CONTENT_TYPES, MAX_UPLOAD_BYTES } from '../domain/listings/file-types.ts';
import { canReadListingFile } from '../domain/policies.ts';
import { isRecordId } from '../db/ids.ts';
import { fileRange } from './file-answer.ts';
import { z } from 'zod';
import { body, documentedAs, fileAnswers, readBody } from './openapi/describe.ts';
import { ListingAnswer } from './openapi/shapes.ts';
import { listingInput } from '../domain/listings/listings.schemas.ts';
import { ALLOWED_EXTENSIONS } from '../domain/listings/file-types.ts';

/** The routes of this file under one heading of the reference page. */
const doc = documentedAs('Listings');

const ListingBody = listingInput.safeExtend({ providerId: z.string().nullish().describe('If sent, it must be the signed-in user.') }).loose();
const ListingReviewBody = body({
  status: z.enum(['active', 'rejected'], { error: 'Invalid status: use active (approve) or rejected' }).describe('active approves the listing; rejected rejects it.'),
  reviewNotes: z.string().nullish(),
  rejectionReason: z.string().nullish(),
});
const UploadAnswer = z
  .object({
    id: z.string(),
    fileId: z.string().describe('Send it as `fileId` with the listing.'),
    fileName: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    sha256: z.string(),
    profile: z.object({}).loose().nullable().describe('Records, fields and types found in a CSV or JSON file.'),
    downloadUrl: z.string(),
  })
  .loose();

// Listing data over REST (the specification): POST /api/contracts (submit),
// PATCH /api/contracts/{id} (administrators review), and the byte streams of listing files:
// POST /api/uploads (multipart, streamed to storage) and GET /api/files/{id}/download.

const ERROR_FIELDS = `__typename ... on Error { message code reason ... on ValidationError { fieldErrors { field message } } }`;

type ListingResult<K extends string> = MutationResult<K, BackOfficeContractNode>;

const CREATE = operation<ListingResult<'createListing'>>(`mutation RestCreateListing($input: ListingInput!) {
  createListing(input: $input) { ${ERROR_FIELDS} ... on MutationCreateListingSuccess { data { ${BACK_OFFICE_FIELDS} } } } }`);
const REVIEW = operation<ListingResult<'reviewListing'>>(`mutation RestReviewListing($input: ReviewListingInput!) {
  reviewListing(input: $input) { ${ERROR_FIELDS} ... on MutationReviewListingSuccess { data { ${BACK_OFFICE_FIELDS} } } } }`);

const STRING_FIELDS = ['title', 'description', 'category', 'pricingModel', 'dataFormat', 'updateFrequency', 'sampleSize', 'geographicCoverage', 'dataSource', 'dataAccessType', 'dataAccessUrl', 'accessInstructions', 'deliveryMethod', 'fileId'] as const;

/** The listing payload as REST clients send it (price may be a number) as the GraphQL input. */
function listingVariables(body: Record<string, unknown>) {
  const input: Record<string, unknown> = {};
  for (const key of STRING_FIELDS) if (body[key] !== undefined && body[key] !== null) input[key] = typeof body[key] === 'number' ? String(body[key]) : body[key];
  for (const key of ['title', 'description', 'category', 'dataFormat', 'updateFrequency', 'sampleSize', 'geographicCoverage', 'dataSource', 'dataAccessType']) input[key] ??= '';
  input.price = typeof body.price === 'number' ? String(body.price) : typeof body.price === 'string' ? body.price : '';
  for (const key of ['complianceAcknowledged', 'qualityAcknowledged', 'legalAcknowledged', 'isEnterprise']) input[key] = body[key] === true;
  if (typeof body.recordCount === 'number') input.recordCount = body.recordCount;
  if (Array.isArray(body.dataFields)) input.dataFields = body.dataFields;
  if (Array.isArray(body.sampleData)) input.sampleData = body.sampleData;
  return input;
}


export function listingRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  r.post('/contracts', doc({
    access: 'provider',
    tokenScopes: ['listings'],
    summary: 'Submit a listing for review',
    description: 'Upload the file first (`POST /api/uploads`) and send its `fileId`, or give a `dataAccessUrl`. `price` may also be sent as a number. The listing waits in `pending_review` until an administrator approves it.',
    body: ListingBody,
    example: { title: 'US Retail Foot Traffic 2025', description: 'Daily visits to 12,000 US retail locations, counted from anonymised mobile signals and adjusted for panel size.', category: 'consumer', price: '249.00', pricingModel: 'one_time', dataFormat: 'csv', updateFrequency: 'daily', sampleSize: '12,000 stores', geographicCoverage: 'United States', dataSource: 'Aggregated mobile location panel', dataAccessType: 'file_upload', fileId: '0196c4a0-0000-7000-8000-000000000005', complianceAcknowledged: true, qualityAcknowledged: true, legalAcknowledged: true },
    answers: { 201: ListingAnswer },
  }), async (c) => {
    const body = await readJsonObject(c);
    const ctx = await contextFor(yoga, c, clientIp(c), 'listings');
    if (body.providerId !== undefined && body.providerId !== null && ctx.viewer && String(body.providerId) !== ctx.viewer.id) {
      return jsonError(c, 'NOT_OWNER', 'providerId must be the logged-in user');
    }
    const result = await runOperation(yoga, c, clientIp(c), CREATE, { input: listingVariables(body) });
    return respondWithResult(c, result, 'createListing', (data) => json(c, restListing(data), 201));
  });

  r.patch('/contracts/:id', doc({
    access: 'admin',
    tokenScopes: ['admin'],
    summary: 'Approve (active) or reject a listing',
    body: ListingReviewBody,
    example: { status: 'active', reviewNotes: 'Sample and fields match the file' },
    answers: { 200: ListingAnswer },
    errors: [404, 409],
  }), async (c) => {
    const body = await readBody(c, ListingReviewBody);
    const input = { contractId: c.req.param('id'), status: body.status, reviewNotes: body.reviewNotes ?? null, rejectionReason: body.rejectionReason ?? null };
    const result = await runOperation(yoga, c, clientIp(c), REVIEW, { input });
    return respondWithResult(c, result, 'reviewListing', (data) => json(c, restListing(data)));
  });

  // multipart/form-data with one `file` part, streamed to storage: memory stays flat.
  r.post('/uploads', doc({
    access: 'provider',
    tokenScopes: ['listings'],
    summary: "Upload a listing's data file (streamed; up to 500 MB)",
    upload: { field: 'file', description: `The data file (${ALLOWED_EXTENSIONS.join(', ')}), at most 500 MB.` },
    answers: { 201: { description: 'The stored file: send its fileId with the listing', schema: UploadAnswer } },
    errors: [413],
  }), async (c) => {
    const ctx = await contextFor(yoga, c, clientIp(c), 'listings');
    try {
      assertMayUpload(ctx.viewer);
    } catch (error) {
      return domainErrorResponse(c, error);
    }
    const length = Number(c.req.header('content-length') ?? 0);
    if (length > MAX_UPLOAD_BYTES + 64 * 1024) return jsonError(c, 'TOO_LARGE', 'File Too Large: please select a file smaller than 500MB');
    const type = c.req.header('content-type') ?? '';
    if (!type.startsWith('multipart/form-data') || !c.req.raw.body) return jsonError(c, 'INVALID_INPUT', 'Send the file as multipart/form-data in a field named "file"');
    let parser: busboy.Busboy;
    try {
      // Browsers send file names as raw UTF-8 in the part header; busboy's default reads them as Latin-1.
      parser = busboy({ headers: { 'content-type': type }, defParamCharset: 'utf8', limits: { files: 1, fileSize: MAX_UPLOAD_BYTES + 1, fields: 10 } });
    } catch {
      return jsonError(c, 'INVALID_INPUT', 'Malformed multipart body');
    }
    const body = Readable.fromWeb(c.req.raw.body as never);
    let current: Readable | undefined;
    let storing: Promise<unknown> | undefined;
    // Busboy reports a body that is not well-formed multipart (cut short, no boundary, broken part
    // headers) on the parser and on the file being stored: either way the client's mistake, a 400.
    let malformed: Error | undefined;
    const noteMalformed = (error: Error) => {
      if (!(error instanceof UploadInterrupted)) malformed ??= error;
    };
    const stored = new Promise<Awaited<ReturnType<typeof storeUpload>> | null>((resolve, reject) => {
      let started = false;
      parser.on('file', (name, stream, info) => {
        if (name !== 'file' || started) return stream.resume();
        started = true;
        current = stream;
        stream.on('error', noteMalformed);
        storing = storeUpload(ctx.services, ctx.viewer, { fileName: info.filename || 'upload', stream });
        storing.then(resolve as (v: unknown) => void, (error) => {
          stream.resume();
          reject(error);
        });
      });
      parser.on('error', (error: Error) => {
        noteMalformed(error);
        reject(error);
      });
      parser.on('close', () => {
        if (!started) resolve(null);
      });
    });
    // The client went away mid-upload (closed tab, Cancel, dropped connection): fail the parser
    // and the file being stored, so the partial file is dropped and nothing waits forever.
    body.on('error', (error) => {
      const interrupted = new UploadInterrupted(error);
      current?.destroy(interrupted);
      parser.destroy(interrupted);
    });
    body.pipe(parser);
    try {
      const file = await stored;
      if (!file) return jsonError(c, 'INVALID_INPUT', 'Send the file as multipart/form-data in a field named "file"');
      return json(
        c,
        { id: file.id, fileId: file.id, fileName: file.fileName, contentType: file.contentType, size: Number(file.size), sha256: file.sha256, profile: file.profile ?? null, downloadUrl: `/api/files/${file.id}/download` },
        201,
      );
    } catch (error) {
      body.unpipe(parser);
      body.resume();
      // Answer once the half-written file is gone.
      await storing?.catch(() => {});
      if (error instanceof UploadInterrupted) return jsonError(c, 'INVALID_INPUT', 'The upload was interrupted');
      if (error instanceof DomainError) return domainErrorResponse(c, error);
      if (malformed) return jsonError(c, 'INVALID_INPUT', `Malformed multipart body: ${malformed.message}`);
      throw error;
    }
  });

  r.get('/files/:id/download', doc({
    access: 'signed-in',
    tokenScopes: ['listings'],
    summary: 'Download an uploaded listing file (its provider and administrators)',
    answers: fileAnswers('The bytes of the file (Range honoured)', Object.values(CONTENT_TYPES)),
    errors: [403, 404, 416],
  }), async (c) => {
    const ctx = await contextFor(yoga, c, clientIp(c), 'listings');
    if (!ctx.viewer) return jsonError(c, 'LOGIN_REQUIRED', 'Authentication required');
    const id = c.req.param('id');
    const file = isRecordId(id) ? await ctx.db.dataFile.findUnique({ where: { id } }) : null;
    if (!file || !canReadListingFile(ctx.viewer, file)) return jsonError(c, 'NOT_FOUND', 'File not found');
    // As a buyer's download (api/rest/data.routes.ts): an ETag, and Range requests to resume.
    const headers = new Headers({ 'cache-control': 'private, no-store' });
    const answer = fileRange(c.req.raw.headers, file, headers);
    if (answer instanceof Response) return answer;
    const { start, end, status, size } = answer;
    if (c.req.method === 'HEAD' || size === 0) return new Response(null, { status, headers });
    const stream = ctx.services.storage.read(file.storageKey, { start, end });
    return new Response(Readable.toWeb(stream) as ReadableStream, { status, headers });
  });

  return r;
}

class UploadInterrupted extends Error {
  constructor(cause: unknown) {
    super('The upload was interrupted', { cause });
  }
}

function domainErrorResponse(c: HonoContext, error: unknown) {
  if (error instanceof DomainError) return jsonError(c, error.reason, error.message);
  throw error;
}
