import type { ReactNode } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import styled from 'styled-components';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadMore } from '../../../components/LoadMore.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { plural } from '../../../format/format.ts';
import type { TicketList_query$key } from '../../../__generated__/TicketList_query.graphql.ts';
import type { TicketListPaginationQuery } from '../../../__generated__/TicketListPaginationQuery.graphql.ts';
import type { DeskFilters } from './supportDeskRules.ts';
import { TicketRow } from './TicketRow.tsx';
import { useTicketQueueSubscription } from './useTicketQueueSubscription.ts';
import { PlainList } from '../../../components/PlainList.tsx';

const Empty = styled.div`
  padding: 12px;
`;

const PAGE = 20;

export type TicketListProps = {
  query: TicketList_query$key;
  filters: DeskFilters;
  selectedTicketId: string | null;
  /** the link of a row: this list with that ticket open */
  linkTo: (ticketId: string) => string;
  /** the filters, shown above the rows */
  toolbar: ReactNode;
};

/** The queue, newest first, twenty at a time with 'Load more', live. */
export function TicketList({ query, filters, selectedTicketId, linkTo, toolbar }: TicketListProps) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<TicketListPaginationQuery, TicketList_query$key>(
    graphql`
      fragment TicketList_query on Query
      @refetchable(queryName: "TicketListPaginationQuery")
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 20 }
        cursor: { type: "String" }
        status: { type: "TicketStatus" }
        priority: { type: "TicketPriority" }
      ) {
        supportTickets(first: $count, after: $cursor, status: $status, priority: $priority) @connection(key: "TicketList_supportTickets") {
          __id
          totalCount
          edges {
            node {
              id
              ticketId
              ...TicketRow_ticket
            }
          }
        }
      }
    `,
    query,
  );
  const connection = data.supportTickets;
  useTicketQueueSubscription();
  const filtered = filters.status != null || filters.priority != null;

  return (
    <Panel title="Tickets" padding="none" actions={<span aria-live="polite" data-testid="ticket-total">{plural(connection.totalCount, 'ticket')}</span>}>
      {toolbar}
      {connection.edges.length === 0 ? (
        <Empty>
          <EmptyState
            compact
            icon="inbox"
            title="No tickets"
            description={filtered ? 'No ticket matches these filters. New ones appear here as they arrive.' : 'New support requests appear here as they arrive.'}
          />
        </Empty>
      ) : (
        <PlainList aria-label="Support tickets" data-testid="ticket-list">
          {connection.edges.map(({ node }) => (
            <TicketRow key={node.id} ticket={node} to={linkTo(node.ticketId)} selected={node.ticketId === selectedTicketId} />
          ))}
        </PlainList>
      )}
      <LoadMore what="tickets" divided={false} hasNext={hasNext} loading={isLoadingNext} onLoad={() => loadNext(PAGE)} />
    </Panel>
  );
}
