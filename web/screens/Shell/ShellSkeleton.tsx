import styled from 'styled-components';
import { Skeleton } from '../../components/Skeleton.tsx';
import { VisuallyHidden } from '../../components/VisuallyHidden.tsx';

const Bar = styled.div<{ $height: string }>`
  height: ${({ $height }) => $height};
  background: ${({ theme }) => theme.colors.bar};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  display: flex;
  align-items: center;
  gap: 16px;
  padding: 0 24px;
`;

const Body = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 24px;
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

/** First paint while the shell query loads: header, nav and ticker bars and a page outline. */
export function ShellSkeleton() {
  return (
    <div aria-busy="true">
      <VisuallyHidden role="status">Loading DATA PIT</VisuallyHidden>
      <Bar $height="52px">
        <Skeleton width={120} height={18} />
        <Skeleton width={280} height={28} />
      </Bar>
      <Bar $height="38px">
        <Skeleton width={420} height={12} />
      </Bar>
      <Bar $height="30px">
        <Skeleton width="60%" height={10} />
      </Bar>
      <Body>
        <Skeleton width="40%" height={28} />
        <Skeleton lines={4} />
      </Body>
    </div>
  );
}
