import { useMemo } from 'react';
import { graphql, useSubscription } from 'react-relay';
import { ConnectionHandler, type GraphQLSubscriptionConfig } from 'relay-runtime';
import type { useTicketQueueSubscription as SubscriptionType } from '../../../__generated__/useTicketQueueSubscription.graphql.ts';
import { insertionIndex, matchesFilters, type DeskFilters } from './supportDeskRules.ts';

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

/**
 * Keeps the queue live: a ticket that was opened or moved shows its new state in place (the store
 * is normalised), a new ticket that matches the filters joins the list where it sorts, and a ticket
 * that no longer matches them leaves it.
 */
export function useTicketQueueSubscription(connectionId: string, filters: DeskFilters) {
  const { status, priority } = filters;
  const config = useMemo<GraphQLSubscriptionConfig<SubscriptionType>>(
    () => ({
      subscription,
      variables: {},
      // the list stays as it is (and a reload shows the news) if the socket cannot be had
      onError: () => {},
      updater: (store) => {
        const ticket = store.getRootField('supportQueueChanged');
        const connection = store.get(connectionId);
        if (!ticket || !connection) return;
        const edges = (connection.getLinkedRecords('edges') ?? []).filter((e) => e != null);
        const id = ticket.getDataID();
        const present = edges.some((e) => e.getLinkedRecord('node')?.getDataID() === id);
        const belongs = matchesFilters({ status: String(ticket.getValue('status')), priority: String(ticket.getValue('priority')) }, { status, priority });
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
      },
    }),
    [connectionId, status, priority],
  );
  useSubscription(config);
}
