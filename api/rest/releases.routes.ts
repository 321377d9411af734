import { Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { z } from 'zod';
import type { Yoga } from '../graphql/yoga.ts';
import { json, operation, respondWithGraphQLErrors, respondWithResult, runOperation, type ClientIp, type MutationResult, type PageInfo } from './execute.ts';
import { cursorAtOffset } from './page-walk.ts';
import { jsonError } from './respond.ts';
import { limitParam, offsetParam, PAGE_HEADERS, setPageHeaders } from './page-links.ts';
import { body, documentedAs, field, queryOf, readBody } from './openapi/describe.ts';
import { ReleaseAnswer } from './openapi/shapes.ts';

/** The routes of this file under one heading of the reference page. */
const doc = documentedAs('Listings');

// Releases of a listing over REST (docs/decisions.md "Issue 26: releases"): their public metadata,
// newest first, and the provider's publication; the same GraphQL fields the web app reads.

const RELEASE_FIELDS = `releaseId contractId sequence version publishedAt notes size sha256 recordCount schemaChange
  schemaDiff { added { name type from to } removed { name type from to } retyped { name type from to } nullShareJumped { name type from to } }`;
const ERROR_FIELDS = `__typename ... on Error { message code reason ... on ValidationError { fieldErrors { field message } } }`;

interface ReleaseNode {
  releaseId: string;
  [field: string]: unknown;
}
interface Page<T> {
  edges: Array<{ node: T }>;
  totalCount: number;
  pageInfo: PageInfo;
}
type PageVariables = { id: string; first: number; after: string | null };
const RELEASES = operation<{ contract: { releases: Page<ReleaseNode> } | null }, PageVariables>(`query RestReleases($id: ID!, $first: Int!, $after: String) { contract(id: $id) {
  releases(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { ${RELEASE_FIELDS} } } } } }`);
const RELEASE_PAGE_ENDS = operation<{ contract: { releases: { pageInfo: PageInfo } } | null }, PageVariables>(`query RestReleasePageEnds($id: ID!, $first: Int!, $after: String) {
  contract(id: $id) { releases(first: $first, after: $after) { pageInfo { hasNextPage endCursor } } } }`);
const PUBLISH = operation<MutationResult<'publishRelease', ReleaseNode>>(`mutation RestPublishRelease($input: PublishReleaseInput!) {
  publishRelease(input: $input) { ${ERROR_FIELDS} ... on MutationPublishReleaseSuccess { data { ${RELEASE_FIELDS} } } } }`);

const PAGE = 100;
const ReleasesQuery = z.object({ limit: limitParam(PAGE), offset: offsetParam() });
const ReleaseBody = body({
  fileId: field.describe('The id of a file uploaded through POST /api/uploads, in no listing yet.'),
  version: field.describe('Letters, digits and . _ - +, at most 40 characters; unique in the listing.'),
  notes: z.string().nullish(),
});

const restRelease = ({ releaseId, ...rest }: ReleaseNode) => ({ id: releaseId, ...rest });
const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

export function releaseRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  r.get('/contracts/:id/releases', doc({
    access: 'public',
    tokenScopes: ['market:read'],
    summary: "A listing's releases, newest first",
    description:
      'Public metadata of each release (version, publishedAt, notes, size, sha256, recordCount, schemaChange and the schema diff against the previous release). Paged with `limit` and `offset` (100 by default and at most). The files themselves: `/api/data/download/{contractId}?release={version}` with a purchase that includes the release.',
    answers: { 200: { description: "A page of the listing's releases", schema: z.array(ReleaseAnswer), headers: PAGE_HEADERS } },
    errors: [404],
  }), queryOf(ReleasesQuery), async (c) => {
    const q = c.req.valid('query');
    const limit = q.limit ?? PAGE;
    const offset = q.offset ?? 0;
    const id = c.req.param('id');
    const start = await cursorAtOffset(offset, PAGE, async (first, after) => {
      const ends = await runOperation(yoga, c, clientIp(c), RELEASE_PAGE_ENDS, { id, first, after });
      if (ends.errors?.length) return respondWithGraphQLErrors(c, ends.errors, ends.data);
      return ends.data?.contract?.releases.pageInfo ?? jsonError(c, 'NOT_FOUND', 'Contract not found');
    });
    if (start instanceof Response) return start;
    const result = await runOperation(yoga, c, clientIp(c), RELEASES, { id, first: limit, after: start.after });
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    const releases = result.data?.contract?.releases;
    if (!releases) return jsonError(c, 'NOT_FOUND', 'Contract not found');
    setPageHeaders(c, releases.totalCount, { offset, limit, hasNext: !start.pastTheEnd && releases.pageInfo.hasNextPage });
    return json(c, start.pastTheEnd ? [] : releases.edges.map((e) => restRelease(e.node)));
  });

  r.post('/contracts/:id/releases', doc({
    access: 'provider',
    tokenScopes: ['listings'],
    summary: 'Publish the next release of a file listing',
    description:
      "The listing's provider only (anyone else 403; a listing they may not see 404). Upload the file first (`POST /api/uploads`), then send its `fileId` with a `version` and `notes`. The file is checked and profiled as any upload; the release gets the schema diff against the previous one, the listing's record count and fields follow it, and buyers whose purchase includes it are told. A version the listing already has: 409; a link listing or one not approved yet: 409.",
    body: ReleaseBody,
    example: { fileId: '0196c4a0-0000-7000-8000-000000000001', version: '2026-12', notes: 'December data; the region column is gone (use country).' },
    answers: { 201: ReleaseAnswer },
    errors: [404, 409],
  }), async (c) => {
    const b = await readBody(c, ReleaseBody);
    const input = { contractId: c.req.param('id'), fileId: text(b.fileId), version: text(b.version), notes: typeof b.notes === 'string' ? b.notes : null };
    const result = await runOperation(yoga, c, clientIp(c), PUBLISH, { input });
    return respondWithResult(c, result, 'publishRelease', (data) => json(c, restRelease(data), 201));
  });

  return r;
}
