import { builder } from './builder.ts';
import { selectable } from './prisma-query.ts';
import { plainId } from './global-ids.ts';
import { CategoryEnum, DataAccessTypeEnum } from './enums.ts';
import { categoryInfo } from '../domain/market/categories.ts';
import { isOwnerOrAdmin } from '../domain/policies.ts';
import { moveListing } from '../domain/listings/listing-lifecycle.service.ts';
import { reviewRevision } from '../domain/listings/listing-edit.service.ts';
import type { ProviderMove } from '../domain/listings/listings.machine.ts';
import { RevisionStatus } from '../db/generated/prisma/enums.ts';
import type { Contract } from '../db/generated/prisma/client.ts';
import type { Context } from '../context.ts';
import { ContractType } from './contract.ts';
import { AuthenticationError, ConflictError, NotFoundError, PermissionError, ValidationError } from '../domain/errors.ts';

// A listing that changes after approval (docs/decisions.md "Issue 26: listings that change"): the
// provider pauses, resumes or delists it; changes of reviewed fields wait in a revision that the
// back office approves or rejects. The edit itself is `updateListing` (api/graphql/listing.ts).

export const RevisionStatusEnum = builder.enumType(RevisionStatus, { name: 'RevisionStatus' });

const RevisionType = builder.prismaNode('ContractRevision', {
  id: { field: 'id' },
  description: "Proposed values of a listing's reviewed fields (category, delivery kind, link), waiting for an administrator or decided.",
  // The listing's provider and administrators: nobody else learns what is proposed.
  include: { contract: { select: { providerId: true } } },
  authScopes: (r, ctx) => isOwnerOrAdmin(ctx.viewer, r.contract.providerId),
  fields: (t) => ({
    revisionId: t.exposeString('id'),
    status: t.expose('status', { type: RevisionStatusEnum }),
    category: t.expose('category', { type: CategoryEnum }),
    categoryLabel: t.string({ resolve: (r) => categoryInfo(r.category).label }),
    dataAccessType: t.expose('dataAccessType', { type: DataAccessTypeEnum }),
    dataAccessUrl: t.exposeString('dataAccessUrl', { nullable: true }),
    rejectionReason: t.exposeString('rejectionReason', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the provider proposed it (last proposal).' }),
    reviewedAt: t.expose('reviewedAt', { type: 'DateTime', nullable: true }),
    contract: t.relation('contract', { description: 'The listing with its current (approved) values: the other side of the diff.' }),
  }),
});

const backOffice = {
  nullable: true,
  authScopes: (c: Contract, _a: unknown, ctx: Context) => isOwnerOrAdmin(ctx.viewer, c.providerId),
  unauthorizedResolver: () => null,
} as const;

builder.prismaObjectFields(ContractType, (t) => ({
  latestRevision: t.field({
    ...backOffice,
    type: RevisionType,
    description: 'The newest proposal of reviewed changes (pending: "changes in review"; or how the last one was decided). Provider and administrators.',
    resolve: (c, _args, ctx) =>
      ctx.db.contractRevision.findFirst({ where: { contractId: c.id }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], include: { contract: { select: { providerId: true } } } }),
  }),
}));

builder.queryFields((t) => ({
  listingRevisionsForReview: t.prismaConnection({
    type: 'ContractRevision',
    cursor: 'id',
    description: 'Revisions waiting for review, oldest first (administrators).',
    authScopes: { admin: true },
    totalCount: (_root, _args, ctx) => ctx.db.contractRevision.count({ where: { status: 'pending' } }),
    resolve: (query, _root, _args, ctx) => ctx.db.contractRevision.findMany({ ...selectable(query), where: { status: 'pending' }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
  }),
}));

const ListingMoveInput = builder.inputType('ListingMoveInput', { fields: (t) => ({ contractId: t.id({ required: true }) }) });

const ReviewListingRevisionInput = builder.inputType('ReviewListingRevisionInput', {
  fields: (t) => ({
    revisionId: t.id({ required: true }),
    status: t.field({ type: RevisionStatusEnum, required: true, description: 'approved (applied to the listing) or rejected.' }),
    rejectionReason: t.string(),
  }),
});

const MOVE_ERRORS = { types: [AuthenticationError, PermissionError, NotFoundError, ConflictError] };

function moveField(move: ProviderMove, description: string) {
  return builder.mutationField(`${move}Listing`, (t) =>
    t.prismaField({
      type: 'Contract',
      errors: MOVE_ERRORS,
      description,
      args: { input: t.arg({ type: ListingMoveInput, required: true }) },
      resolve: async (query, _root, { input }, ctx) => {
        const contract = await moveListing(ctx.services, ctx.viewer, plainId(String(input.contractId), 'Contract'), move);
        return ctx.db.contract.findUniqueOrThrow({ ...selectable(query), where: { id: contract.id } });
      },
    }),
  );
}

moveField('pause', 'The provider pauses their active listing: no new sales or bids until resumed; buyers keep access and open bids wait.');
moveField('resume', 'The provider puts their paused listing back on the market.');
moveField('delist', 'The provider ends their listing for good (active or paused): no more sales or bids, open bids are declined; buyers keep access.');

builder.mutationField('reviewListingRevision', (t) =>
  t.prismaField({
    type: 'ContractRevision',
    errors: { types: [ValidationError, AuthenticationError, PermissionError, NotFoundError, ConflictError] },
    description: 'An administrator approves (the values are applied to the listing) or rejects a pending revision.',
    args: { input: t.arg({ type: ReviewListingRevisionInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const revision = await reviewRevision(ctx.services, ctx.viewer, plainId(String(input.revisionId), 'ContractRevision'), { status: input.status, rejectionReason: input.rejectionReason });
      return ctx.db.contractRevision.findUniqueOrThrow({ ...selectable(query), where: { id: revision.id } });
    },
  }),
);
