import { graphql, useMutation } from 'react-relay';
import type { LogoutMutation as LogoutMutationType } from '../../__generated__/LogoutMutation.graphql.ts';

const mutation = graphql`
  mutation LogoutMutation {
    logout {
      message
    }
  }
`;

/** Ends the session on the server (it clears the cookie); safe when already logged out. */
export function useLogoutMutation() {
  return useMutation<LogoutMutationType>(mutation);
}
