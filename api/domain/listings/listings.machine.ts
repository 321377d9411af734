import type { ContractStatus } from '../../db/generated/prisma/enums.ts';
import { defineMachine } from '../transitions/transition.ts';

// A listing's life (the specification): pending_review on creation; an administrator
// approves it (active, "now live") or rejects it; the provider may edit a rejected listing and
// resubmit it (back to pending_review). An active listing can be taken off the market (inactive).
// Issue 26: the provider pauses a live listing (no new sales or bids) and resumes it, or delists it
// for good; buyers keep their access either way (docs/decisions.md "Issue 26: listings that change").
export const LISTING_MACHINE = defineMachine({
  subject: 'contract',
  noun: 'listing',
  initial: ['pending_review'],
  transitions: {
    pending_review: ['active', 'rejected'],
    rejected: ['pending_review'],
    active: ['inactive', 'paused', 'delisted'],
    inactive: ['active'],
    paused: ['active', 'delisted'],
    delisted: [],
  },
});

/** The provider edits a listing while it waits for review or after it was rejected (the whole form, in review anyway). */
export function mayEditListing(status: ContractStatus): boolean {
  return status === 'pending_review' || status === 'rejected';
}

/** A listing that was approved and is still the provider's product: edited in place, changes of reviewed fields go to review. */
export function isLiveListing(status: ContractStatus): boolean {
  return status === 'active' || status === 'paused';
}

/** The provider's own moves of a listing, each with the status it leads to. */
export const PROVIDER_MOVES = { pause: 'paused', resume: 'active', delist: 'delisted' } as const satisfies Record<string, ContractStatus>;
export type ProviderMove = keyof typeof PROVIDER_MOVES;

/**
 * Why a listing that is not active cannot be bought or bid on, in the buyer's words: a paused or
 * delisted listing says so (the buyer may have seen it on sale a minute ago).
 */
export function notOnSaleMessage(status: ContractStatus, what: 'buy' | 'bid'): string {
  if (status === 'paused') return what === 'buy' ? 'This listing is paused by its provider: it cannot be bought until it resumes' : 'This listing is paused by its provider: no bids until it resumes';
  if (status === 'delisted') return what === 'buy' ? 'This listing was delisted by its provider: it is no longer sold' : 'This listing was delisted by its provider: it takes no more bids';
  return what === 'buy' ? 'Only active contracts can be bought' : 'Bids are only accepted on active contracts';
}

export const DEFAULT_LISTING_APPROVAL = 'Approved after review';
export const DEFAULT_LISTING_REJECTION = 'Does not meet quality standards';
