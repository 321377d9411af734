import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { EmptyState } from '../../../components/EmptyState.tsx';
import type { AdminSupportTicketQuery as AdminSupportTicketQueryType } from '../../../__generated__/AdminSupportTicketQuery.graphql.ts';
import { AdminSupportTicketQuery } from './AdminSupportQuery.ts';
import { TicketDetail } from './TicketDetail.tsx';

export type TicketDetailPaneProps = { query: PreloadedQuery<AdminSupportTicketQueryType> };

/** The ticket of ?ticket=, as its route query loaded it; a link to no ticket says so. */
export function TicketDetailPane({ query }: TicketDetailPaneProps) {
  const { ticket } = usePreloadedQuery<AdminSupportTicketQueryType>(AdminSupportTicketQuery, query);
  if (!ticket?.supportTicket) {
    return (
      <div role="alert">
        <EmptyState icon="alert" title="Ticket not found" description="This link names no support ticket. Pick one from the list." />
      </div>
    );
  }
  return <TicketDetail ticket={ticket.supportTicket} />;
}
