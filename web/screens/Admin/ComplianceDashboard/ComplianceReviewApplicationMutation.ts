import { graphql, useMutation } from 'react-relay';
import type { ComplianceReviewApplicationMutation as MutationType } from '../../../__generated__/ComplianceReviewApplicationMutation.graphql.ts';

// An administrator moves an application. The answer carries the
// row's fragment, so the badge, notes and actions update in place; the list decides in its updater
// whether the row still belongs to a filtered list.
const mutation = graphql`
  mutation ComplianceReviewApplicationMutation($input: ReviewApplicationInput!) {
    reviewApplication(input: $input) {
      __typename
      ... on MutationReviewApplicationSuccess {
        data {
          id
          status
          ...ApplicationRow_application
        }
      }
      ... on Error {
        message
        code
      }
    }
  }
`;

export function useReviewApplicationMutation() {
  return useMutation<MutationType>(mutation);
}
