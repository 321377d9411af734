import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import type { TicketFacts_ticket$key } from '../../../__generated__/TicketFacts_ticket.graphql.ts';
import { formatTimestamp } from '../../../format/format.ts';
import { TicketPriorityBadge } from './TicketPriorityBadge.tsx';
import { TicketStatusBadge } from './TicketStatusBadge.tsx';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  gap: 8px 16px;
  margin: 0;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-variant-numeric: tabular-nums;

  div {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: 3px;
    min-width: 0;
  }
  dt {
    color: ${({ theme }) => theme.colors.textDim};
    text-transform: uppercase;
    letter-spacing: ${({ theme }) => theme.tracking.label};
    font-size: ${({ theme }) => theme.fontSizes.xxs};
  }
  dd {
    margin: 0;
    color: ${({ theme }) => theme.colors.text};
    overflow-wrap: anywhere;
  }
`;

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
      <div>
        <dt>Priority</dt>
        <dd>
          <TicketPriorityBadge priority={t.priority} />
        </dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>
          <TicketStatusBadge status={t.status} />
        </dd>
      </div>
      <div>
        <dt>Assigned to</dt>
        <dd data-testid="ticket-assigned-to">{t.assignedTo ? t.assignedTo.name : 'Unassigned'}</dd>
      </div>
      <div>
        <dt>Created</dt>
        <dd>
          <time dateTime={t.createdAt}>{formatTimestamp(t.createdAt)}</time>
        </dd>
      </div>
      <div>
        <dt>Resolved</dt>
        <dd data-testid="ticket-resolved-at">{t.resolvedAt ? <time dateTime={t.resolvedAt}>{formatTimestamp(t.resolvedAt)}</time> : '—'}</dd>
      </div>
    </Facts>
  );
}
