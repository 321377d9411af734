import styled from 'styled-components';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 14px;
`;

const Tiles = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  gap: 10px;
`;

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 14px 16px;
  background: ${({ theme }) => theme.colors.panel};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

/** Fallback of a dashboard tab while its code and data load. */
export function TabSkeleton() {
  return (
    <Wrap aria-busy="true">
      <VisuallyHidden role="status">Loading</VisuallyHidden>
      <Skeleton width={200} height={18} />
      <Tiles>
        {[0, 1, 2, 3].map((i) => (
          <Box key={i}>
            <Skeleton width="50%" height={10} />
            <Skeleton width="70%" height={26} />
          </Box>
        ))}
      </Tiles>
      <Box>
        <Skeleton lines={6} />
      </Box>
    </Wrap>
  );
}
