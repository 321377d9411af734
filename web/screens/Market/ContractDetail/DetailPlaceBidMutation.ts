import { graphql, useMutation } from 'react-relay';
import type { DetailPlaceBidMutation as DetailPlaceBidMutationType } from '../../../__generated__/DetailPlaceBidMutation.graphql.ts';

// The new bid goes to the top of the order book (bids are newest first) through its connection
// id; the contract's bid side (highest bid, open bids) comes back with it.
const mutation = graphql`
  mutation DetailPlaceBidMutation($input: PlaceBidInput!, $connections: [ID!]!) {
    placeBid(input: $input) {
      __typename
      ... on MutationPlaceBidSuccess {
        data @prependNode(connections: $connections, edgeTypeName: "ContractBidsConnectionEdge") {
          id
          amount
          ...DetailBidRow_bid
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

/** Places a bid on a contract. */
export function useDetailPlaceBidMutation() {
  return useMutation<DetailPlaceBidMutationType>(mutation);
}
