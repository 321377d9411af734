import { graphql, useMutation } from 'react-relay';
import type { LoginMutation as LoginMutationType } from '../../../__generated__/LoginMutation.graphql.ts';

const mutation = graphql`
  mutation LoginMutation($input: LoginInput!) {
    login(input: $input) {
      __typename
      ... on MutationLoginSuccess {
        data {
          message
          user {
            id
            name
          }
          ...loginOutcome_session
        }
      }
      ... on EmailNotVerifiedError {
        email
        emailVerificationRequired
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

/** Logs a user in with username or email; the server sets the session cookie. */
export function useLoginMutation() {
  return useMutation<LoginMutationType>(mutation);
}
