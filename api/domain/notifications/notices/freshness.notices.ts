import { str, type Describer } from './notice.ts';

// The freshness promise's notice (docs/decisions.md "Issue 26: the freshness promise"): when a
// listing's next release is overdue, its provider and the subscribers whose access is running are
// told; a one-time buyer gets no later release anyway, so the delay is not their news.

const FREQUENCY_WORD: Record<string, string> = { realtime: 'real-time', hourly: 'hourly', daily: 'daily', weekly: 'weekly', monthly: 'monthly' };

export const freshnessNotices: Record<string, Describer> = {
  'release.delayed': async (tx, data) => {
    const c = await tx.contract.findUnique({ where: { id: str(data.contractId) }, select: { id: true, title: true, providerId: true, updateFrequency: true } });
    if (!c) return [];
    const checkedAt = new Date(str(data.checkedAt));
    const since = str(data.since).slice(0, 16).replace('T', ' ');
    const subscribers = await tx.purchase.findMany({
      where: { contractId: c.id, status: 'active', accessExpiresAt: { gt: Number.isNaN(checkedAt.getTime()) ? new Date() : checkedAt } },
      select: { buyerId: true },
      distinct: ['buyerId'],
    });
    const word = FREQUENCY_WORD[c.updateFrequency] ?? c.updateFrequency;
    const link = `/contract/${c.id}`;
    return [
      { userId: c.providerId, title: 'Your data is delayed', body: `"${c.title}" promises ${word} updates and its next release is overdue since ${since} UTC; publish it (or confirm the update) to clear the delay.`, link },
      ...subscribers
        .filter((s) => s.buyerId !== c.providerId)
        .map((s) => ({ userId: s.buyerId, title: 'Data delayed', body: `"${c.title}" promises ${word} updates; its next release is overdue since ${since} UTC.`, link })),
    ];
  },
};
