import { graphql, useMutation } from 'react-relay';
import type { CompleteTwoFactorLoginMutation as CompleteTwoFactorLoginMutationType } from '../../__generated__/CompleteTwoFactorLoginMutation.graphql.ts';

const mutation = graphql`
  mutation CompleteTwoFactorLoginMutation($input: CompleteTwoFactorLoginInput!) {
    completeTwoFactorLogin(input: $input) {
      __typename
      ... on MutationCompleteTwoFactorLoginSuccess {
        data {
          message
          user {
            id
            name
          }
        }
      }
      ... on Error {
        message
        reason
      }
    }
  }
`;

/** The login's second step: the challenge and a code; the server sets the session cookie. */
export function useCompleteTwoFactorLoginMutation() {
  return useMutation<CompleteTwoFactorLoginMutationType>(mutation);
}
