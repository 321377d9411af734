import styled from 'styled-components';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 14px;
  padding: 14px;
`;

const Line = styled.div<{ $own: boolean }>`
  display: flex;
  justify-content: ${({ $own }) => ($own ? 'flex-end' : 'flex-start')};
`;

/** The thread's place while its messages load. */
export function ThreadSkeleton({ label = 'Loading messages' }: { label?: string }) {
  return (
    <Wrap aria-busy="true">
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      <div style={{ display: 'flex', gap: 10, alignItems: 'center' }}>
        <Skeleton width={34} height={34} radius={3} />
        <Skeleton width={160} height={14} />
      </div>
      {[false, true, false, true].map((own, i) => (
        <Line key={i} $own={own}>
          <Skeleton width={`${40 + ((i * 17) % 30)}%`} height={38} radius={8} />
        </Line>
      ))}
    </Wrap>
  );
}
