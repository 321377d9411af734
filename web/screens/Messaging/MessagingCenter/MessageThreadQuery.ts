import { graphql } from 'react-relay';

// One conversation of the viewer with its newest messages; null for an id that is not theirs.
export const MessageThreadQuery = graphql`
  query MessageThreadQuery($id: ID!) {
    conversation(id: $id) {
      id
      conversationId
      ...MessageThread_conversation
    }
  }
`;
