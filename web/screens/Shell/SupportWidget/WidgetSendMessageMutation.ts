import { graphql, useMutation } from 'react-relay';
import type { WidgetSendMessageMutation as MutationType } from '../../../__generated__/WidgetSendMessageMutation.graphql.ts';

// The visitor's reply; the server writes it as the ticket's side whatever the client claims.
const mutation = graphql`
  mutation WidgetSendMessageMutation($input: SendSupportMessageInput!) {
    sendSupportMessage(input: $input) {
      __typename
      ... on MutationSendSupportMessageSuccess {
        data {
          messageId
          ticketId
          ...SupportMessageItem_message
        }
      }
      ... on Error {
        message
        code
      }
    }
  }
`;

export function useWidgetSendMessageMutation() {
  return useMutation<MutationType>(mutation);
}
