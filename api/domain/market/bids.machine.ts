import type { BidStatus } from '../../db/generated/prisma/enums.ts';

// Every move a bid can make (DECISIONS.md "Bids"): the provider accepts or declines an open bid;
// the bidder may withdraw it; an accepted bid is settled when its buyer pays the bid amount.
export const BID_TRANSITIONS: Record<BidStatus, readonly BidStatus[]> = {
  open: ['accepted', 'declined', 'withdrawn'],
  accepted: ['settled'],
  declined: [],
  withdrawn: [],
  settled: [],
};

export function canMoveBid(from: BidStatus, to: BidStatus): boolean {
  return BID_TRANSITIONS[from].includes(to);
}
