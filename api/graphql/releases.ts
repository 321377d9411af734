import { builder } from './builder.ts';
import { selectable } from './prisma-query.ts';
import { plainId } from './global-ids.ts';
import { ContractType } from './contract.ts';
import { entitledReleaseSequences, publishRelease } from '../domain/releases/releases.service.ts';
import type { SchemaDiff } from '../domain/releases/schema-diff.ts';
import { AuthenticationError, ConflictError, NotFoundError, PermissionError, ValidationError } from '../domain/errors.ts';

// Releases of a file listing (docs/decisions.md "Issue 26: releases"): their public metadata on the
// contract, the ones a purchase includes in the buyer's library, and the provider's publication.

type Change = { name: string; type?: string; from?: string | number; to?: string | number; kind?: string };
const FieldChange = builder.objectRef<Change>('SchemaFieldChange').implement({
  description: 'One field in a schema diff.',
  fields: (t) => ({
    kind: t.string({ description: 'In `schemaChanges`: removed, retyped, added or nullShareJumped.', resolve: (f) => f.kind ?? '' }),
    name: t.exposeString('name'),
    type: t.string({ nullable: true, description: 'Added or removed fields: the type.', resolve: (f) => f.type ?? null }),
    from: t.string({ nullable: true, description: 'Retyped: the old type; null share: the old share (0..1).', resolve: (f) => (f.from === undefined ? null : String(f.from)) }),
    to: t.string({ nullable: true, description: 'Retyped: the new type; null share: the new share (0..1).', resolve: (f) => (f.to === undefined ? null : String(f.to)) }),
  }),
});

const SchemaDiffType = builder.objectRef<SchemaDiff>('SchemaDiff').implement({
  description: "What changed against the previous release, from the profiler's field types and null shares.",
  fields: (t) => ({
    added: t.field({ type: [FieldChange], resolve: (d) => d.added ?? [] }),
    removed: t.field({ type: [FieldChange], resolve: (d) => d.removed ?? [] }),
    retyped: t.field({ type: [FieldChange], resolve: (d) => d.retyped ?? [] }),
    nullShareJumped: t.field({ type: [FieldChange], description: 'Fields whose share of empty values rose by 20 points or more.', resolve: (d) => d.nullShareJumped ?? [] }),
  }),
});

export const ReleaseType = builder.prismaNode('ContractRelease', {
  name: 'Release',
  id: { field: 'id' },
  description: 'One release of a listing: public metadata (the file itself only through a purchase).',
  fields: (t) => ({
    releaseId: t.exposeString('id'),
    contractId: t.exposeString('contractId'),
    contract: t.relation('contract', { description: 'The listing (its figures follow its latest release).' }),
    sequence: t.exposeInt('sequence', { description: '1, 2, 3 ... in publishing order.' }),
    version: t.exposeString('version', { description: "The provider's label, unique in the listing: `?release=` on the data paths." }),
    notes: t.exposeString('notes', { nullable: true }),
    publishedAt: t.expose('publishedAt', { type: 'DateTime' }),
    size: t.float({ nullable: true, description: 'Bytes.', resolve: (r) => (r.size === null ? null : Number(r.size)) }),
    sha256: t.exposeString('sha256', { nullable: true }),
    recordCount: t.exposeInt('recordCount', { nullable: true }),
    schemaChange: t.exposeBoolean('schemaChange', { description: 'A field was removed or retyped against the previous release: code reading it may break.' }),
    schemaDiff: t.field({ type: SchemaDiffType, nullable: true, description: 'Null for release 1 and files without a profile.', resolve: (r) => (r.schemaDiff as SchemaDiff | null) ?? null }),
    // The screens read this one list (one level less than schemaDiff: the library's query stays
    // under the cost limit of nested documents).
    schemaChanges: t.field({
      type: [FieldChange],
      description: "schemaDiff as one list, each change with its kind: what breaks code first (removed, retyped), then added, then null shares.",
      resolve: (r) => {
        const d = r.schemaDiff as SchemaDiff | null;
        if (!d) return [];
        return (['removed', 'retyped', 'added', 'nullShareJumped'] as const).flatMap((kind) => (d[kind] ?? []).map((f) => ({ ...f, kind })));
      },
    }),
    downloadPath: t.string({ description: 'GET with the X-API-Key header (or in the library): this release.', resolve: (r) => `/api/data/download/${r.contractId}?release=${encodeURIComponent(r.version)}` }),
    streamPath: t.string({ resolve: (r) => `/api/data/stream/${r.contractId}?release=${encodeURIComponent(r.version)}` }),
  }),
});

builder.prismaObjectFields(ContractType, (t) => ({
  releases: t.relatedConnection('releases', {
    cursor: 'id',
    totalCount: true,
    description: 'Newest first. File listings only; a link listing has none.',
    query: () => ({ orderBy: [{ sequence: 'desc' as const }] }),
  }),
}));

builder.prismaObjectFields('Purchase', (t) => ({
  releases: t.prismaField({
    type: ['ContractRelease'],
    description:
      "The releases the buyer's purchases of this listing include, newest first: a one-time purchase the releases published up to it; a subscription the latest at purchase and those published while its access lasts.",
    select: { buyerId: true, contractId: true },
    resolve: async (query, p, _args, ctx) => {
      const sequences = await entitledReleaseSequences(ctx.db, p.buyerId, p.contractId);
      if (!sequences.length) return [];
      return ctx.db.contractRelease.findMany({ ...selectable(query), where: { contractId: p.contractId, sequence: { in: sequences } }, orderBy: { sequence: 'desc' } });
    },
  }),
}));

const PublishReleaseInput = builder.inputType('PublishReleaseInput', {
  fields: (t) => ({
    contractId: t.id({ required: true }),
    fileId: t.id({ required: true, description: 'A file uploaded through POST /api/uploads, in no listing yet.' }),
    version: t.string({ required: true, description: 'Letters, digits and . _ - +, at most 40; unique in the listing.' }),
    notes: t.string(),
  }),
});

builder.mutationField('publishRelease', (t) =>
  t.prismaField({
    type: 'ContractRelease',
    errors: { types: [ValidationError, AuthenticationError, PermissionError, NotFoundError, ConflictError] },
    description: "The listing's provider publishes an uploaded file as the listing's next release; entitled buyers are told.",
    args: { input: t.arg({ type: PublishReleaseInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const { contractId, fileId, ...rest } = input;
      const release = await publishRelease(ctx.services, ctx.viewer, plainId(String(contractId), 'Contract'), { ...rest, fileId: plainId(String(fileId), 'DataFile') });
      return ctx.db.contractRelease.findUniqueOrThrow({ ...selectable(query), where: { id: release.id } });
    },
  }),
);
