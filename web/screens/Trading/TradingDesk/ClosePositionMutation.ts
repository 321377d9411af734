import { graphql, useMutation } from 'react-relay';
import type { ClosePositionMutation as MutationType } from '../../../__generated__/ClosePositionMutation.graphql.ts';

// Closes a position at the market price now: it leaves the open list and heads the closed ones
// (the closed table and the realised P/L chart).
const mutation = graphql`
  mutation ClosePositionMutation($input: ClosePositionInput!, $open: [ID!]!, $closed: [ID!]!) {
    closePosition(input: $input) {
      __typename
      ... on MutationClosePositionSuccess {
        data @prependNode(connections: $closed, edgeTypeName: "UserPositionsConnectionEdge") {
          id @deleteEdge(connections: $open)
          status
          ...OpenPositionRow_position
          ...ClosedPositionRow_position
          closedAt
          realizedPnl
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function useClosePositionMutation() {
  return useMutation<MutationType>(mutation);
}
