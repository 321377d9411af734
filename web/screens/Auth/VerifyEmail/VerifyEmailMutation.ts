import { graphql, useMutation } from 'react-relay';
import type { VerifyEmailMutation as VerifyEmailMutationType } from '../../../__generated__/VerifyEmailMutation.graphql.ts';

const mutation = graphql`
  mutation VerifyEmailMutation($input: VerifyEmailInput!) {
    verifyEmail(input: $input) {
      __typename
      ... on MutationVerifyEmailSuccess {
        data {
          email
          message
          alreadyVerified
        }
      }
      ... on Error {
        message
        code
      }
    }
  }
`;

/** Confirms an email address with the single-use token from the mailed link. */
export function useVerifyEmailMutation() {
  return useMutation<VerifyEmailMutationType>(mutation);
}
