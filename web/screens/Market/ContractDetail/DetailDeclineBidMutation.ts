import { graphql, useMutation } from 'react-relay';
import type { DetailDeclineBidMutation as DetailDeclineBidMutationType } from '../../../__generated__/DetailDeclineBidMutation.graphql.ts';

// The bid's status changes in place (normalized by id); the contract's bid side follows.
const mutation = graphql`
  mutation DetailDeclineBidMutation($input: DecideBidInput!) {
    declineBid(input: $input) {
      __typename
      ... on MutationDeclineBidSuccess {
        data {
          id
          status
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

/** The provider declines an open bid. */
export function useDetailDeclineBidMutation() {
  return useMutation<DetailDeclineBidMutationType>(mutation);
}
