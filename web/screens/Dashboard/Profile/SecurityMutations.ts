import { graphql, useMutation } from 'react-relay';
import type { ChangePasswordMutation as ChangePasswordMutationType } from '../../../__generated__/ChangePasswordMutation.graphql.ts';
import type { EndSessionMutation as EndSessionMutationType } from '../../../__generated__/EndSessionMutation.graphql.ts';
import type { EndOtherSessionsMutation as EndOtherSessionsMutationType } from '../../../__generated__/EndOtherSessionsMutation.graphql.ts';

// The Security section's mutations. Sessions are not records of the store (no global id): the
// panel reads its list again after each of them.

const changePassword = graphql`
  mutation ChangePasswordMutation($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      __typename
      ... on MutationChangePasswordSuccess {
        data {
          message
        }
      }
      ...formProblem_error @alias(as: "problem")
    }
  }
`;

const endSession = graphql`
  mutation EndSessionMutation($sessionId: String!) {
    endSession(sessionId: $sessionId) {
      __typename
      ... on Error {
        message
      }
    }
  }
`;

const endOtherSessions = graphql`
  mutation EndOtherSessionsMutation {
    endOtherSessions {
      __typename
      ... on Error {
        message
      }
    }
  }
`;

/** The viewer changes their password (the current one required); their other sessions end. */
export function useChangePasswordMutation() {
  return useMutation<ChangePasswordMutationType>(changePassword);
}

/** Signs out one of the viewer's sessions. */
export function useEndSessionMutation() {
  return useMutation<EndSessionMutationType>(endSession);
}

/** Signs out every session of the viewer but this one. */
export function useEndOtherSessionsMutation() {
  return useMutation<EndOtherSessionsMutationType>(endOtherSessions);
}
