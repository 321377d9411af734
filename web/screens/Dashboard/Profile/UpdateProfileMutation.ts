import { graphql, useMutation } from 'react-relay';
import type { UpdateProfileMutation as UpdateProfileMutationType } from '../../../__generated__/UpdateProfileMutation.graphql.ts';

// The answer updates the viewer's record in the store, so every reader of the name and picture
// (the header's user menu, the trader card) follows.
const mutation = graphql`
  mutation UpdateProfileMutation($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      __typename
      ... on MutationUpdateProfileSuccess {
        data {
          id
          name
          profileImage
          avatarUrl
        }
      }
      ...formProblem_error @alias(as: "problem")
    }
  }
`;

/** The user changes their display name and picture. */
export function useUpdateProfileMutation() {
  return useMutation<UpdateProfileMutationType>(mutation);
}
