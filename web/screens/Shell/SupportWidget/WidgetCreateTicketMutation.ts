import { graphql, useMutation } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import type { WidgetCreateTicketMutation as MutationType } from '../../../__generated__/WidgetCreateTicketMutation.graphql.ts';

// Opens a ticket (a visitor's browser gets the grant cookie with the answer). The answer carries
// the whole conversation, so the widget shows it without asking again.
const mutation = graphql`
  mutation WidgetCreateTicketMutation($input: CreateSupportTicketInput!) {
    createSupportTicket(input: $input) {
      __typename
      ... on MutationCreateSupportTicketSuccess {
        data {
          id
          ticketId
          ...SupportConversation_ticket
        }
      }
      ... on ValidationError {
        fieldErrors {
          field
        }
      }
      ... on Error {
        message
        code
      }
    }
  }
`;

/** Files the new ticket under `supportTicket(id)`, where the conversation's query looks for it. */
export function linkCreatedTicket(store: RecordSourceSelectorProxy) {
  const ticket = store.getRootField('createSupportTicket')?.getLinkedRecord('data');
  const ticketId = ticket?.getValue('ticketId');
  if (ticket && typeof ticketId === 'string') store.getRoot().setLinkedRecord(ticket, 'supportTicket', { id: ticketId });
}

export function useWidgetCreateTicketMutation() {
  return useMutation<MutationType>(mutation);
}
