import { graphql } from 'react-relay';

// The bid's row changes in place (normalized by id): it reads withdrawn and loses its Withdraw
// button; the contract's bid side follows.
export const withdrawBidMutation = graphql`
  mutation WithdrawBidMutation($input: WithdrawBidInput!) {
    withdrawBid(input: $input) {
      __typename
      ... on MutationWithdrawBidSuccess {
        data {
          ...useBidMoves_bid
        }
      }
      ... on Error {
        message
        code
      }
    }
  }
`;
