import { graphql, useMutation } from 'react-relay';
import type { DetailAcceptBidMutation as DetailAcceptBidMutationType } from '../../../__generated__/DetailAcceptBidMutation.graphql.ts';

// The bid's status and the moves it allows next change in place (normalized by id), so the row's
// buttons follow; the contract's bid side follows.
const mutation = graphql`
  mutation DetailAcceptBidMutation($input: DecideBidInput!) {
    acceptBid(input: $input) {
      __typename
      ... on MutationAcceptBidSuccess {
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

/** The provider accepts an open bid: that buyer may then pay the bid amount. */
export function useDetailAcceptBidMutation() {
  return useMutation<DetailAcceptBidMutationType>(mutation);
}
