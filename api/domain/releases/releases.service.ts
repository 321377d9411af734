// Releases of a file listing (docs/decisions.md "Issue 26: releases"): the provider publishes an
// uploaded file as the listing's next release; the first file becomes release 1 at approval; the
// buyer's download takes the latest release they are entitled to, or a named one.
import type { Db } from '../../db/database.ts';
import type { ContractRelease, DataFile, Prisma, User } from '../../db/generated/prisma/client.ts';
import type { EventPublisher } from '../../events/events.ts';
import type { Jobs } from '../../jobs/job-runner.ts';
import { isRecordId } from '../../db/ids.ts';
import { AuthenticationError, ConflictError, NotFoundError, PermissionError, ValidationError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { canSeeContract } from '../policies.ts';
import type { Tx } from '../transitions/transition.ts';
import type { DataProfile } from '../listings/profile.ts';
import { insertRelease } from './release-rows.ts';
import { publishReleaseInput } from './releases.schemas.ts';
import { fieldsOf, isSchemaChange, schemaDiff } from './schema-diff.ts';
import { entitledSequences } from './entitlement.rules.ts';

export interface ReleaseDeps {
  db: Db;
  jobs: Pick<Jobs, 'schedule'>;
  events: EventPublisher;
}

/**
 * Statuses whose listing takes no new release: one waiting for review (or rejected) has none yet,
 * its file becomes release 1 when approved. An approved listing off the market still delivers to
 * the buyers who keep access, so it may publish. Compared as text: a status added later is allowed.
 */
const NO_RELEASES_WHEN: ReadonlySet<string> = new Set(['pending_review', 'rejected']);

const FILE_GONE = 'The uploaded file was not found; please upload it again';

/** The listing's summary fields (card, contract page, search) as the release's profile says them. */
function summaryOf(profile: DataProfile | null): Prisma.ContractUpdateInput | null {
  if (!profile) return null;
  const dataFields = profile.fields.map((f) => f.name);
  return { recordCount: profile.recordCount, dataFields, fieldCount: dataFields.length || null, dataProfile: profile.fields as unknown as object };
}

/**
 * The listing's provider publishes an uploaded file (their own, in no listing yet, profiled at
 * upload) as the next release: the schema diff against the previous release is stored with it, and
 * the listing's recordCount, fieldCount, dataFields and dataProfile follow the new release.
 */
export async function publishRelease(deps: ReleaseDeps, viewer: User | null, contractId: string, raw: unknown, now = new Date()): Promise<ContractRelease> {
  if (!viewer) throw new AuthenticationError('Authentication required: log in to publish a release');
  const contract = isRecordId(contractId) ? await deps.db.contract.findUnique({ where: { id: contractId } }) : null;
  if (!contract || !canSeeContract(viewer, contract)) throw new NotFoundError('Listing not found');
  if (contract.providerId !== viewer.id) throw new PermissionError("Only the listing's provider publishes its releases", 'NOT_OWNER');
  const input = parseInput(publishReleaseInput, raw);
  if (contract.dataAccessType === 'external_link') throw new ConflictError('This listing is delivered by link: it has no files to release', 'NOT_A_FILE_LISTING');
  if (NO_RELEASES_WHEN.has(contract.status)) {
    throw new ConflictError('This listing is not approved yet: its file becomes release 1 when it is approved', 'NOT_A_FILE_LISTING');
  }
  const file = isRecordId(input.fileId) ? await deps.db.dataFile.findUnique({ where: { id: input.fileId } }) : null;
  if (!file || file.uploaderId !== viewer.id || file.kind !== 'data') throw new ValidationError(FILE_GONE, [{ field: 'fileId', message: FILE_GONE }], 'FILE_NOT_FOUND');
  if (file.contractId) throw new ValidationError('That file is already in a listing: upload the new release as a new file', [{ field: 'fileId', message: 'Already in a listing' }], 'FILE_IN_USE');

  const release = await deps.db.$transaction(async (tx) => {
    // The listing's row first (insertRelease locks it too): the previous release read here is the
    // one the new release follows, even when two publications race.
    await tx.$queryRaw`SELECT id FROM "Contract" WHERE id = ${contract.id} FOR UPDATE`;
    // Only while no listing has it and the sweep has not removed it (as a listing attaches its upload).
    const attached = await tx.dataFile.updateMany({ where: { id: file.id, contractId: null }, data: { contractId: contract.id } });
    if (attached.count !== 1) throw new ValidationError(FILE_GONE, [{ field: 'fileId', message: FILE_GONE }], 'FILE_NOT_FOUND');
    const previous = await tx.contractRelease.findFirst({ where: { contractId: contract.id }, orderBy: { sequence: 'desc' }, select: { profile: true } });
    const profile = (file.profile ?? null) as DataProfile | null;
    const diff = previous ? schemaDiff(fieldsOf(previous.profile), fieldsOf(profile)) : null;
    const created = await insertRelease(tx, deps.jobs, releaseRow(contract.id, file, { version: input.version, notes: input.notes, publishedById: viewer.id, diff }), now);
    const summary = summaryOf(profile);
    if (summary) await tx.contract.update({ where: { id: contract.id }, data: summary });
    return created;
  });
  deps.events.publish('contractChanged', contract.id, { contractId: contract.id, status: contract.status });
  return release;
}

/** A release row of a file: size, sha256, record count and profile copied from it. */
function releaseRow(contractId: string, file: DataFile, at: { version: string; notes: string | null; publishedById: string | null; diff: ReturnType<typeof schemaDiff> }) {
  const profile = (file.profile ?? null) as DataProfile | null;
  return {
    contractId,
    version: at.version,
    notes: at.notes,
    publishedById: at.publishedById,
    fileId: file.id,
    size: file.size,
    sha256: file.sha256,
    recordCount: profile?.recordCount ?? null,
    profile: (profile as unknown as Prisma.InputJsonValue) ?? null,
    schemaDiff: (at.diff as unknown as Prisma.InputJsonValue) ?? null,
    schemaChange: isSchemaChange(at.diff),
  };
}

/**
 * Approval makes the listing's file its release 1 (version "1"), in the approving transaction: a
 * listing waiting for review may still change its file, so release 1 is the file buyers first saw.
 * A listing that already has releases (the migration gave one) or no file is left as it is.
 */
export async function publishFirstRelease(tx: Tx, jobs: Pick<Jobs, 'schedule'>, contract: { id: string; providerId: string }, now: Date): Promise<ContractRelease | null> {
  if (await tx.contractRelease.findFirst({ where: { contractId: contract.id }, select: { id: true } })) return null;
  const file = await tx.dataFile.findFirst({ where: { contractId: contract.id, kind: 'data' }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  if (!file) return null;
  return insertRelease(tx, jobs, releaseRow(contract.id, file, { version: '1', notes: null, publishedById: contract.providerId, diff: null }), now);
}

/** What the buyer's download serves: a release's file and which release it is. */
export interface DeliverableRelease {
  release: Pick<ContractRelease, 'id' | 'sequence' | 'version'>;
  file: DataFile;
}

/**
 * The release a buyer's download or stream serves: the one named by `version`, else the latest
 * their purchases of the listing entitle (entitlement.rules.ts). Null when the listing has no file
 * release (a link listing): the caller answers as for a listing without a file. A version the
 * listing does not have: NOT_FOUND; one the purchases do not include: RELEASE_NOT_INCLUDED (403).
 */
export async function deliverableRelease(db: Db, buyerId: string, contractId: string, version: string | undefined, now = new Date()): Promise<DeliverableRelease | null> {
  const releases = await db.contractRelease.findMany({
    where: { contractId, fileId: { not: null } },
    select: { id: true, sequence: true, version: true, publishedAt: true, fileId: true },
    orderBy: { sequence: 'desc' },
  });
  if (!releases.length) {
    if (version !== undefined) throw new NotFoundError(`This listing has no release "${version}"`);
    return null;
  }
  const purchases = await db.purchase.findMany({ where: { buyerId, contractId }, select: { status: true, purchaseDate: true, accessExpiresAt: true, payment: { select: { status: true } } } });
  const entitled = new Set(entitledSequences(purchases, releases, now));
  let release;
  if (version !== undefined) {
    release = releases.find((r) => r.version === version);
    if (!release) throw new NotFoundError(`This listing has no release "${version}": GET /api/contracts/${contractId}/releases lists them`);
    if (!entitled.has(release.sequence)) {
      throw new PermissionError(
        `Release "${version}" is not included in your purchase: a one-time purchase includes the releases published up to it, a subscription the latest at purchase and those published while its access lasts`,
        'RELEASE_NOT_INCLUDED',
      );
    }
  } else {
    release = releases.find((r) => entitled.has(r.sequence));
    if (!release) throw new PermissionError('No release of this listing is included in your purchase yet', 'RELEASE_NOT_INCLUDED');
  }
  const file = await db.dataFile.findUnique({ where: { id: release.fileId! } });
  if (!file) throw new NotFoundError(`The file of release "${release.version}" is gone`);
  return { release, file };
}

/** The sequences a buyer's purchases of a listing entitle (the library's list), newest first. */
export async function entitledReleaseSequences(db: Db | Tx, buyerId: string, contractId: string, now = new Date()): Promise<number[]> {
  const [releases, purchases] = await Promise.all([
    db.contractRelease.findMany({ where: { contractId }, select: { sequence: true, publishedAt: true } }),
    db.purchase.findMany({ where: { buyerId, contractId }, select: { status: true, purchaseDate: true, accessExpiresAt: true, payment: { select: { status: true } } } }),
  ]);
  return entitledSequences(purchases, releases, now);
}
