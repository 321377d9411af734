import type { Contract, ContractRevision, User } from '../../db/generated/prisma/client.ts';
import type { Prisma } from '../../db/generated/prisma/client.ts';
import { AuthenticationError, ConflictError, NotFoundError, PermissionError, ValidationError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { canEditListing, canSeeContract, isAdmin } from '../policies.ts';
import { updateInStatus, type Tx } from '../transitions/transition.ts';
import { marketPriceAfterListPriceChange } from '../market/price.rules.ts';
import { parseMoney } from '../money/money.ts';
import { recordEvent } from '../notifications/record-event.ts';
import { DEFAULT_LISTING_REJECTION, isLiveListing, LISTING_MACHINE, mayEditListing } from './listings.machine.ts';
import { AT_ONCE_FIELDS, listingChangesInput, REVIEWED_FIELDS, revisionReviewInput, type ListingChanges } from './listing-changes.schemas.ts';
import { updateListing, type ListingDeps } from './listings.service.ts';

// Editing a listing after it was approved (docs/decisions.md "Issue 26: listings that change"):
// wording, samples and price change it at once (the price as the market price rules say); its
// category and how buyers get the data are proposed in a revision an administrator approves or
// rejects, while the approved version stays on sale. A listing waiting for review (or rejected) is
// edited whole, as before: it is in review anyway.

const RELEASE_REQUIRED = 'The file of a listing on the market changes through a new release: publish a release with the new file';
const RACED = 'The listing changed meanwhile; please reload';

export interface EditOutcome {
  contract: Contract;
  /** The revision waiting for review after this edit, when it proposed a reviewed change. */
  revision: ContractRevision | null;
}

type Reviewed = Pick<Contract, 'category' | 'dataAccessType' | 'dataAccessUrl'>;

/** The listing's own values as the whole listing form, so a partial edit of a listing in review is a whole one. */
function asForm(c: Contract & { files: { id: string }[] }) {
  return {
    title: c.title,
    description: c.description,
    category: c.category,
    price: c.price.toFixed(2),
    pricingModel: c.pricingModel,
    dataFormat: c.dataFormat,
    updateFrequency: c.updateFrequency,
    sampleSize: c.sampleSize ?? '',
    geographicCoverage: c.geographicCoverage ?? '',
    dataSource: c.dataSource ?? '',
    dataAccessType: c.dataAccessType,
    dataAccessUrl: c.dataAccessUrl,
    accessInstructions: c.accessInstructions,
    deliveryMethod: c.deliveryMethod,
    recordCount: c.recordCount,
    dataFields: c.dataFields,
    sampleData: Array.isArray(c.sampleData) ? c.sampleData : null,
    isEnterprise: c.isEnterprise,
    fileId: c.files[0]?.id ?? null,
    complianceAcknowledged: c.complianceAcknowledged,
    qualityAcknowledged: c.qualityAcknowledged,
    legalAcknowledged: c.legalAcknowledged,
  };
}

async function loadOwn(deps: ListingDeps, viewer: User | null, contractId: string) {
  if (!viewer) throw new AuthenticationError('Log in to edit your listing');
  const current = await deps.db.contract.findUnique({ where: { id: contractId }, include: { files: { select: { id: true }, orderBy: { createdAt: 'desc' } } } });
  // A listing the viewer may not see does not exist for them; a public one is someone else's (403).
  if (!current || !canSeeContract(viewer, current)) throw new NotFoundError('Listing not found');
  if (!canEditListing(viewer, current)) throw new PermissionError('Only the provider edits a listing', 'NOT_OWNER');
  return current;
}

/** The values the reviewed fields would have after the changes, and whether they differ from the listing's. */
function proposedReview(current: Reviewed, changes: ListingChanges): { proposed: Reviewed; changed: boolean } {
  const proposed: Reviewed = {
    category: changes.category ?? current.category,
    dataAccessType: changes.dataAccessType ?? current.dataAccessType,
    dataAccessUrl: changes.dataAccessUrl !== undefined ? changes.dataAccessUrl : current.dataAccessUrl,
  };
  const changed = REVIEWED_FIELDS.some((k) => (proposed[k] ?? null) !== (current[k] ?? null));
  return { proposed, changed };
}

/** The listing form's own rules for how buyers get the data, for proposed values. */
function assertDeliverable(proposed: Reviewed, hasFile: boolean) {
  if (proposed.dataAccessType !== 'external_link' && !hasFile) {
    const message = 'This listing has no file for buyers to download: keep it a link listing';
    throw new ValidationError(message, [{ field: 'dataAccessType', message }]);
  }
  if (proposed.dataAccessType !== 'file_upload' && !proposed.dataAccessUrl) {
    const message = 'Please give the data access URL';
    throw new ValidationError(message, [{ field: 'dataAccessUrl', message }]);
  }
}

/** Whether the listing sold since its list price was last set (the market price then stays; the product decision "Market price"). */
async function soldSinceListPriceSet(tx: Tx, contractId: string): Promise<boolean> {
  const set = await tx.priceTick.findFirst({ where: { contractId, source: { in: ['listing', 'price_change'] } }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: { createdAt: true } });
  const sold = await tx.priceTick.count({ where: { contractId, source: { in: ['sale', 'bid_accepted'] }, ...(set ? { createdAt: { gte: set.createdAt } } : {}) } });
  return sold > 0;
}

/**
 * The provider edits their listing; only the fields sent change. A listing in review (or
 * rejected) takes the edit whole; a live one (active or paused) as the rules above say.
 */
export async function editListing(deps: ListingDeps, viewer: User | null, contractId: string, raw: unknown): Promise<EditOutcome> {
  const current = await loadOwn(deps, viewer, contractId);
  const changes = parseInput(listingChangesInput, raw);
  const currentFile = current.files[0]?.id ?? null;
  if (mayEditListing(current.status)) {
    const contract = await updateListing(deps, viewer, contractId, { ...asForm(current), ...changes, fileId: changes.fileId ?? currentFile });
    return { contract, revision: null };
  }
  if (!isLiveListing(current.status)) throw new ConflictError(`A ${current.status.replace('_', ' ')} listing cannot be edited`, 'INVALID_TRANSITION');
  if (changes.fileId && changes.fileId !== currentFile) throw new ValidationError(RELEASE_REQUIRED, [{ field: 'fileId', message: RELEASE_REQUIRED }], 'RELEASE_REQUIRED');
  return editLiveListing(deps, viewer!, current, changes, currentFile != null);
}

async function editLiveListing(deps: ListingDeps, viewer: User, current: Contract, changes: ListingChanges, hasFile: boolean): Promise<EditOutcome> {
  const { proposed, changed } = proposedReview(current, changes);
  if (changed) assertDeliverable(proposed, hasFile);
  const now = new Date();
  let tick: { price: string; at: string } | null = null;
  const outcome = await deps.db.$transaction(async (tx) => {
    // The listing's row first: a sale (which moves the market price) or a second edit waits for this one.
    await tx.$queryRaw`SELECT id FROM "Contract" WHERE id = ${current.id} FOR NO KEY UPDATE`;
    const fresh = await tx.contract.findUniqueOrThrow({ where: { id: current.id } });
    if (!isLiveListing(fresh.status)) throw new ConflictError(RACED, 'INVALID_TRANSITION');
    const data: Prisma.ContractUncheckedUpdateManyInput = {};
    for (const key of AT_ONCE_FIELDS) if (changes[key] !== undefined) (data as Record<string, unknown>)[key] = changes[key];
    if (changes.price !== undefined && parseMoney(changes.price) !== parseMoney(fresh.price.toFixed(2))) {
      const marketPrice = marketPriceAfterListPriceChange({ newListPrice: changes.price, currentMarketPrice: fresh.marketPrice.toFixed(2), soldSinceLastListing: await soldSinceListPriceSet(tx, fresh.id) });
      if (parseMoney(marketPrice) !== parseMoney(fresh.marketPrice.toFixed(2))) {
        data.marketPrice = marketPrice;
        // Every change of the market price writes a tick (the chart and the 24-hour change read them).
        await tx.priceTick.create({ data: { contractId: fresh.id, price: marketPrice, source: 'price_change', createdAt: now } });
        tick = { price: marketPrice, at: now.toISOString() };
      }
    }
    if (Object.keys(data).length) await updateInStatus(tx, { machine: LISTING_MACHINE, id: fresh.id, status: fresh.status, data, raced: RACED });
    let revision: ContractRevision | null = null;
    if (changed) {
      // One revision waits per listing: a later proposal replaces the earlier one.
      const pending = await tx.contractRevision.findFirst({ where: { contractId: fresh.id, status: 'pending' } });
      const values = { ...proposed, proposedById: viewer.id };
      revision = pending
        ? await tx.contractRevision.update({ where: { id: pending.id }, data: { ...values, createdAt: now } })
        : await tx.contractRevision.create({ data: { ...values, contractId: fresh.id, createdAt: now } });
    }
    return { contract: await tx.contract.findUniqueOrThrow({ where: { id: fresh.id } }), revision };
  });
  deps.events.publish('contractChanged', current.id, { contractId: current.id, status: outcome.contract.status });
  const moved = tick as { price: string; at: string } | null;
  if (moved) deps.events.publish('priceTick', current.id, { contractId: current.id, price: moved.price, source: 'price_change', at: moved.at });
  return outcome;
}

/**
 * An administrator approves a listing's pending revision (its values are copied onto the listing)
 * or rejects it with a reason; the provider is told either way.
 */
export async function reviewRevision(deps: ListingDeps, admin: User | null, revisionId: string, raw: unknown): Promise<ContractRevision> {
  if (!admin) throw new AuthenticationError();
  if (!isAdmin(admin)) throw new PermissionError('Admin access required', 'ADMIN_REQUIRED');
  const input = parseInput(revisionReviewInput, raw);
  const now = new Date();
  const reviewed = await deps.db.$transaction(async (tx) => {
    const revision = await tx.contractRevision.findUnique({ where: { id: revisionId }, include: { contract: { include: { files: { select: { id: true } } } } } });
    if (!revision) throw new NotFoundError('Revision not found');
    if (revision.status !== 'pending') throw new ConflictError(`This revision was already ${revision.status}`, 'INVALID_TRANSITION');
    const approve = input.status === 'approved';
    if (approve) {
      if (!isLiveListing(revision.contract.status)) throw new ConflictError(`The listing is ${revision.contract.status.replace('_', ' ')}: there is nothing to change`, 'INVALID_TRANSITION');
      assertDeliverable(revision, revision.contract.files.length > 0);
      await updateInStatus(tx, {
        machine: LISTING_MACHINE,
        id: revision.contractId,
        status: revision.contract.status,
        data: { category: revision.category, dataAccessType: revision.dataAccessType, dataAccessUrl: revision.dataAccessUrl },
        raced: RACED,
      });
    }
    // Guarded like a transition: of two racing reviews one finds it still pending.
    const moved = await tx.contractRevision.updateMany({
      where: { id: revision.id, status: 'pending' },
      data: { status: input.status, reviewedById: admin.id, reviewedAt: now, rejectionReason: approve ? null : (input.rejectionReason ?? DEFAULT_LISTING_REJECTION) },
    });
    if (moved.count !== 1) throw new ConflictError('The revision was reviewed meanwhile', 'INVALID_TRANSITION');
    await recordEvent(tx, deps.jobs, approve ? 'listing.revision_approved' : 'listing.revision_rejected', { revisionId: revision.id, contractId: revision.contractId }, now);
    return tx.contractRevision.findUniqueOrThrow({ where: { id: revision.id }, include: { contract: { select: { status: true } } } });
  });
  deps.events.publish('contractChanged', reviewed.contractId, { contractId: reviewed.contractId, status: reviewed.contract.status });
  if (reviewed.status === 'approved') deps.events.publish('marketStatsChanged');
  return reviewed;
}
