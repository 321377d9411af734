import { Badge } from '../../../components/Badge.tsx';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import { ticketPriorityTone } from './supportDeskRules.ts';

export type TicketPriorityBadgeProps = { priority: string; size?: 'sm' | 'md' };

/** urgent red, high amber, medium blue, low grey. */
export function TicketPriorityBadge({ priority, size = 'sm' }: TicketPriorityBadgeProps) {
  return (
    <Badge tone={ticketPriorityTone(priority)} size={size} solid={priority === 'urgent'} data-testid="ticket-priority" data-priority={priority}>
      <VisuallyHidden>Priority </VisuallyHidden>
      {priority}
    </Badge>
  );
}
