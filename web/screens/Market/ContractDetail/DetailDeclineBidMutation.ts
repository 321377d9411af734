import { graphql, useMutation } from 'react-relay';
import type { DetailDeclineBidMutation as DetailDeclineBidMutationType } from '../../../__generated__/DetailDeclineBidMutation.graphql.ts';

// The bid's status and the moves it allows next change in place (normalized by id), so the row's
// buttons follow; the contract's bid side follows.
const mutation = graphql`
  mutation DetailDeclineBidMutation($input: DecideBidInput!) {
    declineBid(input: $input) {
      __typename
      ... on MutationDeclineBidSuccess {
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

/** The provider declines an open bid. */
export function useDetailDeclineBidMutation() {
  return useMutation<DetailDeclineBidMutationType>(mutation);
}
