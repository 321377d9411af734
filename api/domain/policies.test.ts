import { describe, expect, it } from 'vitest';
import {
  canAttachUpload,
  canManageSession,
  canEditListing,
  canReadListingFile,
  canSeeBidDetails,
  canSeeContract,
  canSeePayment,
  canSeePurchase,
  isAdmin,
  isApprovedProvider,
  isBuyerOf,
  isLoggedIn,
  isOwnerOrAdmin,
  isSelf,
  type Viewer,
} from './policies.ts';

const buyer: Viewer = { id: 'u1', isAdmin: false, dueDiligenceStatus: 'not_started' };
const provider: Viewer = { id: 'p1', isAdmin: false, dueDiligenceStatus: 'approved' };
const pending: Viewer = { id: 'p2', isAdmin: false, dueDiligenceStatus: 'under_review' };
const admin: Viewer = { id: 'a1', isAdmin: true, dueDiligenceStatus: 'not_applicable' };

describe('policies', () => {
  it('logged in and admin', () => {
    expect(isLoggedIn(null)).toBe(false);
    expect(isLoggedIn(buyer)).toBe(true);
    expect(isAdmin(buyer)).toBe(false);
    expect(isAdmin(admin)).toBe(true);
  });

  it('approved provider: approved by due diligence, or an administrator', () => {
    expect(isApprovedProvider(null)).toBe(false);
    expect(isApprovedProvider(buyer)).toBe(false);
    expect(isApprovedProvider(pending)).toBe(false);
    expect(isApprovedProvider(provider)).toBe(true);
    expect(isApprovedProvider(admin)).toBe(true);
  });

  it('own or admin', () => {
    expect(isOwnerOrAdmin(null, 'u1')).toBe(false);
    expect(isOwnerOrAdmin(buyer, 'u1')).toBe(true);
    expect(isOwnerOrAdmin(buyer, 'p1')).toBe(false);
    expect(isOwnerOrAdmin(admin, 'p1')).toBe(true);
  });

  it('own or admin: a record without an owner is the administrators\' alone', () => {
    expect(isOwnerOrAdmin(null, null)).toBe(false);
    expect(isOwnerOrAdmin(buyer, null)).toBe(false);
    expect(isOwnerOrAdmin(buyer, undefined)).toBe(false);
    expect(isOwnerOrAdmin(admin, null)).toBe(true);
    expect(isOwnerOrAdmin(admin, undefined)).toBe(true);
  });

  it('own or admin: the id and the admin flag are all it reads (REST viewers carry no more)', () => {
    expect(isOwnerOrAdmin({ id: 'p1', isAdmin: false }, 'p1')).toBe(true);
    expect(isOwnerOrAdmin({ id: 'u1', isAdmin: false }, 'p1')).toBe(false);
    expect(isOwnerOrAdmin({ id: 'a1', isAdmin: true }, 'p1')).toBe(true);
  });

  it('self only: the user themself, not even an administrator', () => {
    expect(isSelf(null, 'u1')).toBe(false);
    expect(isSelf(undefined, 'u1')).toBe(false);
    expect(isSelf(buyer, 'u1')).toBe(true);
    expect(isSelf(buyer, 'p1')).toBe(false);
    expect(isSelf(provider, 'u1')).toBe(false);
    expect(isSelf(admin, 'u1')).toBe(false);
    expect(isSelf(admin, 'a1')).toBe(true);
  });

  it('login sessions: their own user alone, administrators included', () => {
    expect(canManageSession(null, { userId: 'u1' })).toBe(false);
    expect(canManageSession(buyer, { userId: 'u1' })).toBe(true);
    expect(canManageSession(provider, { userId: 'u1' })).toBe(false);
    expect(canManageSession(admin, { userId: 'u1' })).toBe(false);
    expect(canManageSession(admin, { userId: 'a1' })).toBe(true);
  });

  it('contract visibility: active for all, others for their provider and admins', () => {
    for (const status of ['pending_review', 'rejected', 'inactive'] as const) {
      const c = { status, providerId: 'p1' };
      expect(canSeeContract(null, c)).toBe(false);
      expect(canSeeContract(buyer, c)).toBe(false);
      expect(canSeeContract(provider, c)).toBe(true);
      expect(canSeeContract(admin, c)).toBe(true);
    }
    expect(canSeeContract(null, { status: 'active', providerId: 'p1' })).toBe(true);
  });

  it('bid details and purchases: the two parties and admins', () => {
    expect(canSeeBidDetails(buyer, { bidderId: 'u1' }, 'p1')).toBe(true);
    expect(canSeeBidDetails(provider, { bidderId: 'u1' }, 'p1')).toBe(true);
    expect(canSeeBidDetails(pending, { bidderId: 'u1' }, 'p1')).toBe(false);
    expect(canSeeBidDetails(null, { bidderId: 'u1' }, 'p1')).toBe(false);
    expect(canSeePurchase(admin, { buyerId: 'u1' }, 'p1')).toBe(true);
    expect(canSeePurchase(pending, { buyerId: 'u1' }, 'p1')).toBe(false);
    expect(canSeePurchase(provider, { buyerId: 'u1' }, 'p1')).toBe(true);
  });

  it('payments: the buyer, the seller and admins; nobody else', () => {
    const payment = { buyerId: 'u1', sellerId: 'p1' };
    expect(canSeePayment(buyer, payment)).toBe(true);
    expect(canSeePayment(provider, payment)).toBe(true);
    expect(canSeePayment(admin, payment)).toBe(true);
    expect(canSeePayment(pending, payment)).toBe(false);
    expect(canSeePayment(null, payment)).toBe(false);
  });

  it("a purchase's key and access: its buyer alone, not the seller nor admins", () => {
    expect(isBuyerOf(buyer, { buyerId: 'u1' })).toBe(true);
    expect(isBuyerOf(provider, { buyerId: 'u1' })).toBe(false);
    expect(isBuyerOf(admin, { buyerId: 'u1' })).toBe(false);
    expect(isBuyerOf(null, { buyerId: 'u1' })).toBe(false);
  });

  it('listings: only the provider edits and attaches their uploads; the provider and admins read its files', () => {
    expect(canEditListing(provider, { providerId: 'p1' })).toBe(true);
    expect(canEditListing(admin, { providerId: 'p1' })).toBe(false);
    expect(canEditListing(null, { providerId: 'p1' })).toBe(false);
    expect(canAttachUpload(provider, { uploaderId: 'p1' })).toBe(true);
    expect(canAttachUpload(admin, { uploaderId: 'p1' })).toBe(false);
    expect(canReadListingFile(provider, { uploaderId: 'p1' })).toBe(true);
    expect(canReadListingFile(admin, { uploaderId: 'p1' })).toBe(true);
    expect(canReadListingFile(buyer, { uploaderId: 'p1' })).toBe(false);
    expect(canReadListingFile(null, { uploaderId: 'p1' })).toBe(false);
  });
});
