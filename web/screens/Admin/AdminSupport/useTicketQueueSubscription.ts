import { graphql } from 'react-relay';
import { ConnectionHandler, type RecordProxy, type RecordSourceSelectorProxy } from 'relay-runtime';
import type { useTicketQueueSubscription as SubscriptionType } from '../../../__generated__/useTicketQueueSubscription.graphql.ts';
import { useLiveSubscription } from '../../../hooks/useLiveSubscription.ts';
import { insertionIndex, matchesFilters, TICKET_PRIORITIES, TICKET_STATUSES, type DeskFilters } from './supportDeskRules.ts';

const subscription = graphql`
  subscription useTicketQueueSubscription {
    supportQueueChanged {
      id
      status
      priority
      createdAt
      ...TicketRow_ticket
    }
  }
`;

/** Every filter a queue can be loaded with: null is "all". */
const STATUS_KEYS = [null, ...TICKET_STATUSES];
const PRIORITY_KEYS = [null, ...TICKET_PRIORITIES];

/**
 * Keeps the queue live: a ticket that was opened or moved shows its new state in place (the store
 * is normalised), a new ticket that matches the filters joins the list where it sorts, and a ticket
 * that no longer matches them leaves it.
 *
 * One subscription for as long as the queue is shown, whatever the filters: subscribing again on
 * each filter change left a moment in which the server had not registered the new subscription,
 * and a ticket opened right then never came in. Each event updates every queue in the store (each
 * filter combination Relay keeps), so the list being loaded for new filters gets it too.
 */
export function useTicketQueueSubscription() {
  // the list stays as it is (and a reload shows the news) if the socket cannot be had
  useLiveSubscription<SubscriptionType>(subscription, {}, {
    updater: (store) => {
      const ticket = store.getRootField('supportQueueChanged');
      if (!ticket) return;
      for (const status of STATUS_KEYS) {
        for (const priority of PRIORITY_KEYS) {
          const connection = ConnectionHandler.getConnection(store.getRoot(), 'TicketList_supportTickets', { status, priority });
          if (connection) placeInQueue(store, connection, ticket, { status, priority });
        }
      }
    },
  });
}

/** Adds the ticket to a queue it now belongs to, or takes it out of one it no longer belongs to. */
function placeInQueue(store: RecordSourceSelectorProxy, connection: RecordProxy, ticket: RecordProxy, filters: DeskFilters) {
  const edges = (connection.getLinkedRecords('edges') ?? []).filter((e) => e != null);
  const id = ticket.getDataID();
  const present = edges.some((e) => e.getLinkedRecord('node')?.getDataID() === id);
  const belongs = matchesFilters({ status: String(ticket.getValue('status')), priority: String(ticket.getValue('priority')) }, filters);
  const total = connection.getValue('totalCount');
  if (belongs && !present) {
    if (typeof total === 'number') connection.setValue(total + 1, 'totalCount');
    const loaded = edges.map((e) => String(e.getLinkedRecord('node')?.getValue('createdAt') ?? ''));
    const hasMore = connection.getLinkedRecord('pageInfo')?.getValue('hasNextPage') === true;
    const index = insertionIndex(loaded, String(ticket.getValue('createdAt')), hasMore);
    if (index == null) return;
    const edge = ConnectionHandler.createEdge(store, connection, ticket, 'QuerySupportTicketsConnectionEdge');
    connection.setLinkedRecords([...edges.slice(0, index), edge, ...edges.slice(index)], 'edges');
  } else if (!belongs && present) {
    ConnectionHandler.deleteNode(connection, id);
    if (typeof total === 'number') connection.setValue(Math.max(0, total - 1), 'totalCount');
  }
}
