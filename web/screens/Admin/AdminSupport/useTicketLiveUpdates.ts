import { graphql } from 'react-relay';
import type { useTicketLiveUpdatesMessageSubscription } from '../../../__generated__/useTicketLiveUpdatesMessageSubscription.graphql.ts';
import type { useTicketLiveUpdatesTicketSubscription } from '../../../__generated__/useTicketLiveUpdatesTicketSubscription.graphql.ts';
import { useLiveSubscription } from '../../../hooks/useLiveSubscription.ts';
import { appendThreadMessage } from './threadUpdater.ts';

const messageSubscription = graphql`
  subscription useTicketLiveUpdatesMessageSubscription($ticketId: ID!) {
    supportMessageAdded(ticketId: $ticketId) {
      messageId
      ...ThreadMessage_message
    }
  }
`;

// The same fields as the update mutation's answer: status, assignee and resolvedAt move in place.
const ticketSubscription = graphql`
  subscription useTicketLiveUpdatesTicketSubscription($ticketId: ID!) {
    supportTicketUpdated(ticketId: $ticketId) {
      id
      ...TicketFacts_ticket
      ...TicketActions_ticket
      ...ReplyBox_ticket
      ...TicketRow_ticket
    }
  }
`;

/** The open ticket, live: the visitor's messages (and other agents' replies), and every move of it. */
export function useTicketLiveUpdates(ticket: { id: string; ticketId: string }) {
  const { id, ticketId } = ticket;
  useLiveSubscription<useTicketLiveUpdatesMessageSubscription>(messageSubscription, { ticketId }, {
    updater: (store) => appendThreadMessage(store, id, store.getRootField('supportMessageAdded')),
  });
  useLiveSubscription<useTicketLiveUpdatesTicketSubscription>(ticketSubscription, { ticketId });
}
