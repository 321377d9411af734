import type { Db } from '../../db/database.ts';
import type { Contract, DataFile, Prisma, User } from '../../db/generated/prisma/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { EventPublisher } from '../../events/events.ts';
import type { Jobs } from '../../jobs/job-runner.ts';
import { recordEvent } from '../notifications/record-event.ts';
import { AuthenticationError, ConflictError, NotFoundError, PermissionError, ValidationError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { listingInput, listingReviewInput, type ListingInput } from './listings.schemas.ts';
import { DEFAULT_LISTING_APPROVAL, DEFAULT_LISTING_REJECTION, LISTING_MACHINE, mayEditListing } from './listings.machine.ts';
import { canAttachUpload, canEditListing, isAdmin, isApprovedProvider, isOwnerOrAdmin } from '../policies.ts';
import { recordCreated, transition, updateInStatus } from '../transitions/transition.ts';
import { marketPriceAfterListPriceChange } from '../market/price.rules.ts';
import type { DataProfile } from './profile.ts';
import { listingDecisionMail } from './listings.mails.ts';
import { publishFirstRelease } from '../releases/releases.service.ts';
import { listingOnSale } from '../freshness/freshness.jobs.ts';

export interface ListingDeps {
  db: Db;
  mailer: Mailer;
  events: EventPublisher;
  /** Records the review's event (listing.approved, listing.rejected) in its transaction. */
  jobs: Pick<Jobs, 'schedule'>;
}

const FILE_GONE = 'The uploaded file was not found; please upload it again';

// Words the client maps to its friendly messages (the specification; the product decisions).
const NOT_LOGGED_IN = 'Authentication required: please log in to submit data listings';
const NOT_APPROVED = 'Complete due diligence before listing data';

/** Why `viewer` may not list data, or null when they may: approved providers and administrators. */
export function listingRefusal(viewer: User | null): AuthenticationError | PermissionError | null {
  if (!viewer) return new AuthenticationError(NOT_LOGGED_IN);
  if (!isApprovedProvider(viewer)) return new PermissionError(NOT_APPROVED, 'DUE_DILIGENCE_REQUIRED');
  return null;
}

export function assertMayList(viewer: User | null): asserts viewer is User {
  const refusal = listingRefusal(viewer);
  if (refusal) throw refusal;
}

/** Loads the listing's uploaded file, which must be the provider's own and not in another listing. */
async function ownUpload(db: Db, viewer: User, fileId: string | null, contractId?: string): Promise<DataFile | null> {
  if (!fileId) return null;
  const file = await db.dataFile.findUnique({ where: { id: fileId } });
  if (!file || !canAttachUpload(viewer, file)) throw new ValidationError(FILE_GONE, [], 'FILE_NOT_FOUND');
  if (file.contractId && file.contractId !== contractId) throw new ValidationError('That file belongs to another listing', [], 'FILE_IN_USE');
  return file;
}

/**
 * Gives the listing the upload, only while no listing has it: another listing may have taken it,
 * or the sweep of unattached uploads removed it since it was read (docs/decisions.md "Uploads not
 * in a listing"); either way nothing is attached and the provider is told.
 */
async function attachUpload(tx: Prisma.TransactionClient, fileId: string, contractId: string) {
  const attached = await tx.dataFile.updateMany({ where: { id: fileId, contractId: null }, data: { contractId } });
  if (attached.count === 1) return;
  const still = await tx.dataFile.findUnique({ where: { id: fileId }, select: { id: true } });
  throw still ? new ValidationError('That file belongs to another listing', [], 'FILE_IN_USE') : new ValidationError(FILE_GONE, [], 'FILE_NOT_FOUND');
}

/** What the listing's figures are when the provider left them empty: the file's profile. */
function figures(input: ListingInput, file: DataFile | null) {
  const profile = (file?.profile ?? null) as DataProfile | null;
  const dataFields = input.dataFields?.length ? input.dataFields : (profile?.fields.map((f) => f.name) ?? []);
  return {
    recordCount: input.recordCount ?? profile?.recordCount ?? null,
    dataFields,
    fieldCount: dataFields.length || null,
    sampleData: (input.sampleData?.length ? input.sampleData : (profile?.sampleRows ?? [])) as object[],
    dataProfile: profile ? (profile.fields as unknown as object) : undefined,
  };
}

function listingData(input: ListingInput) {
  const { fileId: _f, recordCount: _r, dataFields: _d, sampleData: _s, ...rest } = input;
  return rest;
}

/** Submits a listing for review (status pending_review). */
export async function createListing(deps: ListingDeps, viewer: User | null, raw: unknown): Promise<Contract> {
  assertMayList(viewer);
  const input = parseInput(listingInput, raw);
  const file = await ownUpload(deps.db, viewer, input.fileId);
  const created = await deps.db.$transaction(async (tx) => {
    const contract = await tx.contract.create({
      data: { ...listingData(input), ...figures(input, file), providerId: viewer.id, status: 'pending_review', marketPrice: input.price },
    });
    if (file) await attachUpload(tx, file.id, contract.id);
    await recordCreated(tx, { machine: LISTING_MACHINE, id: contract.id, status: contract.status, actorId: viewer.id });
    return contract;
  });
  deps.events.publish('contractChanged', created.id, { contractId: created.id, status: created.status });
  deps.events.publish('marketStatsChanged');
  return created;
}

/**
 * The provider edits a listing that waits for review or was rejected; a rejected one goes back
 * to review (resubmitted).
 */
export async function updateListing(deps: ListingDeps, viewer: User | null, contractId: string, raw: unknown): Promise<Contract> {
  if (!viewer) throw new AuthenticationError(NOT_LOGGED_IN);
  const current = await deps.db.contract.findUnique({ where: { id: contractId }, include: { files: true } });
  // Someone else's listing does not exist for them; administrators see it but do not edit it.
  if (!current || !isOwnerOrAdmin(viewer, current.providerId)) throw new NotFoundError('Listing not found');
  if (!canEditListing(viewer, current)) throw new PermissionError('Only the provider edits a listing', 'NOT_OWNER');
  if (!mayEditListing(current.status)) throw new ConflictError('Only listings waiting for review or rejected can be edited', 'INVALID_TRANSITION');
  // Without a new file the listing keeps its current one, unless it now goes by link only.
  const given = raw as { fileId?: string | null; dataAccessType?: string };
  const keepsFile = given.dataAccessType !== 'external_link';
  const input = parseInput(listingInput, { ...given, fileId: given.fileId ?? (keepsFile ? (current.files[0]?.id ?? null) : null) });
  const file = await ownUpload(deps.db, viewer, input.fileId, current.id);
  const updated = await deps.db.$transaction(async (tx) => {
    const data = {
      ...listingData(input),
      ...figures(input, file),
      rejectionReason: null,
      marketPrice: marketPriceAfterListPriceChange({ newListPrice: input.price, currentMarketPrice: current.marketPrice, soldSinceLastListing: current.salesCount > 0 }),
    };
    const raced = 'The listing changed meanwhile; please reload';
    // A rejected listing is resubmitted (a move, with history); one waiting for review is only edited.
    if (current.status === 'pending_review') await updateInStatus(tx, { machine: LISTING_MACHINE, id: current.id, status: current.status, data, raced });
    else await transition(tx, { machine: LISTING_MACHINE, id: current.id, from: current.status, to: 'pending_review', actorId: viewer.id, note: 'Resubmitted', data, messages: { raced } });
    // The listing carries exactly the file it names now (or none). Never approved, it was never
    // sold: a release 1 the migration gave its old file goes (approval makes the new one release 1).
    await tx.contractRelease.deleteMany({ where: { contractId: current.id } });
    await tx.dataFile.updateMany({ where: { contractId: current.id, ...(file ? { id: { not: file.id } } : {}) }, data: { contractId: null } });
    if (file && file.contractId !== current.id) await attachUpload(tx, file.id, current.id);
    return tx.contract.findUniqueOrThrow({ where: { id: current.id } });
  });
  deps.events.publish('contractChanged', updated.id, { contractId: updated.id, status: updated.status });
  return updated;
}

/**
 * An administrator approves (active, now live: its first price tick is the list price) or rejects
 * a listing waiting for review; the provider gets a mail.
 */
export async function reviewListing(deps: ListingDeps, admin: User | null, contractId: string, raw: unknown): Promise<Contract> {
  if (!admin) throw new AuthenticationError();
  if (!isAdmin(admin)) throw new PermissionError('Admin access required', 'ADMIN_REQUIRED');
  const input = parseInput(listingReviewInput, raw);
  const now = new Date();
  let listedAt: string | undefined;
  const contract = await deps.db.$transaction(async (tx) => {
    const current = await tx.contract.findUnique({ where: { id: contractId } });
    if (!current) throw new NotFoundError('Contract not found');
    const reviewNotes = input.status === 'active' ? (input.reviewNotes ?? DEFAULT_LISTING_APPROVAL) : input.reviewNotes;
    const rejectionReason = input.status === 'rejected' ? (input.rejectionReason ?? DEFAULT_LISTING_REJECTION) : null;
    await transition(tx, {
      machine: LISTING_MACHINE,
      id: current.id,
      from: current.status,
      to: input.status,
      actorId: admin.id,
      note: rejectionReason ?? reviewNotes,
      data: { reviewNotes, rejectionReason, reviewedById: admin.id, reviewedAt: now },
      messages: { refused: (from, to) => `A listing that is ${from.replace('_', ' ')} cannot become ${to}`, raced: 'The listing was reviewed meanwhile' },
    });
    if (input.status === 'active' && current.status === 'pending_review') {
      await tx.priceTick.create({ data: { contractId: current.id, price: current.marketPrice, source: 'listing', createdAt: now } });
      listedAt = now.toISOString();
      // The file buyers will see is release 1 from now (docs/decisions.md "Issue 26: releases").
      await publishFirstRelease(tx, deps.jobs, current, now);
    }
    // On sale: the freshness promise starts (docs/decisions.md "Issue 26: the freshness promise").
    if (input.status === 'active') await listingOnSale(tx, deps.jobs, current.id, now);
    // A review decides a listing waiting for it; putting a paused listing back is not an approval.
    if (current.status === 'pending_review') await recordEvent(tx, deps.jobs, input.status === 'active' ? 'listing.approved' : 'listing.rejected', { contractId: current.id }, now);
    return tx.contract.findUniqueOrThrow({ where: { id: current.id }, include: { provider: true } });
  });
  deps.events.publish('contractChanged', contract.id, { contractId: contract.id, status: contract.status });
  deps.events.publish('listingReviewed', contract.providerId, { contractId: contract.id, providerId: contract.providerId, status: contract.status });
  if (listedAt) deps.events.publish('priceTick', contract.id, { contractId: contract.id, price: contract.marketPrice.toFixed(2), source: 'listing', at: listedAt });
  deps.events.publish('marketStatsChanged');
  await deps.mailer.send(listingDecisionMail(contract.provider, contract));
  return contract;
}
