import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { TicketRow_ticket$key } from '../../../__generated__/TicketRow_ticket.graphql.ts';
import { formatDateTime } from '../../../format/format.ts';
import { TicketPriorityBadge } from './TicketPriorityBadge.tsx';
import { TicketStatusBadge } from './TicketStatusBadge.tsx';
import { oneLine } from '../../../theme/text.ts';

const Item = styled.li`
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const RowLink = styled(Link)`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 4px 10px;
  padding: 9px 12px;
  color: ${({ theme }) => theme.colors.text};
  border-left: 2px solid transparent;
  transition: background ${({ theme }) => theme.transitions.fast};

  &:hover {
    background: ${({ theme }) => theme.colors.hover};
  }
  &[aria-current='true'] {
    background: ${({ theme }) => theme.colors.raised};
    border-left-color: ${({ theme }) => theme.colors.up};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -2px;
  }
`;

const Subject = styled.span`
  ${oneLine}
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.textStrong};

  /* a phone gives the subject a line of its own */
  ${({ theme }) => theme.media.mobile} {
    grid-column: 1 / -1;
    white-space: normal;
    overflow-wrap: anywhere;
  }
`;

const Badges = styled.span`
  display: inline-flex;
  gap: 4px;
  justify-content: flex-end;

  ${({ theme }) => theme.media.mobile} {
    order: 2;
  }
`;

const Who = styled.span`
  ${oneLine}
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};

  ${({ theme }) => theme.media.mobile} {
    order: 1;
  }
`;

const Meta = styled.span`
  display: inline-flex;
  gap: 10px;
  justify-content: flex-end;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textDim};
  white-space: nowrap;

  ${({ theme }) => theme.media.mobile} {
    order: 3;
    grid-column: 1 / -1;
    justify-content: flex-start;
  }
`;

export type TicketRowProps = {
  ticket: TicketRow_ticket$key;
  /** where the row leads: the same list with this ticket open */
  to: string;
  selected: boolean;
};

/** One ticket of the queue: subject, requester, priority, status, assignee and when it came in. */
export function TicketRow({ ticket, to, selected }: TicketRowProps) {
  const t = useFragment(
    graphql`
      fragment TicketRow_ticket on SupportTicket {
        ticketId
        subject
        name
        email
        priority
        status
        createdAt
        assignedTo {
          name
        }
      }
    `,
    ticket,
  );
  return (
    <Item data-testid="ticket-row" data-ticket-id={t.ticketId}>
      <RowLink to={to} aria-current={selected ? 'true' : undefined}>
        <Subject>{t.subject}</Subject>
        <Badges>
          <TicketPriorityBadge priority={t.priority} />
          <TicketStatusBadge status={t.status} />
        </Badges>
        <Who>
          {t.name} · {t.email}
        </Who>
        <Meta>
          <span data-testid="ticket-assignee">{t.assignedTo ? t.assignedTo.name : 'Unassigned'}</span>
          <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time>
        </Meta>
      </RowLink>
    </Item>
  );
}
