// Who may do what, written once. Scope-auth in the GraphQL builder, field scopes and the services
// all call these, so a rule cannot say yes in one place and no in another. Each function names the
// few fields it needs, so it takes a loaded record or a Prisma select alike.
import type { ContractStatus, DueDiligenceStatus } from '../db/generated/prisma/enums.ts';

/** The part of the logged-in user the rules look at; null is an anonymous caller. */
export interface Viewer {
  id: string;
  isAdmin: boolean;
  dueDiligenceStatus: DueDiligenceStatus;
}

export function isLoggedIn(viewer: Viewer | null | undefined): viewer is Viewer {
  return viewer != null;
}

export function isAdmin(viewer: Viewer | null | undefined): boolean {
  return viewer?.isAdmin === true;
}

/** May list data and upload files: approved by due diligence, or an administrator. */
export function isApprovedProvider(viewer: Viewer | null | undefined): boolean {
  return viewer != null && (viewer.isAdmin || viewer.dueDiligenceStatus === 'approved');
}

/** The user themself (userId is the viewer's own id); administrators get no exception here. */
export function isSelf(viewer: Pick<Viewer, 'id'> | null | undefined, userId: string): boolean {
  return viewer != null && viewer.id === userId;
}

/** The record's owner (ownerId) or an administrator; a record without an owner is the administrators' alone. */
export function isOwnerOrAdmin(viewer: Pick<Viewer, 'id' | 'isAdmin'> | null | undefined, ownerId: string | null | undefined): boolean {
  return viewer != null && (viewer.isAdmin || (ownerId != null && viewer.id === ownerId));
}

/** Sees and ends a login session: the user it belongs to alone (administrators included: theirs only). */
export function canManageSession(viewer: Pick<Viewer, 'id'> | null | undefined, session: { userId: string }): boolean {
  return isSelf(viewer, session.userId);
}

/**
 * Listings whose page anyone may open: active ones, and paused or delisted ones (their buyers keep
 * access and the page says why nothing is sold; the market's lists show active ones only).
 */
export const PUBLIC_LISTING_STATUSES: readonly ContractStatus[] = ['active', 'paused', 'delisted'];

/** Public listings (PUBLIC_LISTING_STATUSES); pending, rejected and inactive ones only their provider and administrators see. */
export function canSeeContract(viewer: Viewer | null | undefined, contract: { status: ContractStatus; providerId: string }): boolean {
  return PUBLIC_LISTING_STATUSES.includes(contract.status) || isOwnerOrAdmin(viewer, contract.providerId);
}

/** A bid's bidder and message: the bidder, the listing's provider, administrators. */
export function canSeeBidDetails(viewer: Viewer | null | undefined, bid: { bidderId: string }, providerId: string): boolean {
  return isOwnerOrAdmin(viewer, bid.bidderId) || viewer?.id === providerId;
}

/** A purchase: its buyer, the listing's provider (the seller), administrators. */
export function canSeePurchase(viewer: Viewer | null | undefined, purchase: { buyerId: string }, sellerId: string): boolean {
  return isOwnerOrAdmin(viewer, purchase.buyerId) || viewer?.id === sellerId;
}

/** A payment (and its dispute): its buyer, its seller, administrators (the same as its purchase). */
export function canSeePayment(viewer: Viewer | null | undefined, payment: { buyerId: string; sellerId: string }): boolean {
  return canSeePurchase(viewer, payment, payment.sellerId);
}

/** A purchase's own things (its data key, its access): its buyer alone; the seller and administrators see the purchase, never its key. */
export function isBuyerOf(viewer: Pick<Viewer, 'id'> | null | undefined, purchase: { buyerId: string }): boolean {
  return isSelf(viewer, purchase.buyerId);
}

/** Edits a listing: its provider alone (administrators review it instead of editing it). */
export function canEditListing(viewer: Pick<Viewer, 'id'> | null | undefined, contract: { providerId: string }): boolean {
  return isSelf(viewer, contract.providerId);
}

/** Puts an uploaded file in a listing: the user who uploaded it, nobody else (not even administrators). */
export function canAttachUpload(viewer: Pick<Viewer, 'id'> | null | undefined, file: { uploaderId: string }): boolean {
  return isSelf(viewer, file.uploaderId);
}

/** Downloads a listing's file in the back office: its provider (the uploader) and administrators. */
export function canReadListingFile(viewer: Pick<Viewer, 'id' | 'isAdmin'> | null | undefined, file: { uploaderId: string }): boolean {
  return isOwnerOrAdmin(viewer, file.uploaderId);
}

/**
 * Reads a support ticket and writes to it: an administrator, the logged-in user who opened it, or a
 * browser whose grant cookie names it (docs/decisions.md "Support tickets").
 */
export function canAccessTicket(viewer: Viewer | null | undefined, grant: readonly string[], ticket: { id: string; userId: string | null }): boolean {
  return isAdmin(viewer) || (viewer != null && ticket.userId === viewer.id) || grant.includes(ticket.id);
}
