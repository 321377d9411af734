import { graphql, useMutation } from 'react-relay';
import type { SendMessageMutation as MutationType } from '../../../__generated__/SendMessageMutation.graphql.ts';

// Sends a message in the open conversation: it is appended to the thread (@appendNode; the live
// copy that messageReceived brings is not added twice) and its conversation moves to the top of
// the list (see conversationStoreUpdates.ts).
const mutation = graphql`
  mutation SendMessageMutation($input: SendMessageInput!, $connections: [ID!]!) {
    sendMessage(input: $input) {
      __typename
      ... on MutationSendMessageSuccess {
        data @appendNode(connections: $connections, edgeTypeName: "ConversationMessagesConnectionEdge") {
          id
          ...MessageBubble_message
          conversation {
            id
            ...ConversationRow_conversation
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function useSendMessageMutation() {
  return useMutation<MutationType>(mutation);
}
