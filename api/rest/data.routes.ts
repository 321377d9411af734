import { Hono, type Context as HonoContext } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { Yoga } from '../graphql/yoga.ts';
import type { Logger } from '../logger.ts';
import { contextFor, json, operation, respondWithResult, runOperation, type MutationResult, type ClientIp } from './execute.ts';
import { jsonError } from './respond.ts';
import { STATUS_OF_CODE } from './statuses.ts';
import { attachmentDisposition, fileRange } from './file-answer.ts';
import { isRecordId } from '../db/ids.ts';
import { ndjsonRows, streamFormatOf } from '../domain/delivery/ndjson.ts';
import { parseFields, pickFields } from '../domain/delivery/pick-fields.ts';
import { compressStream, negotiateStreamEncoding } from '../http/compression.ts';
import { RowLimitError } from '../domain/listings/row-limits.ts';
import type { DataProfile } from '../domain/listings/profile.ts';
import {
  authorizeApiKey,
  authorizeBuyer,
  contractDataFile,
  noteUse,
  recordUsage,
  type DeliveryAuth,
  type UsageOutcome,
} from '../domain/delivery/delivery.service.ts';
import { z } from 'zod';
import { documentedAs, fileAnswers, queryOf } from './openapi/describe.ts';
import { CONTENT_TYPES } from '../domain/listings/file-types.ts';
import { DataAccessAnswer } from './openapi/shapes.ts';
import { PURCHASE_FIELDS, restPurchase, type PurchaseNode } from './purchase-shape.ts';
import { isSelf } from '../domain/policies.ts';
import { DomainError, NotFoundError } from '../domain/errors.ts';
import { deliverableRelease } from '../domain/releases/releases.service.ts';

/**
 * A download's JSON answer: the data file itself when it is JSON, or, for a listing delivered by its
 * provider's own link, where the data is.
 */
const EXTERNAL_OR_JSON = {
  description: "A JSON data file as it was uploaded; for a listing delivered by its provider's own link, `{ contractId, title, dataAccessType, dataAccessUrl, accessInstructions }`.",
};

/** The routes of this file under one heading of the reference page. */
const doc = documentedAs('Data delivery');

const ReleaseQuery = z.object({
  release: z
    .string()
    .optional()
    .describe("A release's version (GET /api/contracts/{id}/releases lists them); without it, the latest release the purchase includes. Unknown: 404; not included in the purchase: 403 RELEASE_NOT_INCLUDED."),
});
const StreamQuery = ReleaseQuery.extend({
  fields: z
    .string()
    .optional()
    .describe('Comma-separated field names: each record carries only these, in this order. An unknown name is a 400 that names it. CSV and JSON files only.'),
});
const AccessQuery = z.object({ buyer_id: z.string().optional().describe('If sent, it must be the signed-in user.') });

// Data delivery over REST (docs/decisions.md, "Commerce (server side): API keys and data delivery"): the library's access call and key rotation
// (GraphQL documents, like every other route), and the byte streams download and stream, which
// call the domain directly and authenticate with the X-API-Key header.

const ERROR_FIELDS = `__typename ... on Error { message code reason }`;
const ACCESS_FIELDS = `apiKey apiKeyPrefix purchase { ${PURCHASE_FIELDS} apiKeyPrefix downloadPath streamPath }`;

interface AccessNode {
  apiKey: string | null;
  apiKeyPrefix: string | null;
  purchase: PurchaseNode;
}
type Result<K extends string> = MutationResult<K, AccessNode>;

const REQUEST_ACCESS = operation<Result<'requestDataAccess'>>(`mutation RestRequestDataAccess($input: PurchaseAccessInput!) {
  requestDataAccess(input: $input) { ${ERROR_FIELDS} ... on MutationRequestDataAccessSuccess { data { ${ACCESS_FIELDS} } } } }`);
const ROTATE = operation<Result<'rotateApiKey'>>(`mutation RestRotateApiKey($input: PurchaseAccessInput!) {
  rotateApiKey(input: $input) { ${ERROR_FIELDS} ... on MutationRotateApiKeySuccess { data { ${ACCESS_FIELDS} } } } }`);

/** The purchase as GET /api/purchases/buyer/{id} shapes it, with the key and the data paths merged in. */
function restAccess(node: AccessNode) {
  return { ...restPurchase(node.purchase), apiKey: node.apiKey, apiKeyPrefix: node.apiKeyPrefix };
}


