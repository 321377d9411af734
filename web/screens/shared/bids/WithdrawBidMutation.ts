import { graphql, useMutation } from 'react-relay';
import type { WithdrawBidMutation as WithdrawBidMutationType } from '../../../__generated__/WithdrawBidMutation.graphql.ts';

// The row's status changes in place (normalized by id): the bid reads withdrawn and loses its
// Withdraw button; the listing's bid side follows.
const mutation = graphql`
  mutation WithdrawBidMutation($input: WithdrawBidInput!) {
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

/** The bidder withdraws one of their open bids. */
export function useWithdrawBidMutation() {
  return useMutation<WithdrawBidMutationType>(mutation);
}
