import { str, type Describer } from './notice.ts';

// The listings' notices (docs/decisions.md "Issue 25: notification events"): the provider hears of
// the review of a listing they submitted.

const listingOf = (tx: Parameters<Describer>[0], data: Record<string, unknown>) =>
  tx.contract.findUnique({ where: { id: str(data.contractId) }, select: { id: true, title: true, providerId: true, rejectionReason: true } });

export const listingsNotices: Record<string, Describer> = {
  'listing.approved': async (tx, data) => {
    const c = await listingOf(tx, data);
    if (!c) return [];
    return [{ userId: c.providerId, title: 'Your listing is live', body: `"${c.title}" was approved and is now live on the trading floor.`, link: `/contract/${c.id}` }];
  },
  'listing.rejected': async (tx, data) => {
    const c = await listingOf(tx, data);
    if (!c) return [];
    const reason = c.rejectionReason ? ` Reason: ${c.rejectionReason}.` : '';
    return [{ userId: c.providerId, title: 'Your listing was not approved', body: `"${c.title}" was not approved; edit it and resubmit it.${reason}`, link: `/list-data?edit=${encodeURIComponent(c.id)}` }];
  },
};
