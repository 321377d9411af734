import { graphql } from 'react-relay';

// Lists of open bids pass their connection so the accepted bid leaves them (@deleteEdge); the order
// book passes none and shows the bid's new status in place (normalized by id). Either way the
// contract's bid side follows.
export const acceptBidMutation = graphql`
  mutation AcceptBidMutation($input: DecideBidInput!, $connections: [ID!]!) {
    acceptBid(input: $input) {
      __typename
      ... on MutationAcceptBidSuccess {
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
