import { defineMachine } from '../transitions/transition.ts';

// Every move a bid can make (the product decision "Bids"): the provider accepts or declines an open bid;
// the bidder may withdraw it; an accepted bid is settled when its buyer pays the bid amount.
export const BID_MACHINE = defineMachine({
  subject: 'bid',
  noun: 'bid',
  initial: ['open'],
  transitions: {
    open: ['accepted', 'declined', 'withdrawn'],
    accepted: ['settled'],
    declined: [],
    withdrawn: [],
    settled: [],
  },
});
