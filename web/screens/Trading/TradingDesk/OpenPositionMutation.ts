import { graphql, useMutation } from 'react-relay';
import type { OpenPositionMutation as MutationType } from '../../../__generated__/OpenPositionMutation.graphql.ts';

// Opens a paper position at the market price now; the new position goes to the top of the open list.
const mutation = graphql`
  mutation OpenPositionMutation($input: OpenPositionInput!, $connections: [ID!]!) {
    openPosition(input: $input) {
      __typename
      ... on MutationOpenPositionSuccess {
        data @prependNode(connections: $connections, edgeTypeName: "UserPositionsConnectionEdge") {
          id
          status
          ...OpenPositionRow_position
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function useOpenPositionMutation() {
  return useMutation<MutationType>(mutation);
}
