import { Badge } from '../../../components/Badge.tsx';
import { ticketStatusTone } from './supportDeskRules.ts';

export type TicketStatusBadgeProps = { status: string; size?: 'sm' | 'md' };

/** open yellow, in progress blue, the rest green; underscores read as spaces. */
export function TicketStatusBadge({ status, size = 'sm' }: TicketStatusBadgeProps) {
  return (
    <Badge tone={ticketStatusTone(status)} size={size} dot={status === 'open'} data-testid="ticket-status" data-status={status}>
      {status}
    </Badge>
  );
}
