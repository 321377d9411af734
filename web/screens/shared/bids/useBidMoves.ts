import { graphql, useMutation } from 'react-relay';
import type { AcceptBidMutation } from '../../../__generated__/AcceptBidMutation.graphql.ts';
import type { DeclineBidMutation } from '../../../__generated__/DeclineBidMutation.graphql.ts';
import type { WithdrawBidMutation } from '../../../__generated__/WithdrawBidMutation.graphql.ts';
import { acceptBidMutation } from './AcceptBidMutation.ts';
import { declineBidMutation } from './DeclineBidMutation.ts';
import { withdrawBidMutation } from './WithdrawBidMutation.ts';

// What every move of a bid reads back: the bid's status and the moves it allows next (its row's
// buttons follow the server's machine), and the contract's bid side.
graphql`
  fragment useBidMoves_bid on Bid {
    id
    status
    nextStatuses
    decidedAt
    contract {
      id
      highestBid
      openBidCount
      marketPrice
    }
  }
`;

/** The provider accepts or declines an open bid; its bidder withdraws it. */
export type BidMove = 'accept' | 'decline' | 'withdraw';

/** Why a move did not happen: the server's message and code, or the network's message. */
export type BidMoveFailure = { message?: string | null; code?: string | null };

export type BidMoveHandlers = {
  onDone: () => void;
  onFailed: (failure: BidMoveFailure) => void;
  /** lists of open bids the bid leaves once decided */
  connections?: string[];
};

type Answer = { readonly __typename: string; readonly message?: string; readonly code?: string | null };

/** Accept, decline and withdraw with one way of answering, and which of them is in flight. */
export function useBidMoves() {
  const [accept, accepting] = useMutation<AcceptBidMutation>(acceptBidMutation);
  const [decline, declining] = useMutation<DeclineBidMutation>(declineBidMutation);
  const [withdraw, withdrawing] = useMutation<WithdrawBidMutation>(withdrawBidMutation);

  function move(kind: BidMove, bidId: string, { onDone, onFailed, connections = [] }: BidMoveHandlers) {
    const settle = (answer: Answer, success: string) => (answer.__typename === success ? onDone() : onFailed({ message: answer.message, code: answer.code }));
    const onError = (error: Error) => onFailed({ message: error.message });
    const input = { bidId };
    if (kind === 'accept') accept({ variables: { input, connections }, onCompleted: (r) => settle(r.acceptBid, 'MutationAcceptBidSuccess'), onError });
    else if (kind === 'decline') decline({ variables: { input, connections }, onCompleted: (r) => settle(r.declineBid, 'MutationDeclineBidSuccess'), onError });
    else withdraw({ variables: { input }, onCompleted: (r) => settle(r.withdrawBid, 'MutationWithdrawBidSuccess'), onError });
  }

  return { move, accepting, declining, withdrawing };
}
