import { graphql } from 'react-relay';

// As AcceptBidMutation: the declined bid leaves the lists of open bids that pass their connection.
export const declineBidMutation = graphql`
  mutation DeclineBidMutation($input: DecideBidInput!, $connections: [ID!]!) {
    declineBid(input: $input) {
      __typename
      ... on MutationDeclineBidSuccess {
        data {
          id @deleteEdge(connections: $connections)
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
