import { graphql, useMutation } from 'react-relay';
import type { ResendVerificationMutation as ResendVerificationMutationType } from '../../../__generated__/ResendVerificationMutation.graphql.ts';

const mutation = graphql`
  mutation ResendVerificationMutation($input: ResendVerificationInput!) {
    resendVerification(input: $input) {
      __typename
      ... on MutationResendVerificationSuccess {
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

/** Mails a new verification link (rate limited by the server). */
export function useResendVerificationMutation() {
  return useMutation<ResendVerificationMutationType>(mutation);
}
