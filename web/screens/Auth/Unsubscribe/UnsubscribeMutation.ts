import { graphql, useMutation } from 'react-relay';
import type { UnsubscribeMutation as UnsubscribeType } from '../../../__generated__/UnsubscribeMutation.graphql.ts';

const mutation = graphql`
  mutation UnsubscribeMutation($input: UnsubscribeNotificationMailInput!) {
    unsubscribeNotificationMail(input: $input) {
      __typename ... on Error { message }
      ... on MutationUnsubscribeNotificationMailSuccess { data { type label } }
    }
  }
`;

/** A mailed unsubscribe link's token: that kind of notification is no longer mailed (no login needed). */
export function useUnsubscribeMutation() {
  return useMutation<UnsubscribeType>(mutation);
}
