import { graphql, useMutation } from 'react-relay';
import type { AdminLoginMutation as AdminLoginMutationType } from '../../../__generated__/AdminLoginMutation.graphql.ts';

const mutation = graphql`
  mutation AdminLoginMutation($input: AdminLoginInput!) {
    adminLogin(input: $input) {
      __typename
      ... on MutationAdminLoginSuccess {
        data {
          message
          user {
            id
            name
            isAdmin
          }
          ...loginOutcome_session
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

/** Logs an administrator in (email + password); the server sets the session cookie. */
export function useAdminLoginMutation() {
  return useMutation<AdminLoginMutationType>(mutation);
}
