import { graphql, useMutation } from 'react-relay';
import type { ResetPasswordMutation as ResetPasswordMutationType } from '../../../__generated__/ResetPasswordMutation.graphql.ts';

const mutation = graphql`
  mutation ResetPasswordMutation($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
      __typename
      ... on MutationResetPasswordSuccess {
        data {
          message
        }
      }
      ... on ValidationError {
        reason
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

/** Sets a new password with the mailed token; the server ends every session of the account. */
export function useResetPasswordMutation() {
  return useMutation<ResetPasswordMutationType>(mutation);
}
