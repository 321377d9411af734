import { Badge } from '../../../components/Badge.tsx';
import { ticketStatusTone } from './supportRules.ts';

/** The ticket's status: open yellow, in progress blue, anything else green (underscores as spaces). */
export function SupportStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={ticketStatusTone(status)} dot size="sm" data-testid="support-ticket-status">
      {status}
    </Badge>
  );
}
