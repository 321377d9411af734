import { graphql, useMutation } from 'react-relay';
import type { AcceptBidMutation as AcceptBidMutationType } from '../../../__generated__/AcceptBidMutation.graphql.ts';

// The accepted bid leaves the listing's open-bid list (@deleteEdge); the listing's bid side is
// read again, so its open-bid count and highest bid follow.
const mutation = graphql`
  mutation AcceptBidMutation($input: DecideBidInput!, $connections: [ID!]!) {
    acceptBid(input: $input) {
      __typename
      ... on MutationAcceptBidSuccess {
        data {
          id @deleteEdge(connections: $connections)
          status
          nextStatuses
          decidedAt
          contract {
            id
            openBidCount
            highestBid
            marketPrice
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

/** The provider accepts an open bid on their listing. */
export function useAcceptBidMutation() {
  return useMutation<AcceptBidMutationType>(mutation);
}
