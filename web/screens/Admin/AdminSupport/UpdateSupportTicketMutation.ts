import { graphql, useMutation } from 'react-relay';
import type { UpdateSupportTicketMutation as MutationType } from '../../../__generated__/UpdateSupportTicketMutation.graphql.ts';

// Assign to Me, Mark In Progress, Mark Resolved, Close Ticket. The answer carries the detail's and
// the row's fragments, so the facts, the actions, the reply box and the list row update in place.
const mutation = graphql`
  mutation UpdateSupportTicketMutation($input: UpdateSupportTicketInput!) {
    updateSupportTicket(input: $input) {
      __typename
      ... on MutationUpdateSupportTicketSuccess {
        data {
          id
          ...TicketFacts_ticket
          ...TicketActions_ticket
          ...ReplyBox_ticket
          ...TicketRow_ticket
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function useUpdateSupportTicketMutation() {
  return useMutation<MutationType>(mutation);
}