export function dataRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  // GET /api/data/access/{purchaseId}?buyer_id=...: buyer_id, when given, must be the logged-in user.
  // A read: it answers the key's prefix and changes no key (requestDataAccess).
  r.get('/access/:purchaseId', doc({
    access: 'signed-in',
    tokenScopes: ['data:read'],
    summary: "Access to a purchase's data and its key's prefix (never changes a key)",
    description:
      'Reading access never changes a key: the answer names the live key by its prefix (`apiKey` is null), so a key saved from the escrow answer keeps working. Only a purchase with no key yet gets one here, shown in full in that answer alone. To replace a lost key, rotate it.',
    answers: { 200: DataAccessAnswer },
    errors: [403, 404, 409],
  }), queryOf(AccessQuery), async (c) => {
    const ctx = await contextFor(yoga, c, clientIp(c), 'data:read');
    if (!ctx.viewer) return jsonError(c, 'LOGIN_REQUIRED', 'Authentication required');
    const buyerId = c.req.valid('query').buyer_id;
    if (buyerId !== undefined && !isSelf(ctx.viewer, buyerId)) return jsonError(c, 'NOT_OWNER', 'buyer_id must be the logged-in user');
    const result = await runOperation(yoga, c, clientIp(c), REQUEST_ACCESS, { input: { purchaseId: c.req.param('purchaseId') } });
    return respondWithResult(c, result, 'requestDataAccess', (data: AccessNode) => json(c, restAccess(data)));
  });

  // POST /api/data/access/{purchaseId}/rotate: a new key, shown this once; the old one stops working.
  r.post('/access/:purchaseId/rotate', doc({
    access: 'signed-in',
    tokenScopes: 'session-only',
    summary: 'Replace the data key (the old one stops working)',
    answers: { 200: DataAccessAnswer },
    errors: [403, 404, 409],
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), ROTATE, { input: { purchaseId: c.req.param('purchaseId') } });
    return respondWithResult(c, result, 'rotateApiKey', (data: AccessNode) => {
      // The key in full, this once: kept by no cache, nor as an Idempotency-Key's answer (api/rest/idempotency.ts).
      c.header('cache-control', 'no-store');
      return json(c, restAccess(data));
    });
  });

  r.get('/download/:contractId', doc({
    access: 'api-key',
    tokenScopes: ['data:read'],
    summary: 'Download the data file (HTTP Range resumes)',
    description: [
      'Serves the latest release the purchase includes, or the one named by `?release=` (its version is in `X-Release`). Each release has its own ETag (its sha256), so a resume never mixes two releases.',
      '',
      'Send `Range: bytes=N-` with `If-Range: <the ETag of the first answer>` to resume a download that broke off: 206 is the rest of the same file; 200 means the file changed since, and it comes whole (start over); 416 means nothing is left (the file is complete).',
      '',
      '```',
      "curl -f -H 'X-API-Key: dpk_…' --etag-save data.csv.etag -o data.csv https://<this host>/api/data/download/{contractId}",
      '# after a break: resume the same version',
      "curl -f -C - -H 'X-API-Key: dpk_…' -H \"If-Range: $(cat data.csv.etag)\" -o data.csv https://<this host>/api/data/download/{contractId}",
      '```',
      '',
      "A listing delivered by its provider's own link has no file here: the answer is JSON with `dataAccessUrl` and `accessInstructions` (the data is on the provider's host; this key does not open it).",
    ].join('\n'),
    answers: fileAnswers('The data file, in the type it was uploaded as', Object.values(CONTENT_TYPES), { 'application/json': { schema: EXTERNAL_OR_JSON } }),
    errors: [403, 404, 416, 429],
  }), queryOf(ReleaseQuery), (c) => deliver(yoga, c, clientIp(c), 'download'));
  r.get('/stream/:contractId', doc({
    access: 'api-key',
    tokenScopes: ['data:read'],
    summary: 'Stream the records as NDJSON (CSV and JSON files)',
    description: [
      'One JSON object per line, as the rows are read: a client can start work on the first record before the last one is sent.',
      '',
      '```',
      "curl -fN -H 'X-API-Key: dpk_…' https://<this host>/api/data/stream/{contractId}",
      '# two columns, compressed on the way',
      "curl -fN --compressed -H 'X-API-Key: dpk_…' 'https://<this host>/api/data/stream/{contractId}?fields=date,close'",
      '```',
      '',
      'Compressed (`Content-Encoding: br` or `gzip`) when `Accept-Encoding` accepts it, with no Content-Length then. `fields=a,b` keeps only those fields, in that order.',
    ].join('\n'),
    answers: {
      200: {
        description: 'One JSON object per line (CSV and JSON files); a file of another type comes as it is, in its own type. Compressed (br or gzip) when Accept-Encoding asks for it.',
        content: {
          'application/x-ndjson': { schema: { type: 'string', description: 'Lines of JSON objects, one record each.' } },
          ...Object.fromEntries(Object.values(CONTENT_TYPES).filter((type) => type !== 'application/json' && type !== 'text/csv').map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
        },
      },
    },
    // 422: a file past the row limits (more than 16,384 columns, a record over 1 MiB): download it.
    errors: [400, 403, 404, 422, 429],
  }), queryOf(StreamQuery), (c) => deliver(yoga, c, clientIp(c), 'stream'));

  return r;
}

