import { builder } from './builder.ts';
import { selectable } from './prisma-query.ts';
import { ContractType } from './contract.ts';
import { plainId } from './global-ids.ts';
import { ContractStatusEnum } from './enums.ts';
import { createListing, listingRefusal, reviewListing, updateListing } from '../domain/listings/listings.service.ts';
import { editListing } from '../domain/listings/listing-edit.service.ts';
import { isOwnerOrAdmin } from '../domain/policies.ts';
import type { Context } from '../context.ts';
import type { Contract } from '../db/generated/prisma/client.ts';
import { AuthenticationError, ConflictError, NotFoundError, PermissionError, ValidationError } from '../domain/errors.ts';

// Listing data and the back office's review of listings: the compliance dashboard approves or
// rejects them, and REST's PATCH /api/contracts/{id} edits them (docs/decisions.md, "Providers: due
// diligence, listings, uploads and the back office").

const providerOrAdmin = (c: Contract, ctx: Context) => isOwnerOrAdmin(ctx.viewer, c.providerId);
const backOffice = { authScopes: (c: Contract, _a: unknown, ctx: Context) => providerOrAdmin(c, ctx), unauthorizedResolver: () => null } as const;

builder.prismaNode('DataFile', {
  id: { field: 'id' },
  authScopes: (f, ctx) => isOwnerOrAdmin(ctx.viewer, f.uploaderId),
  fields: (t) => ({
    fileId: t.exposeString('id'),
    fileName: t.exposeString('fileName'),
    contentType: t.exposeString('contentType'),
    size: t.float({ description: 'Bytes.', resolve: (f) => Number(f.size) }),
    sha256: t.exposeString('sha256'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    profile: t.field({ type: 'JSON', nullable: true, description: 'recordCount, fields (name, type, nullShare) and sampleRows of a CSV/JSON file.', resolve: (f) => f.profile ?? null }),
    downloadUrl: t.string({ resolve: (f) => `/api/files/${f.id}/download` }),
  }),
});

// Back-office fields of a listing: its provider and administrators only; null for anyone else.
builder.prismaObjectFields(ContractType, (t) => ({
  reviewNotes: t.exposeString('reviewNotes', { nullable: true, ...backOffice }),
  rejectionReason: t.exposeString('rejectionReason', { nullable: true, ...backOffice }),
  reviewedAt: t.expose('reviewedAt', { type: 'DateTime', nullable: true, ...backOffice }),
  dataAccessUrl: t.exposeString('dataAccessUrl', { nullable: true, ...backOffice }),
  accessInstructions: t.exposeString('accessInstructions', { nullable: true, ...backOffice }),
  complianceAcknowledged: t.exposeBoolean('complianceAcknowledged'),
  qualityAcknowledged: t.exposeBoolean('qualityAcknowledged'),
  legalAcknowledged: t.exposeBoolean('legalAcknowledged'),
  dataProfile: t.field({ type: 'JSON', nullable: true, ...backOffice, resolve: (c) => c.dataProfile ?? null }),
  files: t.relation('files', { nullable: true, ...backOffice, query: { orderBy: { createdAt: 'desc' } } }),
  providerId: t.exposeString('providerId'),
}));

builder.queryFields((t) => ({
  listingsForReview: t.prismaConnection({
    type: 'Contract',
    cursor: 'id',
    description: 'Listings by status for the back office, oldest first (administrators).',
    authScopes: { admin: true },
    args: { status: t.arg({ type: ContractStatusEnum, defaultValue: 'pending_review' }) },
    totalCount: (_root, args, ctx) => ctx.db.contract.count({ where: { status: args.status ?? 'pending_review' } }),
    resolve: (query, _root, args, ctx) =>
      ctx.db.contract.findMany({ ...selectable(query), where: { status: args.status ?? 'pending_review' }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
  }),
}));

const ListingInput = builder.inputType('ListingInput', {
  fields: (t) => ({
    title: t.string({ required: true }),
    description: t.string({ required: true }),
    category: t.string({ required: true, description: 'A category slug or label.' }),
    price: t.string({ required: true, description: 'A positive amount with at most two decimals.' }),
    pricingModel: t.string({ description: 'one_time (default), monthly_subscription or annual_subscription.' }),
    dataFormat: t.string({ required: true }),
    updateFrequency: t.string({ required: true }),
    sampleSize: t.string({ required: true }),
    geographicCoverage: t.string({ required: true }),
    dataSource: t.string({ required: true }),
    dataAccessType: t.string({ required: true, description: 'file_upload, external_link or both.' }),
    dataAccessUrl: t.string(),
    accessInstructions: t.string(),
    deliveryMethod: t.string(),
    recordCount: t.int(),
    dataFields: t.stringList(),
    sampleData: t.field({ type: 'JSON' }),
    isEnterprise: t.boolean(),
    fileId: t.id({ description: 'The id of a file uploaded through POST /api/uploads.' }),
    complianceAcknowledged: t.boolean({ required: true }),
    qualityAcknowledged: t.boolean({ required: true }),
    legalAcknowledged: t.boolean({ required: true }),
  }),
});

const ListingChangesInput = builder.inputType('ListingChangesInput', {
  description:
    'Only the fields given change. On a listing on the market (active or paused), wording, samples and price change at once; category, dataAccessType and dataAccessUrl wait in a revision for review; the file changes through a new release.',
  fields: (t) => ({
    title: t.string(),
    description: t.string(),
    price: t.string({ description: 'A positive amount with at most two decimals; the market price follows it while nothing sold since the list price was set.' }),
    sampleSize: t.string(),
    geographicCoverage: t.string(),
    dataSource: t.string(),
    accessInstructions: t.string(),
    deliveryMethod: t.string(),
    sampleData: t.field({ type: 'JSON' }),
    category: t.string({ description: 'A category slug or label (reviewed).' }),
    dataAccessType: t.string({ description: 'file_upload, external_link or both (reviewed).' }),
    dataAccessUrl: t.string({ description: 'Reviewed.' }),
    fileId: t.id({ description: 'Only for a listing in review; a listing on the market publishes a release instead.' }),
  }),
});

const UpdateListingInput = builder.inputType('UpdateListingInput', {
  fields: (t) => ({
    contractId: t.id({ required: true }),
    listing: t.field({ type: ListingInput, description: 'The whole form: a listing waiting for review or rejected (resubmitted).' }),
    changes: t.field({ type: ListingChangesInput, description: 'Some fields, for a listing in any editable status (issue 26). Give listing or changes.' }),
  }),
});
const ReviewListingInput = builder.inputType('ReviewListingInput', {
  fields: (t) => ({
    contractId: t.id({ required: true }),
    status: t.field({ type: ContractStatusEnum, required: true, description: 'active (approve) or rejected.' }),
    reviewNotes: t.string(),
    rejectionReason: t.string(),
  }),
});

const clean = <T extends Record<string, unknown>>(input: T) => ({
  ...input,
  fileId: input.fileId ? plainId(String(input.fileId), 'DataFile') : null,
});

/** The changes as the domain reads them: only the fields given (GraphQL passes absent ones as undefined or null). */
function changesOf(input: Record<string, unknown>) {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) if (value !== undefined && !(value === null && key !== 'dataAccessUrl' && key !== 'accessInstructions' && key !== 'deliveryMethod')) changes[key] = value;
  if (typeof changes.fileId === 'string') changes.fileId = plainId(changes.fileId, 'DataFile');
  return changes;
}

builder.mutationFields((t) => ({
  createListing: t.prismaField({
    type: 'Contract',
    errors: { types: [ValidationError, AuthenticationError, PermissionError] },
    // Declared here, decided in the domain: the refusal carries the listing's own words and reason.
    authScopes: { approvedProvider: true },
    unauthorizedError: (_root, _args, ctx) => listingRefusal(ctx.viewer) ?? 'Not allowed',
    args: { input: t.arg({ type: ListingInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const contract = await createListing(ctx.services, ctx.viewer, clean(input));
      return ctx.db.contract.findUniqueOrThrow({ ...selectable(query), where: { id: contract.id } });
    },
  }),
  updateListing: t.prismaField({
    type: 'Contract',
    errors: { types: [ValidationError, AuthenticationError, PermissionError, NotFoundError, ConflictError] },
    description:
      'Edits a listing. With `listing` (the whole form): one waiting for review or rejected (resubmitted). With `changes`: also one on the market, whose reviewed changes wait in `latestRevision`.',
    args: { input: t.arg({ type: UpdateListingInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const id = plainId(String(input.contractId), 'Contract');
      if ((input.listing == null) === (input.changes == null)) throw new ValidationError('Give either listing (the whole form) or changes', [{ field: 'changes', message: 'Give either listing or changes' }]);
      const contract = input.changes ? (await editListing(ctx.services, ctx.viewer, id, changesOf(input.changes))).contract : await updateListing(ctx.services, ctx.viewer, id, clean(input.listing!));
      return ctx.db.contract.findUniqueOrThrow({ ...selectable(query), where: { id: contract.id } });
    },
  }),
  reviewListing: t.prismaField({
    type: 'Contract',
    errors: { types: [ValidationError, AuthenticationError, PermissionError, NotFoundError, ConflictError] },
    args: { input: t.arg({ type: ReviewListingInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const { contractId, ...review } = input;
      const contract = await reviewListing(ctx.services, ctx.viewer, plainId(String(contractId), 'Contract'), review);
      return ctx.db.contract.findUniqueOrThrow({ ...selectable(query), where: { id: contract.id } });
    },
  }),
}));
