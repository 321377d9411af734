import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Fact, FactsGrid } from '../../../components/FactsGrid.tsx';
import type { TicketFacts_ticket$key } from '../../../__generated__/TicketFacts_ticket.graphql.ts';
import { formatTimestamp } from '../../../format/format.ts';
import { TicketPriorityBadge } from './TicketPriorityBadge.tsx';
import { TicketStatusBadge } from './TicketStatusBadge.tsx';

/** The ticket's facts: small and monospace, labels in the regular weight beside the badges. */
const Facts = styled(FactsGrid).attrs({ $min: 120, $gap: '8px 16px', $spacing: 3, $mono: true, $lightLabels: true })``;

export type TicketFactsProps = { ticket: TicketFacts_ticket$key };

/** Priority, status, assignee, and when the ticket came in and was resolved. */
export function TicketFacts({ ticket }: TicketFactsProps) {
  const t = useFragment(
    graphql`
      fragment TicketFacts_ticket on SupportTicket {
        priority
        status
        createdAt
        resolvedAt
        assignedTo {
          name
        }
      }
    `,
    ticket,
  );
  return (
    <Facts data-testid="ticket-facts">
      <Fact label="Priority">
        <TicketPriorityBadge priority={t.priority} />
      </Fact>
      <Fact label="Status">
        <TicketStatusBadge status={t.status} />
      </Fact>
      <Fact label="Assigned to" valueTestId="ticket-assigned-to">
        {t.assignedTo ? t.assignedTo.name : 'Unassigned'}
      </Fact>
      <Fact label="Created">
        <time dateTime={t.createdAt}>{formatTimestamp(t.createdAt)}</time>
      </Fact>
      <Fact label="Resolved" valueTestId="ticket-resolved-at">
        {t.resolvedAt ? <time dateTime={t.resolvedAt}>{formatTimestamp(t.resolvedAt)}</time> : '—'}
      </Fact>
    </Facts>
  );
}