type Action = 'download' | 'stream';

/**
 * Download and stream. The X-API-Key header decides; without one, the logged-in buyer's own
 * session does (the library's download button: the browser keeps only the key's prefix).
 */
async function deliver(yoga: Yoga, c: HonoContext, ip: string, action: Action): Promise<Response> {
  const ctx = await contextFor(yoga, c, ip, 'data:read');
  const { db } = ctx;
  const contractId = c.req.param('contractId') ?? '';
  const rawKey = c.req.header('x-api-key');
  const auth: DeliveryAuth =
    rawKey === undefined && ctx.viewer ? await authorizeBuyer(db, ctx.viewer, contractId) : await authorizeApiKey(db, rawKey, isRecordId(contractId) ? contractId : '');
  const log = (outcome: UsageOutcome, statusCode: number, bytes = 0, who: { apiKeyId: string | null; purchaseId: string | null } = auth.ok ? { apiKeyId: auth.apiKeyId, purchaseId: auth.purchase.id } : auth) =>
    recordUsage(db, { apiKeyId: who.apiKeyId, purchaseId: who.purchaseId, action, bytes, outcome, statusCode, ip }).catch((error) =>
      ctx.services.logger.error({ err: error }, 'could not write the access log'),
    );
  if (!auth.ok) {
    // Denials with a known key (or of a known buyer) are evidence too; unknown keys name nobody.
    if (auth.apiKeyId || auth.purchaseId) await log('denied', STATUS_OF_CODE[auth.error.reason]);
    return jsonError(c, auth.error.reason, auth.error.message);
  }

  // The release asked for (?release=), else the latest the buyer is entitled to (docs/decisions.md
  // "Issue 26: releases"); a listing from before releases (none recorded) serves its newest file.
  const version = c.req.query('release');
  let file = null;
  let releaseVersion: string | null = null;
  if (auth.contract.dataAccessType !== 'external_link' || version !== undefined) {
    try {
      const chosen = auth.contract.dataAccessType === 'external_link' ? null : await deliverableRelease(db, auth.purchase.buyerId, auth.contract.id, version);
      if (!chosen && version !== undefined) throw new NotFoundError(`This listing has no release "${version}"`);
      file = chosen?.file ?? (await contractDataFile(db, auth.contract.id));
      releaseVersion = chosen?.release.version ?? null;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const status = STATUS_OF_CODE[error.reason];
      await log(status === 403 ? 'denied' : 'error', status);
      return jsonError(c, error.reason, error.message);
    }
  }
  if (!file) {
    if (!auth.contract.dataAccessUrl) {
      await log('error', 404);
      return jsonError(c, 'NOT_FOUND', 'This contract has no data file yet');
    }
    // A listing delivered through the provider's own link: the link and how to use it.
    const body = JSON.stringify({
      contractId: auth.contract.id,
      title: auth.contract.title,
      dataAccessType: auth.contract.dataAccessType,
      dataAccessUrl: auth.contract.dataAccessUrl,
      accessInstructions: auth.contract.accessInstructions,
    });
    await noteUse(db, auth, action === 'download');
    await log('ok', 200, Buffer.byteLength(body));
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json; charset=UTF-8', 'cache-control': 'private, no-store' } });
  }

  const size = Number(file.size);
  const headers = new Headers({ 'cache-control': 'private, no-store' });
  // Which release this is; its ETag is the release's sha256, so a resumed download never mixes two.
  if (releaseVersion !== null) headers.set('x-release', releaseVersion);
  const storage = ctx.services.storage;

  // HEAD (a client checking size and ETag before resuming): the headers, no body and no count.
  const head = c.req.method === 'HEAD';
  if (action === 'stream') {
    const format = streamFormatOf(file);
    // Only the named fields (fields=a,b), checked against the file's before anything is sent.
    const fieldsParam = c.req.query('fields');
    let fields: string[] | null = null;
    if (fieldsParam !== undefined) {
      if (format === 'raw') {
        await log('error', 400);
        return jsonError(c, 'INVALID_INPUT', 'fields applies to CSV and JSON files; this file is streamed as it is');
      }
      try {
        fields = parseFields(fieldsParam, file.profile as DataProfile | null);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        await log('error', 400);
        return jsonError(c, error.reason, error.message);
      }
    }
    // Compressed when the client accepts it (never the download: its Range positions are those of the file).
    const encoding = negotiateStreamEncoding(c.req.header('accept-encoding'));
    headers.set('vary', 'Accept-Encoding');
    if (encoding) headers.set('content-encoding', encoding);
    const encoded = (body: AsyncIterable<Uint8Array>) => (encoding ? compressStream(body, encoding) : body);
    if (format === 'raw') {
      await noteUse(db, auth, false);
      headers.set('content-type', file.contentType);
      if (head) {
        await log('ok', 200);
        return new Response(null, { status: 200, headers });
      }
      if (!encoding) headers.set('content-length', String(size));
      headers.set('content-disposition', attachmentDisposition(file.fileName));
      return respondWith(200, headers, encoded(storage.read(file.storageKey)), (bytes, outcome) => log(outcome, 200, bytes), ctx.services.logger);
    }
    // Rows, unless the file breaks a row limit (api/domain/listings/row-limits.ts): then a 422 that
    // points to the download, before anything is sent, instead of work without bound.
    const source = storage.read(file.storageKey);
    const rows = await ndjsonRows(format, source, file.profile as DataProfile | null);
    if (rows instanceof RowLimitError) {
      await log('error', 422);
      const downloadPath = `/api/data/download/${auth.contract.id}${version !== undefined ? `?release=${encodeURIComponent(version)}` : ''}`;
      return jsonError(c, 'NOT_STREAMABLE', `${rows.message}: download the file instead (GET ${downloadPath})`, { limit: rows.limit, downloadPath });
    }
    await noteUse(db, auth, false);
    headers.set('content-type', 'application/x-ndjson; charset=UTF-8');
    if (head) {
      source.destroy();
      await log('ok', 200);
      return new Response(null, { status: 200, headers });
    }
    return respondWith(200, headers, encoded(fields ? pickFields(rows, fields) : rows), (bytes, outcome) => log(outcome, 200, bytes), ctx.services.logger);
  }

  const answer = fileRange(c.req.raw.headers, file, headers);
  if (answer instanceof Response) {
    await log('error', 416);
    return answer;
  }
  const { start, end, status } = answer;
  // A download is counted when it starts at the first byte; resuming a broken one is the same download.
  await noteUse(db, auth, start === 0 && !head);
  if (head || size === 0) {
    await log('ok', status);
    return new Response(null, { status, headers });
  }
  const source = storage.read(file.storageKey, { start, end });
  return respondWith(status, headers, source, (bytes, outcome) => log(outcome, status, bytes), ctx.services.logger);
}

/**
 * The response body: the source's chunks, counted as the client takes them (so a download cut short
 * logs what went out), and one access-log row when it ends, fails or the client goes away.
 */
function respondWith(
  status: number,
  headers: Headers,
  source: AsyncIterable<Uint8Array>,
  done: (bytes: number, outcome: UsageOutcome) => unknown,
  logger: Logger,
): Response {
  const chunks = source[Symbol.asyncIterator]();
  let bytes = 0;
  let finished = false;
  const finish = (outcome: UsageOutcome) => {
    if (finished) return;
    finished = true;
    done(bytes, outcome);
  };
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) {
            controller.close();
            finish('ok');
            return;
          }
          bytes += next.value.byteLength;
          controller.enqueue(next.value);
        } catch (error) {
          logger.warn({ err: error }, 'data delivery failed mid-stream');
          controller.error(error);
          finish('error');
        }
      },
      async cancel() {
        finish('aborted');
        await chunks.return?.();
      },
    },
    // Hold no more than one chunk ahead of the client: memory stays flat and the byte count is
    // what the client took.
    { highWaterMark: 0 },
  );
  return new Response(body, { status, headers });
}
