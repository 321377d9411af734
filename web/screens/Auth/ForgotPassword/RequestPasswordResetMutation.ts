import { graphql, useMutation } from 'react-relay';
import type { RequestPasswordResetMutation as RequestPasswordResetMutationType } from '../../../__generated__/RequestPasswordResetMutation.graphql.ts';

const mutation = graphql`
  mutation RequestPasswordResetMutation($input: RequestPasswordResetInput!) {
    requestPasswordReset(input: $input) {
      __typename
      ... on MutationRequestPasswordResetSuccess {
        data {
          message
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
      }
    }
  }
`;

/** Mails a link to reset the password (rate limited by the server; same answer for any address). */
export function useRequestPasswordResetMutation() {
  return useMutation<RequestPasswordResetMutationType>(mutation);
}
