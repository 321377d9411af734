import { graphql, useMutation } from 'react-relay';
import type { ConfirmEmailChangeMutation as ConfirmEmailChangeMutationType } from '../../../__generated__/ConfirmEmailChangeMutation.graphql.ts';

const mutation = graphql`
  mutation ConfirmEmailChangeMutation($input: ConfirmEmailChangeInput!) {
    confirmEmailChange(input: $input) {
      __typename
      ... on MutationConfirmEmailChangeSuccess {
        data {
          email
          message
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/** Makes a change of email with the single-use token from the link mailed to the new address. */
export function useConfirmEmailChangeMutation() {
  return useMutation<ConfirmEmailChangeMutationType>(mutation);
}
