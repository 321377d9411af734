import { graphql, useMutation } from 'react-relay';
import type { MarkConversationReadMutation as MutationType } from '../../../__generated__/MarkConversationReadMutation.graphql.ts';

// Opening a thread marks it read: its unread count drops to 0 in the list; the header badge follows
// through unreadCountChanged, and the other side's read marks through conversationRead.
const mutation = graphql`
  mutation MarkConversationReadMutation($input: MarkConversationReadInput!) {
    markConversationRead(input: $input) {
      __typename
      ... on MutationMarkConversationReadSuccess {
        data {
          id
          unreadCount
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function useMarkConversationReadMutation() {
  return useMutation<MutationType>(mutation);
}
