import DataLoader from 'dataloader';
import { builder } from './builder.ts';
import { requestLoader } from './loaders.ts';
import type { Context } from '../context.ts';
import { fieldDictionary, type DictionaryEntry } from '../domain/listings/field-dictionary.ts';

// What a buyer sees before paying (docs/decisions.md "Issue 26: before paying"): the latest
// release's facts (size, record count, sha256) and the field dictionary. The sample rows as a file
// are GET /api/contracts/{id}/sample?format=csv|json. Read on one contract (its page), not on lists.

interface LatestRelease {
  contractId: string;
  sequence: number;
  version: string;
  publishedAt: Date;
  size: bigint | null;
  sha256: string | null;
  recordCount: number | null;
  profile: unknown;
}

/** The latest release (highest sequence) of each contract asked for in a request, in one statement. */
const latestReleases = (ctx: Context) =>
  requestLoader(
    ctx,
    'latestRelease',
    () =>
      new DataLoader<string, LatestRelease | null>(async (ids) => {
        const rows = await ctx.db.contractRelease.findMany({
          where: { contractId: { in: [...ids] } },
          orderBy: [{ contractId: 'asc' }, { sequence: 'desc' }],
          distinct: ['contractId'],
          select: { contractId: true, sequence: true, version: true, publishedAt: true, size: true, sha256: true, recordCount: true, profile: true },
        });
        const byContract = new Map<string, LatestRelease>(rows.map((r) => [r.contractId, r]));
        // A file listing without a release row yet (seeded, or submitted before publishing wrote
        // release 1): its latest data file is its release 1, as the releases migration made it.
        const missing = ids.filter((id) => !byContract.has(id));
        if (missing.length > 0) {
          const files = await ctx.db.dataFile.findMany({
            where: { contractId: { in: missing }, kind: 'data' },
            orderBy: [{ contractId: 'asc' }, { createdAt: 'desc' }, { id: 'desc' }],
            distinct: ['contractId'],
            select: { contractId: true, createdAt: true, size: true, sha256: true, profile: true, contract: { select: { recordCount: true } } },
          });
          for (const f of files) {
            const profiled = (f.profile as { recordCount?: unknown } | null)?.recordCount;
            byContract.set(f.contractId!, {
              contractId: f.contractId!,
              sequence: 1,
              version: '1',
              publishedAt: f.createdAt,
              size: f.size,
              sha256: f.sha256,
              recordCount: typeof profiled === 'number' ? profiled : (f.contract?.recordCount ?? null),
              profile: f.profile,
            });
          }
        }
        return ids.map((id) => byContract.get(id) ?? null);
      }),
  );

const ReleaseSummaryType = builder.objectRef<LatestRelease>('ReleaseSummary').implement({
  description: 'The public facts of a release: what a buyer gets, checkable after the download (sha256).',
  fields: (t) => ({
    sequence: t.exposeInt('sequence', { description: '1, 2, 3 ... in publishing order.' }),
    version: t.exposeString('version', { description: 'The provider’s label.' }),
    publishedAt: t.expose('publishedAt', { type: 'DateTime' }),
    size: t.float({ nullable: true, description: 'Bytes of the file; null for a link listing’s confirmed update.', resolve: (r) => (r.size === null ? null : Number(r.size)) }),
    sha256: t.exposeString('sha256', { nullable: true, description: 'SHA-256 of the file, hex.' }),
    recordCount: t.exposeInt('recordCount', { nullable: true }),
  }),
});

const DictionaryEntryType = builder.objectRef<DictionaryEntry>('FieldDictionaryEntry').implement({
  description: 'One field of the data: its name, the type and null share measured on the file, example values from the sample rows.',
  fields: (t) => ({
    name: t.exposeString('name'),
    type: t.exposeString('type', { nullable: true, description: 'integer, number, boolean, date, string, object or empty; null when no file was profiled.' }),
    nullShare: t.exposeFloat('nullShare', { nullable: true, description: 'Share of records without a value, 0..1; null when no file was profiled.' }),
    examples: t.exposeStringList('examples', { description: 'Up to three distinct values from the sample rows.' }),
  }),
});

builder.prismaObjectFields('Contract', (t) => ({
  latestRelease: t.field({
    type: ReleaseSummaryType,
    nullable: true,
    description: 'The latest release (highest sequence): size, record count and sha256 of what a buyer gets. Null before any release.',
    select: { id: true },
    resolve: (c, _args, ctx) => latestReleases(ctx).load(c.id),
  }),
  fieldDictionary: t.field({
    type: [DictionaryEntryType],
    description: 'Each field: name, type, null share (from the latest release’s profile, else the listing’s) and example values (from the sample rows).',
    select: { id: true, dataProfile: true, sampleData: true, dataFields: true },
    resolve: async (c, _args, ctx) => {
      const release = await latestReleases(ctx).load(c.id);
      return fieldDictionary({ profile: release?.profile ?? c.dataProfile, sampleData: c.sampleData, dataFields: c.dataFields });
    },
  }),
}));
