import { Badge } from '../../../components/Badge.tsx';

/** LONG in green, SHORT in red. */
export function PositionTypeBadge({ type }: { type: string }) {
  return (
    <Badge size="sm" tone={type === 'long' ? 'green' : 'red'} data-testid="position-type">
      {type.toUpperCase()}
    </Badge>
  );
}
