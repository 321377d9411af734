import { str, type Describer } from './notice.ts';

// Due diligence's notices (docs/decisions.md "Issue 25: notification events"): the applicant hears
// of each decision on their application (approved, rejected, or a request for clarification). The
// event names the status it decided, and the note is that move's history row: the application may
// have moved on by the time the fan-out runs.

const WORDS: Record<string, { title: string; body: string; link: string }> = {
  approved: { title: 'You are approved to sell', body: 'Your due diligence application was approved: you can now list data sets.', link: '/list-data' },
  rejected: { title: 'Your application was not approved', body: 'Your due diligence application was not approved; you may submit a new one.', link: '/due-diligence' },
  requires_clarification: { title: 'Your application needs clarification', body: 'We need a few more details before we can decide on your due diligence application.', link: '/due-diligence' },
};

export const diligenceNotices: Record<string, Describer> = {
  'diligence.decided': async (tx, data) => {
    const application = await tx.dueDiligenceApplication.findUnique({ where: { id: str(data.applicationId) }, select: { id: true, userId: true } });
    const status = str(data.status);
    const words = WORDS[status];
    if (!application || !words) return [];
    const move = await tx.statusChange.findFirst({ where: { subject: 'application', subjectId: application.id, toStatus: status }, orderBy: { createdAt: 'desc' }, select: { note: true } });
    // An approval's note is the reviewers' own ("Approved after review"); the others say what to do.
    const note = status !== 'approved' && move?.note ? ` Note: ${move.note}` : '';
    return [{ userId: application.userId, title: words.title, body: words.body + note, link: words.link }];
  },
};
