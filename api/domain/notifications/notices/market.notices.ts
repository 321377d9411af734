import { str, usd as money, type Describer } from './notice.ts';

// The bids' notices: the provider hears of bids placed and withdrawn, the bidder of decisions.

const bidOf = (tx: Parameters<Describer>[0], data: Record<string, unknown>) =>
  tx.bid.findUnique({
    where: { id: str(data.bidId) },
    select: { id: true, amount: true, bidderId: true, contract: { select: { id: true, title: true, providerId: true } }, bidder: { select: { username: true } } },
  });

export const marketNotices: Record<string, Describer> = {
  'bid.received': async (tx, data) => {
    const bid = await bidOf(tx, data);
    if (!bid) return [];
    return [{ userId: bid.contract.providerId, title: `New bid of ${money(bid.amount)}`, body: `${bid.bidder.username} bid ${money(bid.amount)} on "${bid.contract.title}".`, link: `/contract/${bid.contract.id}` }];
  },
  'bid.accepted': async (tx, data) => {
    const bid = await bidOf(tx, data);
    if (!bid) return [];
    return [{ userId: bid.bidderId, title: 'Your bid was accepted', body: `Your bid of ${money(bid.amount)} on "${bid.contract.title}" was accepted. Pay to get access.`, link: `/contract/${bid.contract.id}` }];
  },
  'bid.declined': async (tx, data) => {
    const bid = await bidOf(tx, data);
    if (!bid) return [];
    return [{ userId: bid.bidderId, title: 'Your bid was declined', body: `Your bid of ${money(bid.amount)} on "${bid.contract.title}" was declined.`, link: `/contract/${bid.contract.id}` }];
  },
  'bid.withdrawn': async (tx, data) => {
    const bid = await bidOf(tx, data);
    if (!bid) return [];
    return [{ userId: bid.contract.providerId, title: 'A bid was withdrawn', body: `${bid.bidder.username} withdrew a bid of ${money(bid.amount)} on "${bid.contract.title}".`, link: `/contract/${bid.contract.id}` }];
  },
};
