import { graphql, useMutation } from 'react-relay';
import type { UpdatePreferencesMutation as UpdateType } from '../../../__generated__/UpdatePreferencesMutation.graphql.ts';

// Sets where the viewer hears of one kind. The answer is every kind (preferences are no nodes), so
// it replaces the viewer's list in the store.
const mutation = graphql`
  mutation UpdatePreferencesMutation($input: UpdateNotificationPreferencesInput!) {
    updateNotificationPreferences(input: $input) {
      __typename ... on Error { message }
      ... on MutationUpdateNotificationPreferencesSuccess { data { type label channel locked } }
    }
  }
`;

export function useUpdatePreferences() {
  return useMutation<UpdateType>(mutation);
}
