import styled from 'styled-components';
import { Skeleton } from '../../components/Skeleton.tsx';
import { VisuallyHidden } from '../../components/VisuallyHidden.tsx';
import { BootHead, bootHeadFor } from '../Shell/BootHead.tsx';

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 20px;
`;

const Tiles = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: 12px;
`;

const Card = styled.div<{ $width?: number }>`
  width: 100%;
  max-width: ${({ $width }) => ($width ? `${$width}px` : 'none')};
  margin: 0 auto;
  padding: 20px;
  display: flex;
  flex-direction: column;
  gap: 14px;
  background: ${({ theme }) => theme.colors.panel};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

export type PageSkeletonProps = {
  /** 'page' = title, tiles and panel; 'form' = a narrow card with fields */
  variant?: 'page' | 'form';
};

/** Route fallback while a screen's code and data load. */
export function PageSkeleton({ variant = 'page' }: PageSkeletonProps) {
  if (variant === 'form') {
    return (
      <Wrap aria-busy="true" style={{ paddingTop: 32 }}>
        <VisuallyHidden role="status">Loading</VisuallyHidden>
        <Card $width={420}>
          <Skeleton width="55%" height={22} style={{ margin: '0 auto' }} />
          {[0, 1, 2].map((i) => (
            <div key={i} style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
              <Skeleton width={90} height={10} />
              <Skeleton height={36} />
            </div>
          ))}
          <Skeleton height={42} />
        </Card>
      </Wrap>
    );
  }
  const head = bootHeadFor(window.location.pathname);
  return (
    <Wrap aria-busy="true">
      <VisuallyHidden role="status">Loading</VisuallyHidden>
      {head ? <BootHead head={head} /> : <Skeleton width={280} height={28} />}
      <Tiles>
        {[0, 1, 2, 3].map((i) => (
          <Card key={i}>
            <Skeleton width="50%" height={10} />
            <Skeleton width="70%" height={28} />
          </Card>
        ))}
      </Tiles>
      <Card>
        <Skeleton lines={5} />
      </Card>
    </Wrap>
  );
}
