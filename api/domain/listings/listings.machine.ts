import type { ContractStatus } from '../../db/generated/prisma/enums.ts';
import { defineMachine } from '../transitions/transition.ts';

// A listing's life (the specification): pending_review on creation; an administrator
// approves it (active, "now live") or rejects it; the provider may edit a rejected listing and
// resubmit it (back to pending_review). An active listing can be taken off the market (inactive).
export const LISTING_MACHINE = defineMachine({
  subject: 'contract',
  noun: 'listing',
  initial: ['pending_review'],
  transitions: {
    pending_review: ['active', 'rejected'],
    rejected: ['pending_review'],
    active: ['inactive'],
    inactive: ['active'],
  },
});

/** The provider edits a listing while it waits for review or after it was rejected. */
export function mayEditListing(status: ContractStatus): boolean {
  return status === 'pending_review' || status === 'rejected';
}

export const DEFAULT_LISTING_APPROVAL = 'Approved after review';
export const DEFAULT_LISTING_REJECTION = 'Does not meet quality standards';
