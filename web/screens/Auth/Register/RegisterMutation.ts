import { graphql, useMutation } from 'react-relay';
import type { RegisterMutation as RegisterMutationType } from '../../../__generated__/RegisterMutation.graphql.ts';

const mutation = graphql`
  mutation RegisterMutation($input: RegisterInput!) {
    register(input: $input) {
      __typename
      ... on MutationRegisterSuccess {
        data {
          email
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

/** Creates an unverified account; the server mails a verification link. */
export function useRegisterMutation() {
  return useMutation<RegisterMutationType>(mutation);
}
