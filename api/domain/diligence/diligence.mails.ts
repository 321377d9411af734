import type { DueDiligenceApplication, User } from '../../db/generated/prisma/client.ts';
import type { Mail } from '../../mail/mailer.ts';

const WORDS: Record<string, { subject: string; line: string }> = {
  under_review: { subject: 'Your seller application is under review', line: 'An administrator is reviewing your application. We may contact you for details.' },
  requires_clarification: { subject: 'Your seller application needs clarification', line: 'We need a few more details before we can decide on your application.' },
  approved: { subject: 'You are approved to sell on DATA PIT', line: 'Your application was approved. You can now list data sets at /list-data.' },
  rejected: { subject: 'Your seller application was not approved', line: 'Your application was not approved. You may submit a new application at /due-diligence.' },
};

/** The applicant hears of every decision on their application. */
export function applicationDecisionMail(user: User, application: DueDiligenceApplication): Mail {
  const words = WORDS[application.status] ?? { subject: 'Your seller application was updated', line: `Status: ${application.status}` };
  const detail = application.status === 'rejected' ? application.rejectionReason : application.reviewNotes;
  return {
    to: user.email,
    subject: words.subject,
    text: [`Hello ${user.name},`, '', words.line, ...(detail ? ['', `Note from the reviewer: ${detail}`] : []), '', `Business: ${application.legalBusinessName}`].join('\n'),
  };
}
