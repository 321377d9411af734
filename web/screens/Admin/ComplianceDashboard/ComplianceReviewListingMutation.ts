import { graphql, useMutation } from 'react-relay';
import type { ComplianceReviewListingMutation as MutationType } from '../../../__generated__/ComplianceReviewListingMutation.graphql.ts';

// An administrator approves (active, 'now live') or rejects a listing waiting for review; either
// way it leaves the pending list (@deleteEdge).
const mutation = graphql`
  mutation ComplianceReviewListingMutation($input: ReviewListingInput!, $connections: [ID!]!) {
    reviewListing(input: $input) {
      __typename
      ... on MutationReviewListingSuccess {
        data {
          id @deleteEdge(connections: $connections)
          status
          reviewNotes
          rejectionReason
        }
      }
      ... on Error {
        message
        code
      }
    }
  }
`;

export function useReviewListingMutation() {
  return useMutation<MutationType>(mutation);
}
