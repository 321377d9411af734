import { str, type Describer } from './notice.ts';

// The listings' notices (docs/decisions.md "Issue 25: notification events"): the provider hears of
// the review of a listing they submitted, and of a revision of it (issue 26). A pause, resume or
// delisting (issue 26) tells the buyers who have access and the bidders waiting on the listing.

const listingOf = (tx: Parameters<Describer>[0], data: Record<string, unknown>) =>
  tx.contract.findUnique({ where: { id: str(data.contractId) }, select: { id: true, title: true, providerId: true, rejectionReason: true } });

type Tx = Parameters<Describer>[0];

/** Buyers whose access to the listing lasts: they keep it, and hear what became of the listing. */
async function buyersWithAccess(tx: Tx, contractId: string): Promise<string[]> {
  const rows = await tx.purchase.findMany({
    where: { contractId, status: 'active', OR: [{ accessExpiresAt: null }, { accessExpiresAt: { gt: new Date() } }] },
    select: { buyerId: true },
    distinct: ['buyerId'],
  });
  return rows.map((r) => r.buyerId);
}

/** Bidders whose bid waits on the listing: open, or accepted and not yet paid; plus the bids `ids` names (declined by a delisting). */
async function waitingBidders(tx: Tx, contractId: string, ids: string[] = []): Promise<string[]> {
  const rows = await tx.bid.findMany({
    where: { contractId, OR: [{ status: { in: ['open', 'accepted'] } }, ...(ids.length ? [{ id: { in: ids } }] : [])] },
    select: { bidderId: true },
    distinct: ['bidderId'],
  });
  return rows.map((r) => r.bidderId);
}

const ids = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** Each person once: a buyer who also bids hears the buyer's words. */
function toEach(buyers: string[], bidders: string[], link: string, title: string, forBuyer: string, forBidder: string) {
  const bodies = new Map<string, string>();
  for (const userId of bidders) bodies.set(userId, forBidder);
  for (const userId of buyers) bodies.set(userId, forBuyer);
  return [...bodies].map(([userId, body]) => ({ userId, title, body, link }));
}

const revisionOf = (tx: Tx, data: Record<string, unknown>) =>
  tx.contractRevision.findUnique({ where: { id: str(data.revisionId) }, select: { rejectionReason: true, contract: { select: { id: true, title: true, providerId: true } } } });

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
  'listing.revision_approved': async (tx, data) => {
    const r = await revisionOf(tx, data);
    if (!r) return [];
    return [{ userId: r.contract.providerId, title: 'Your listing changes were approved', body: `The changes to "${r.contract.title}" that needed review are now live.`, link: `/contract/${r.contract.id}` }];
  },
  'listing.revision_rejected': async (tx, data) => {
    const r = await revisionOf(tx, data);
    if (!r) return [];
    const reason = r.rejectionReason ? ` Reason: ${r.rejectionReason}.` : '';
    return [{ userId: r.contract.providerId, title: 'Your listing changes were not approved', body: `"${r.contract.title}" stays as it was approved.${reason}`, link: '/dashboard/listings' }];
  },
  'listing.paused': async (tx, data) => {
    const c = await listingOf(tx, data);
    if (!c) return [];
    return toEach(
      await buyersWithAccess(tx, c.id),
      await waitingBidders(tx, c.id),
      `/contract/${c.id}`,
      `"${c.title}" is paused`,
      `The provider paused "${c.title}": it is not sold for now, and your access goes on as before.`,
      `The provider paused "${c.title}": your bid stays, but it cannot be accepted or paid until the listing resumes.`,
    );
  },
  'listing.resumed': async (tx, data) => {
    const c = await listingOf(tx, data);
    if (!c) return [];
    return toEach([], await waitingBidders(tx, c.id), `/contract/${c.id}`, `"${c.title}" is back on the market`, '', `The provider resumed "${c.title}": it is sold again and your bid is back in the book.`);
  },
  'listing.delisted': async (tx, data) => {
    const c = await listingOf(tx, data);
    if (!c) return [];
    return toEach(
      await buyersWithAccess(tx, c.id),
      await waitingBidders(tx, c.id, ids(data.declinedBidIds)),
      `/contract/${c.id}`,
      `"${c.title}" was delisted`,
      `The provider delisted "${c.title}": it is no longer sold, and your access goes on until it ends.`,
      `The provider delisted "${c.title}": it is no longer sold, so your open bid was declined.`,
    );
  },
};
