import { builder } from './builder.ts';
import { ContractType } from './contract.ts';
import { UserType } from './user.ts';
import { plainId } from './global-ids.ts';
import { requestLoader } from './loaders.ts';
import type { Context } from '../context.ts';
import type { OnTimeRecord } from '../domain/freshness/freshness.rules.ts';
import { onTimeRecordLoader, providerOnTimeRecordLoader } from '../domain/freshness/freshness.record.ts';
import { confirmListingUpdate } from '../domain/freshness/confirm-update.service.ts';
import { AuthenticationError, ConflictError, NotFoundError, PermissionError, ValidationError } from '../domain/errors.ts';

// The freshness promise (docs/decisions.md "Issue 26: the freshness promise"): whether a listing is
// delayed, its measured on-time record, its provider's, and a link listing's confirmed update.

const records = (ctx: Context) => requestLoader(ctx, 'onTimeRecords', () => onTimeRecordLoader(ctx.db));
const providerRecords = (ctx: Context) => requestLoader(ctx, 'providerOnTimeRecords', () => providerOnTimeRecordLoader(ctx.db));

const OnTimeRecordType = builder.objectRef<OnTimeRecord>('OnTimeRecord').implement({
  description: 'Of the last `periods` periods (one interval of the update frequency each, counted back from now), how many the data was never overdue in.',
  fields: (t) => ({
    onTime: t.exposeInt('onTime'),
    periods: t.exposeInt('periods', { description: 'At most 12; fewer while the listing is younger than 12 periods.' }),
  }),
});

builder.prismaObjectFields(ContractType, (t) => ({
  delayedSince: t.expose('delayedSince', {
    type: 'DateTime',
    nullable: true,
    description: 'When the next release became overdue (its update frequency plus a grace margin); null while the listing keeps its promise.',
  }),
  onTimeRecord: t.field({
    type: OnTimeRecordType,
    nullable: true,
    description: 'The measured on-time record over the last 12 periods; null for a static listing (no promise).',
    resolve: (c, _args, ctx) => records(ctx).load(c.id),
  }),
}));

builder.prismaObjectFields(UserType, (t) => ({
  onTimeRecord: t.field({
    type: OnTimeRecordType,
    nullable: true,
    description: "A provider's on-time record: their listings on sale, summed; null when none of them promises updates.",
    resolve: (u, _args, ctx) => providerRecords(ctx).load(u.id),
  }),
}));

const ListingUpdateType = builder.objectRef<{ version: string; notes: string | null; publishedAt: Date; contractId: string }>('ListingUpdate').implement({
  description: "A link listing's confirmed update: a release without a file.",
  fields: (t) => ({
    version: t.exposeString('version'),
    notes: t.exposeString('notes', { nullable: true }),
    publishedAt: t.expose('publishedAt', { type: 'DateTime' }),
    contract: t.prismaField({ type: 'Contract', resolve: (query, u, _args, ctx) => ctx.db.contract.findUniqueOrThrow({ ...query, where: { id: u.contractId } }) }),
  }),
});

const ConfirmListingUpdateInput = builder.inputType('ConfirmListingUpdateInput', {
  fields: (t) => ({
    contractId: t.id({ required: true }),
    note: t.string({ required: true, description: 'What was updated, for the buyers (up to 2,000 characters).' }),
  }),
});

builder.mutationFields((t) => ({
  confirmListingUpdate: t.field({
    type: ListingUpdateType,
    errors: { types: [ValidationError, AuthenticationError, PermissionError, NotFoundError, ConflictError] },
    description: "The provider of a link listing says the data behind the link was updated: a release without a file, which keeps the listing's freshness promise.",
    args: { input: t.arg({ type: ConfirmListingUpdateInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const release = await confirmListingUpdate(ctx.services, ctx.viewer, plainId(String(input.contractId), 'Contract'), { note: input.note });
      return { version: release.version, notes: release.notes, publishedAt: release.publishedAt, contractId: release.contractId };
    },
  }),
}));
