import type { ApplicationStatus, DueDiligenceStatus } from '../../db/generated/prisma/enums.ts';
import { defineMachine } from '../transitions/transition.ts';

// The review of a due diligence application (the product decision "Due diligence"): a new application
// is `submitted`; administrators move it to under_review, requires_clarification, approved or
// rejected. Decided applications stay decided; a rejected applicant applies again instead.
export const APPLICATION_MACHINE = defineMachine({
  subject: 'application',
  noun: 'application',
  initial: ['submitted'],
  transitions: {
    pending: ['under_review', 'requires_clarification', 'approved', 'rejected'],
    submitted: ['under_review', 'requires_clarification', 'approved', 'rejected'],
    under_review: ['requires_clarification', 'approved', 'rejected'],
    requires_clarification: ['under_review', 'approved', 'rejected'],
    approved: [],
    rejected: [],
  },
});

/** user.dueDiligenceStatus follows the application. */
export function userStatusFor(status: ApplicationStatus): DueDiligenceStatus {
  return status;
}

/** A user may apply when they never did, or their last application was rejected. */
export function mayApply(current: DueDiligenceStatus): boolean {
  return current === 'not_started' || current === 'rejected';
}

// The texts an application gets when the administrator who approves or rejects it types none.
export const DEFAULT_APPROVAL_NOTE = 'Approved after review';
export const DEFAULT_APPLICATION_REJECTION = 'Insufficient documentation';
