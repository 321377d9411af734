import { graphql, useMutation } from 'react-relay';
import type { DeclineBidMutation as DeclineBidMutationType } from '../../../__generated__/DeclineBidMutation.graphql.ts';

const mutation = graphql`
  mutation DeclineBidMutation($input: DecideBidInput!, $connections: [ID!]!) {
    declineBid(input: $input) {
      __typename
      ... on MutationDeclineBidSuccess {
        data {
          id @deleteEdge(connections: $connections)
          status
          nextStatuses
          decidedAt
          contract {
            id
            openBidCount
            highestBid
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

/** The provider declines an open bid on their listing. */
export function useDeclineBidMutation() {
  return useMutation<DeclineBidMutationType>(mutation);
}
