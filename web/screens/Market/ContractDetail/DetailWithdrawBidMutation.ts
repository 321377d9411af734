import { graphql, useMutation } from 'react-relay';
import type { DetailWithdrawBidMutation as DetailWithdrawBidMutationType } from '../../../__generated__/DetailWithdrawBidMutation.graphql.ts';

// The bid's status and the moves it allows next change in place (normalized by id), so its row
// loses the Withdraw button; the contract's bid side (highest bid, open bids) follows.
const mutation = graphql`
  mutation DetailWithdrawBidMutation($input: WithdrawBidInput!) {
    withdrawBid(input: $input) {
      __typename
      ... on MutationWithdrawBidSuccess {
        data {
          id
          status
          nextStatuses
          decidedAt
          contract {
            id
            highestBid
            openBidCount
          }
        }
      }
      ... on Error {
        message
        code
      }
    }
  }
`;

/** The bidder withdraws their own open bid. */
export function useDetailWithdrawBidMutation() {
  return useMutation<DetailWithdrawBidMutationType>(mutation);
}
