import { graphql, useMutation } from 'react-relay';
import type { SubmitApplicationMutation as SubmitApplicationMutationType } from '../../../__generated__/SubmitApplicationMutation.graphql.ts';

// The answer moves the applicant's record in the store: their status and latest application, so
// the screen turns into the status page and /list-data's banner follows without a reload.
const mutation = graphql`
  mutation SubmitApplicationMutation($input: DueDiligenceApplicationInput!) {
    submitApplication(input: $input) {
      __typename
      ... on MutationSubmitApplicationSuccess {
        data {
          id
          status
          ...ApplicationStatus_application
          user {
            id
            dueDiligenceStatus
            latestApplication {
              id
              status
              ...ApplicationStatus_application
            }
          }
        }
      }
      ... on ValidationError {
        fieldErrors {
          field
          message
        }
      }
      ... on Error {
        message
        code
        reason
      }
    }
  }
`;

/** The user applies to sell data. */
export function useSubmitApplicationMutation() {
  return useMutation<SubmitApplicationMutationType>(mutation);
}
