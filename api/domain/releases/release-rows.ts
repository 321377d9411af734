import type { Jobs } from '../../jobs/job-runner.ts';
import type { ContractRelease, Prisma } from '../../db/generated/prisma/client.ts';
import { DomainError } from '../errors.ts';
import { recordEvent } from '../notifications/record-event.ts';
import { releasePublished } from '../freshness/freshness.jobs.ts';
import type { Tx } from '../transitions/transition.ts';

/** What a new release row holds besides its place in the listing (sequence) and its publishing time. */
export interface ReleaseRowInput {
  contractId: string;
  version: string;
  notes: string | null;
  publishedById: string | null;
  /** The file and what was read from it; all null for a link listing's confirmed update. */
  fileId: string | null;
  size: bigint | null;
  sha256: string | null;
  recordCount: number | null;
  profile: Prisma.InputJsonValue | null;
  schemaDiff: Prisma.InputJsonValue | null;
  schemaChange: boolean;
}

/**
 * The one way a release is written (docs/decisions.md "Issue 26: the journeys' clock" names the
 * table): the listing's row is locked while the next sequence is taken, so two publications of one
 * listing get 1 and 2, never 2 and 2; a label the listing already has is refused; and the
 * `release.published` event is recorded in the same transaction (the notices and the freshness
 * check follow from it).
 */
export async function insertRelease(tx: Tx, jobs: Pick<Jobs, 'schedule'>, input: ReleaseRowInput, now = new Date()): Promise<ContractRelease> {
  await tx.$queryRaw`SELECT id FROM "Contract" WHERE id = ${input.contractId} FOR UPDATE`;
  const taken = await tx.contractRelease.findFirst({ where: { contractId: input.contractId, version: input.version }, select: { id: true } });
  if (taken) throw new DomainError('CONFLICT', `This listing already has a release named "${input.version}": give the new one another version.`, 'ALREADY_EXISTS');
  const last = await tx.contractRelease.findFirst({ where: { contractId: input.contractId }, orderBy: { sequence: 'desc' }, select: { sequence: true } });
  const release = await tx.contractRelease.create({
    data: {
      ...input,
      profile: input.profile ?? undefined,
      schemaDiff: input.schemaDiff ?? undefined,
      sequence: (last?.sequence ?? 0) + 1,
      publishedAt: now,
    },
  });
  // The freshness promise is kept: no longer delayed, the next check moves (docs/decisions.md "Issue 26: the freshness promise").
  await releasePublished(tx, jobs, release);
  await recordEvent(tx, jobs, 'release.published', { contractId: input.contractId, releaseId: release.id, sequence: release.sequence, version: release.version }, now);
  return release;
}
