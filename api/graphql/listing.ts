import { builder } from './builder.ts';
import { selectable } from './prisma-query.ts';
import { ContractType } from './contract.ts';
import { plainId } from './global-ids.ts';
import { ContractStatusEnum } from './enums.ts';
import { createListing, listingRefusal, reviewListing, updateListing } from '../domain/listings/listings.service.ts';
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

const UpdateListingInput = builder.inputType('UpdateListingInput', {
  fields: (t) => ({ contractId: t.id({ required: true }), listing: t.field({ type: ListingInput, required: true }) }),
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
    description: 'Edits a listing waiting for review or rejected; a rejected one is resubmitted.',
    args: { input: t.arg({ type: UpdateListingInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const contract = await updateListing(ctx.services, ctx.viewer, plainId(String(input.contractId), 'Contract'), clean(input.listing));
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
