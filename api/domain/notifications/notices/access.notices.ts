import { str, type Describer } from './notice.ts';

// Access's notices (docs/decisions.md "Issue 25: notification events"): the buyer hears 7 days and 1
// day before their access ends, and when it has ended; the contract page is where they renew.

const purchaseOf = (tx: Parameters<Describer>[0], data: Record<string, unknown>) =>
  tx.purchase.findUnique({ where: { id: str(data.purchaseId) }, select: { buyerId: true, accessExpiresAt: true, contract: { select: { id: true, title: true } } } });

export const accessNotices: Record<string, Describer> = {
  'access.expiring': async (tx, data) => {
    const p = await purchaseOf(tx, data);
    if (!p?.accessExpiresAt) return [];
    const when = data.days === 1 ? 'tomorrow' : `in ${Number(data.days)} days`;
    return [
      {
        userId: p.buyerId,
        title: `Your access ends ${when}`,
        body: `Your access to "${p.contract.title}" ends ${when} (${p.accessExpiresAt.toISOString().slice(0, 10)}); renew it to keep the data coming.`,
        link: `/contract/${p.contract.id}`,
      },
    ];
  },
  'access.expired': async (tx, data) => {
    const p = await purchaseOf(tx, data);
    if (!p) return [];
    return [{ userId: p.buyerId, title: 'Your access has ended', body: `Your access to "${p.contract.title}" has ended; buy it again to get the data.`, link: `/contract/${p.contract.id}` }];
  },
};
