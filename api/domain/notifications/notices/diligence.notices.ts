import { str, type Describer } from './notice.ts';

// Due diligence's notices (docs/decisions.md "Issue 25: notification events"): the applicant hears
// of each decision on their application (approved, rejected, or a request for clarification).

const WORDS: Record<string, { title: string; body: string; link: string }> = {
  approved: { title: 'You are approved to sell', body: 'Your due diligence application was approved: you can now list data sets.', link: '/list-data' },
  rejected: { title: 'Your application was not approved', body: 'Your due diligence application was not approved; you may submit a new one.', link: '/due-diligence' },
  requires_clarification: { title: 'Your application needs clarification', body: 'We need a few more details before we can decide on your due diligence application.', link: '/due-diligence' },
};

export const diligenceNotices: Record<string, Describer> = {
  'diligence.decided': async (tx, data) => {
    const application = await tx.dueDiligenceApplication.findUnique({ where: { id: str(data.applicationId) }, select: { userId: true, status: true, reviewNotes: true, rejectionReason: true } });
    const words = application && WORDS[application.status];
    if (!application || !words) return [];
    const detail = application.status === 'rejected' ? application.rejectionReason : application.status === 'requires_clarification' ? application.reviewNotes : null;
    return [{ userId: application.userId, title: words.title, body: detail ? `${words.body} Note: ${detail}` : words.body, link: words.link }];
  },
};
