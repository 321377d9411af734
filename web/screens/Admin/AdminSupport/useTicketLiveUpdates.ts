import { useMemo } from 'react';
import { graphql, useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { useTicketLiveUpdatesMessageSubscription } from '../../../__generated__/useTicketLiveUpdatesMessageSubscription.graphql.ts';
import type { useTicketLiveUpdatesTicketSubscription } from '../../../__generated__/useTicketLiveUpdatesTicketSubscription.graphql.ts';
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
  const messages = useMemo<GraphQLSubscriptionConfig<useTicketLiveUpdatesMessageSubscription>>(
    () => ({
      subscription: messageSubscription,
      variables: { ticketId },
      onError: () => {},
      updater: (store) => appendThreadMessage(store, id, store.getRootField('supportMessageAdded')),
    }),
    [id, ticketId],
  );
  const moves = useMemo<GraphQLSubscriptionConfig<useTicketLiveUpdatesTicketSubscription>>(
    () => ({ subscription: ticketSubscription, variables: { ticketId }, onError: () => {} }),
    [ticketId],
  );
  useSubscription(messages);
  useSubscription(moves);
}
