import { graphql, useMutation } from 'react-relay';
import type { RequestEmailChangeMutation as RequestEmailChangeMutationType } from '../../../__generated__/RequestEmailChangeMutation.graphql.ts';
import type { CancelEmailChangeMutation as CancelEmailChangeMutationType } from '../../../__generated__/CancelEmailChangeMutation.graphql.ts';
import type { DeleteAccountMutation as DeleteAccountMutationType } from '../../../__generated__/DeleteAccountMutation.graphql.ts';
import type { RemoveAvatarMutation as RemoveAvatarMutationType } from '../../../__generated__/RemoveAvatarMutation.graphql.ts';

// The Account section's mutations (issue 25): change the email, withdraw the change, delete the
// account, remove the picture. The pending change is not a record of the store: the panel reads it
// again after each.

const requestEmailChange = graphql`
  mutation RequestEmailChangeMutation($input: RequestEmailChangeInput!) {
    requestEmailChange(input: $input) {
      __typename
      ... on MutationRequestEmailChangeSuccess {
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
      }
    }
  }
`;

const cancelEmailChange = graphql`
  mutation CancelEmailChangeMutation {
    cancelEmailChange {
      __typename
      ... on Error {
        message
      }
    }
  }
`;

const deleteAccount = graphql`
  mutation DeleteAccountMutation($input: DeleteAccountInput!) {
    deleteAccount(input: $input) {
      __typename
      ... on MutationDeleteAccountSuccess {
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
      }
    }
  }
`;

const removeAvatar = graphql`
  mutation RemoveAvatarMutation {
    removeAvatar {
      __typename
      ... on MutationRemoveAvatarSuccess {
        data {
          id
          profileImage
          avatarUrl
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/** Mails a link to the new address (the password required); the email changes when it is opened. */
export function useRequestEmailChangeMutation() {
  return useMutation<RequestEmailChangeMutationType>(requestEmailChange);
}

/** Withdraws the change waiting for its link. */
export function useCancelEmailChangeMutation() {
  return useMutation<CancelEmailChangeMutationType>(cancelEmailChange);
}

/** Deletes the viewer's account (password and the word DELETE); the session ends. */
export function useDeleteAccountMutation() {
  return useMutation<DeleteAccountMutationType>(deleteAccount);
}

/** Removes the viewer's picture; the store's viewer takes the answer (the header follows). */
export function useRemoveAvatarMutation() {
  return useMutation<RemoveAvatarMutationType>(removeAvatar);
}
