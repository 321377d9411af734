import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { TicketActions_ticket$key } from '../../../__generated__/TicketActions_ticket.graphql.ts';
import { useSession } from '../../../session/useSession.ts';
import { availableActions, type TicketAction } from './supportDeskRules.ts';
import { useUpdateSupportTicketMutation } from './UpdateSupportTicketMutation.ts';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const LABELS: Record<TicketAction, string> = {
  assign: 'Assign to Me',
  in_progress: 'Mark In Progress',
  resolved: 'Mark Resolved',
  closed: 'Close Ticket',
};

const DONE: Record<Exclude<TicketAction, 'assign'>, string> = {
  in_progress: 'The ticket is in progress.',
  resolved: 'The ticket is resolved.',
  closed: 'The ticket is closed.',
};

export type TicketActionsProps = { ticket: TicketActions_ticket$key };

/** Assign to Me, Mark In Progress, Mark Resolved, Close Ticket, as the ticket's status allows. */
export function TicketActions({ ticket }: TicketActionsProps) {
  const t = useFragment(
    graphql`
      fragment TicketActions_ticket on SupportTicket {
        ticketId
        status
        nextStatuses
        assignedTo {
          id
        }
      }
    `,
    ticket,
  );
  const { viewer } = useSession();
  const [commit] = useUpdateSupportTicketMutation();
  const [inFlight, setInFlight] = useState<TicketAction | null>(null);
  const { toast } = useToast();
  const allowed = availableActions({ status: t.status, nextStatuses: t.nextStatuses, assignedToId: t.assignedTo?.id ?? null }, viewer?.id ?? '');

  function run(action: TicketAction) {
    if (inFlight) return;
    setInFlight(action);
    const failed = (reason?: string | null) =>
      toast({ variant: 'destructive', title: 'Error', description: reason ? `Failed to update ticket (${reason})` : 'Failed to update ticket' });
    commit({
      variables: { input: action === 'assign' ? { ticketId: t.ticketId, assignToMe: true } : { ticketId: t.ticketId, status: action } },
      onCompleted: ({ updateSupportTicket: result }) => {
        setInFlight(null);
        if (result.__typename === 'MutationUpdateSupportTicketSuccess') {
          if (action === 'assign') toast({ title: 'Ticket Assigned', description: 'The ticket is assigned to you and in progress.' });
          else toast({ title: 'Ticket Updated', description: DONE[action] });
        } else {
          failed(result.__typename === '%other' ? null : result.message);
        }
      },
      onError: (error) => {
        console.warn('updateSupportTicket failed', error);
        setInFlight(null);
        failed();
      },
    });
  }

  const actions: TicketAction[] = ['assign', 'in_progress', 'resolved', 'closed'];
  return (
    <Bar role="group" aria-label="Ticket actions">
      {actions.map((action) => (
        <Button
          key={action}
          size="sm"
          variant={action === 'resolved' ? 'primary' : action === 'closed' ? 'danger' : 'secondary'}
          icon={action === 'assign' ? <Icon name="user" size={13} aria-hidden /> : action === 'resolved' ? <Icon name="check" size={13} aria-hidden /> : undefined}
          busy={inFlight === action}
          disabled={!allowed[action] || (inFlight != null && inFlight !== action)}
          onClick={() => run(action)}
        >
          {LABELS[action]}
        </Button>
      ))}
    </Bar>
  );
}
