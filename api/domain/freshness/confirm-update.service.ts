import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { ContractRelease, User } from '../../db/generated/prisma/client.ts';
import type { EventPublisher } from '../../events/events.ts';
import type { Jobs } from '../../jobs/job-runner.ts';
import { AuthenticationError, ConflictError, NotFoundError, PermissionError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { canEditListing, isOwnerOrAdmin } from '../policies.ts';
import { insertRelease } from '../releases/release-rows.ts';

// A link listing's confirmed update (docs/decisions.md "Issue 26: the freshness promise"): the data
// lives behind the provider's link, so the platform cannot see it change; the provider says it did,
// with a note for the buyers, and that is a release without a file: it keeps the promise as a
// published file does.

export const confirmUpdateInput = z.object({
  note: z.string({ error: 'Say what was updated' }).trim().min(1, 'Say what was updated').max(2000, 'The note may be at most 2,000 characters'),
});

export interface ConfirmUpdateDeps {
  db: Db;
  jobs: Pick<Jobs, 'schedule'>;
  events: EventPublisher;
}

/** The label of a confirmed update: when it was confirmed, to the second (unique in practice; a clash answers 409). */
export const confirmedVersion = (now: Date) => `update ${now.toISOString().slice(0, 19).replace('T', ' ')}`;

export async function confirmListingUpdate(deps: ConfirmUpdateDeps, viewer: User | null, contractId: string, raw: unknown, now = new Date()): Promise<ContractRelease> {
  if (!viewer) throw new AuthenticationError('Log in to confirm an update');
  const contract = await deps.db.contract.findUnique({ where: { id: contractId }, select: { id: true, providerId: true, status: true, dataAccessType: true } });
  // Someone else's listing that is not on sale does not exist for them.
  if (!contract || (contract.status !== 'active' && !isOwnerOrAdmin(viewer, contract.providerId))) throw new NotFoundError('Listing not found');
  if (!canEditListing(viewer, contract)) throw new PermissionError("Only the listing's provider confirms its updates", 'NOT_OWNER');
  if (contract.dataAccessType !== 'external_link') throw new ConflictError('Only a link listing confirms updates; a file listing publishes a release', 'INVALID_TRANSITION');
  if (contract.status !== 'active') throw new ConflictError('Only a listing on sale confirms updates', 'INVALID_TRANSITION');
  const { note } = parseInput(confirmUpdateInput, raw);
  const release = await deps.db.$transaction((tx) =>
    insertRelease(tx, deps.jobs, { contractId: contract.id, version: confirmedVersion(now), notes: note, publishedById: viewer.id, fileId: null, size: null, sha256: null, recordCount: null, profile: null, schemaDiff: null, schemaChange: false }, now),
  );
  deps.events.publish('contractChanged', contract.id, { contractId: contract.id, status: contract.status });
  return release;
}
