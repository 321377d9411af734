import { graphql, useMutation } from 'react-relay';
import type { DetailAcceptBidMutation as DetailAcceptBidMutationType } from '../../../__generated__/DetailAcceptBidMutation.graphql.ts';

// The bid's status changes in place (normalized by id); the contract's bid side follows.
const mutation = graphql`
  mutation DetailAcceptBidMutation($input: DecideBidInput!) {
    acceptBid(input: $input) {
      __typename
      ... on MutationAcceptBidSuccess {
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

/** The provider accepts an open bid: that buyer may then pay the bid amount. */
export function useDetailAcceptBidMutation() {
  return useMutation<DetailAcceptBidMutationType>(mutation);
}
