import { Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { z } from 'zod';
import type { Yoga } from '../graphql/yoga.ts';
import { json, operation, respondWithResult, runOperation, type MutationResult, type ClientIp } from './execute.ts';
import { BACK_OFFICE_FIELDS, restListing, type BackOfficeContractNode } from './contract-shape.ts';
import { body, documentedAs, money, readBody } from './openapi/describe.ts';
import { ListingAnswer } from './openapi/shapes.ts';
import type { ProviderMove } from '../domain/listings/listings.machine.ts';

// A listing that changes after approval over REST (docs/decisions.md "Issue 26: listings that
// change"): the provider edits it (PATCH /api/contracts/{id}/details; PATCH /api/contracts/{id} is
// the administrators' review, as the specification names it), pauses, resumes or delists it; the
// administrators decide the revisions waiting for review. Each runs the GraphQL mutation.

const doc = documentedAs('Listings');

const ERROR_FIELDS = `__typename ... on Error { message code reason ... on ValidationError { fieldErrors { field message } } }`;
const REVISION_FIELDS = 'revisionId status category categoryLabel dataAccessType dataAccessUrl rejectionReason createdAt reviewedAt';
const LISTING_FIELDS = `${BACK_OFFICE_FIELDS} latestRevision { ${REVISION_FIELDS} }`;

interface RevisionNode {
  revisionId: string;
  status: string;
  category: string;
  categoryLabel: string;
  dataAccessType: string;
  dataAccessUrl: string | null;
  rejectionReason: string | null;
  createdAt: string;
  reviewedAt: string | null;
}
type LiveListingNode = BackOfficeContractNode & { latestRevision: RevisionNode | null };

const restLiveListing = ({ latestRevision, ...node }: LiveListingNode) => ({ ...restListing(node), latestRevision: latestRevision && restRevision(latestRevision) });
const restRevision = ({ revisionId, ...rest }: RevisionNode) => ({ id: revisionId, ...rest });

const UPDATE = operation<MutationResult<'updateListing', LiveListingNode>>(`mutation RestEditListing($input: UpdateListingInput!) {
  updateListing(input: $input) { ${ERROR_FIELDS} ... on MutationUpdateListingSuccess { data { ${LISTING_FIELDS} } } } }`);
type MoveField = `${ProviderMove}Listing`;
const moveOperation = (move: ProviderMove) => {
  const name = `${move[0]!.toUpperCase()}${move.slice(1)}`;
  return operation<MutationResult<MoveField, LiveListingNode>>(`mutation Rest${name}Listing($input: ListingMoveInput!) {
    ${move}Listing(input: $input) { ${ERROR_FIELDS} ... on Mutation${name}ListingSuccess { data { ${LISTING_FIELDS} } } } }`);
};
const MOVES = { pause: moveOperation('pause'), resume: moveOperation('resume'), delist: moveOperation('delist') };
const REVIEW_REVISION = operation<MutationResult<'reviewListingRevision', RevisionNode>>(`mutation RestReviewListingRevision($input: ReviewListingRevisionInput!) {
  reviewListingRevision(input: $input) { ${ERROR_FIELDS} ... on MutationReviewListingRevisionSuccess { data { ${REVISION_FIELDS} } } } }`);

const text = z.string().nullish();
const ListingChangesBody = body({
  title: z.string().optional(),
  description: z.string().optional(),
  price: money.optional(),
  sampleSize: z.string().optional(),
  geographicCoverage: z.string().optional(),
  dataSource: z.string().optional(),
  accessInstructions: text,
  deliveryMethod: text,
  sampleData: z.array(z.record(z.string(), z.unknown())).optional(),
  category: z.string().optional().describe('Reviewed: waits in a revision while the listing is on the market.'),
  dataAccessType: z.enum(['file_upload', 'external_link', 'both']).optional().describe('Reviewed.'),
  dataAccessUrl: text.describe('Reviewed.'),
  fileId: z.string().nullish().describe('Only while the listing waits for review; a listing on the market publishes a release instead.'),
})
  // A field that cannot be edited here is a 400 that names it, never silently dropped.
  .strict();
const RevisionReviewBody = body({
  status: z.enum(['approved', 'rejected'], { error: 'Invalid status: use approved or rejected' }).describe('approved applies the values to the listing.'),
  rejectionReason: z.string().nullish(),
});

const RevisionAnswer = z
  .object({
    id: z.string(),
    status: z.enum(['pending', 'approved', 'rejected']),
    category: z.string(),
    categoryLabel: z.string(),
    dataAccessType: z.string(),
    dataAccessUrl: z.string().nullable(),
    rejectionReason: z.string().nullable(),
    createdAt: z.string(),
    reviewedAt: z.string().nullable(),
  })
  .meta({ id: 'ListingRevision', description: "Proposed values of a listing's reviewed fields." });
const LiveListingAnswer = ListingAnswer.extend({ latestRevision: RevisionAnswer.nullable().describe('The newest proposal of reviewed changes; pending means "changes in review".') });

const MOVE_DOCS: Record<ProviderMove, { summary: string; description: string }> = {
  pause: {
    summary: 'Pause a listing (its provider)',
    description: 'No new sales or bids until resumed: buying and bidding answer 409 `CONTRACT_NOT_ACTIVE`. Buyers keep their access; open bids stay but cannot be accepted or paid. The contract page still answers, with `status: paused`.',
  },
  resume: { summary: 'Resume a paused listing (its provider)', description: 'Back on the market: sales and bids open again.' },
  delist: {
    summary: 'Delist a listing for good (its provider)',
    description: 'An active or paused listing stops being sold for good (no resume). Open bids are declined; buyers keep their access.',
  },
};

export function listingLifecycleRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  r.patch('/contracts/:id/details', doc({
    access: 'provider',
    tokenScopes: ['listings'],
    summary: 'Edit a listing (its provider)',
    description:
      'Only the fields sent change. On a listing on the market (active or paused) wording, samples and `price` change at once (the market price follows the list price while nothing sold since it was set); `category`, `dataAccessType` and `dataAccessUrl` wait in a revision (`latestRevision`, pending) that an administrator approves or rejects, while the approved version stays on sale. A listing waiting for review (or rejected, then resubmitted) takes every change at once. A new file is a new release, not an edit.',
    body: ListingChangesBody,
    example: { price: 199, description: 'Daily visits to 12,400 US retail locations, counted from anonymised mobile signals and adjusted for panel size.', category: 'market' },
    answers: { 200: LiveListingAnswer },
    errors: [404, 409],
  }), async (c) => {
    const { price, ...changes } = await readBody(c, ListingChangesBody);
    const input = { contractId: c.req.param('id'), changes: { ...changes, ...(price !== undefined ? { price: String(price) } : {}) } };
    const result = await runOperation(yoga, c, clientIp(c), UPDATE, { input });
    return respondWithResult(c, result, 'updateListing', (data) => json(c, restLiveListing(data)));
  });

  for (const move of ['pause', 'resume', 'delist'] as const) {
    r.post(`/contracts/:id/${move}`, doc({ access: 'provider', tokenScopes: ['listings'], ...MOVE_DOCS[move], answers: { 200: LiveListingAnswer }, errors: [404, 409] }), async (c) => {
      const result = await runOperation(yoga, c, clientIp(c), MOVES[move], { input: { contractId: c.req.param('id') } });
      return respondWithResult(c, result, `${move}Listing`, (data) => json(c, restLiveListing(data)));
    });
  }

  r.patch('/listing-revisions/:id', doc({
    access: 'admin',
    tokenScopes: ['admin'],
    summary: "Approve or reject a listing's pending revision",
    description: 'approved copies the proposed category and delivery onto the listing; rejected keeps the listing as it was approved and tells the provider the reason.',
    body: RevisionReviewBody,
    example: { status: 'rejected', rejectionReason: 'The link does not lead to the data' },
    answers: { 200: RevisionAnswer },
    errors: [404, 409],
  }), async (c) => {
    const reviewBody = await readBody(c, RevisionReviewBody);
    const input = { revisionId: c.req.param('id'), status: reviewBody.status, rejectionReason: reviewBody.rejectionReason ?? null };
    const result = await runOperation(yoga, c, clientIp(c), REVIEW_REVISION, { input });
    return respondWithResult(c, result, 'reviewListingRevision', (data) => json(c, restRevision(data)));
  });

  return r;
}
