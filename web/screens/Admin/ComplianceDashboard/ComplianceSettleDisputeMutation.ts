import { graphql, useMutation } from 'react-relay';
import type { ComplianceSettleDisputeMutation as MutationType } from '../../../__generated__/ComplianceSettleDisputeMutation.graphql.ts';

// An administrator refunds (the buyer's access is revoked) or releases a disputed payment; either
// way it is no longer disputed and leaves the list (@deleteEdge).
const mutation = graphql`
  mutation ComplianceSettleDisputeMutation($input: SettleDisputeInput!, $connections: [ID!]!) {
    settleDispute(input: $input) {
      __typename
      ... on MutationSettleDisputeSuccess {
        data {
          id @deleteEdge(connections: $connections)
          status
          refundedAt
          releasedAt
          dispute {
            id
            status
            resolution
            resolvedAt
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

export function useSettleDisputeMutation() {
  return useMutation<MutationType>(mutation);
}
