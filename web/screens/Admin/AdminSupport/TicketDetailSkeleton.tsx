import styled from 'styled-components';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import { framedStack } from '../../shared/boxStyles.ts';

const Box = styled.div`
  ${framedStack(14, '14px', { fill: 'panel' })}
`;

/** The detail's shape while the ticket loads. */
export function TicketDetailSkeleton() {
  return (
    <Box role="status" data-testid="ticket-detail-loading">
      <VisuallyHidden>Loading the ticket…</VisuallyHidden>
      <Skeleton width="40%" height={10} />
      <Skeleton width="70%" height={18} />
      <Skeleton width="50%" height={12} />
      <Skeleton lines={2} height={12} />
      <Skeleton height={220} radius={4} />
      <Skeleton height={64} radius={4} />
    </Box>
  );
}
