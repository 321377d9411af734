import type { Contract, User } from '../../db/generated/prisma/client.ts';
import type { Mail } from '../../mail/mailer.ts';

/** The provider hears of every review decision on their listing. */
export function listingDecisionMail(provider: User, contract: Contract): Mail {
  const live = contract.status === 'active';
  return {
    to: provider.email,
    subject: live ? `Your listing "${contract.title}" is now live` : `Your listing "${contract.title}" was not approved`,
    text: [
      `Hello ${provider.name},`,
      '',
      live
        ? 'Your data listing was approved and is now live on the trading floor.'
        : 'Your data listing was not approved. You can edit it and resubmit it from /list-data.',
      ...(live ? (contract.reviewNotes ? ['', `Reviewer's note: ${contract.reviewNotes}`] : []) : contract.rejectionReason ? ['', `Reason: ${contract.rejectionReason}`] : []),
    ].join('\n'),
  };
}
