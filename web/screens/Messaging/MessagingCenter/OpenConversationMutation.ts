import { graphql, useMutation } from 'react-relay';
import type { OpenConversationMutation as MutationType } from '../../../__generated__/OpenConversationMutation.graphql.ts';

// ?contract=<id> ('Contact Provider'): the buyer's conversation with that contract's provider,
// started when there is none; a new one joins the top of the list (@prependNode).
const mutation = graphql`
  mutation OpenConversationMutation($input: OpenConversationInput!, $connections: [ID!]!) {
    openConversation(input: $input) {
      __typename
      ... on MutationOpenConversationSuccess {
        data @prependNode(connections: $connections, edgeTypeName: "UserConversationsConnectionEdge") {
          id
          conversationId
          ...ConversationRow_conversation
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function useOpenConversationMutation() {
  return useMutation<MutationType>(mutation);
}
