import styled from 'styled-components';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import type { ContractCardLayout } from './ContractCard.tsx';
import { ContractList } from './ContractList.tsx';
import { surface } from '../../../theme/text.ts';

const Card = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 14px;
  ${surface}
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: 50px minmax(0, 1fr) 120px;
  gap: 12px;
  align-items: center;
  padding: 12px;
  background: ${({ theme }) => theme.colors.panel};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Line = styled.div`
  display: flex;
  gap: 6px;
  align-items: center;
`;

export type ContractCardSkeletonsProps = {
  count: number;
  layout: ContractCardLayout;
  columns?: 'narrow' | 'wide';
};

/** Shimmering stand-ins for contract cards while a page of contracts loads. */
export function ContractCardSkeletons({ count, layout, columns }: ContractCardSkeletonsProps) {
  return (
    <ContractList $layout={layout} $columns={columns} aria-busy="true" data-testid="contract-skeletons">
      <VisuallyHidden role="status">Loading contracts</VisuallyHidden>
      {Array.from({ length: count }, (_, i) =>
        layout === 'list' ? (
          <Row key={i}>
            <Skeleton width={46} height={22} />
            <div style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
              <Skeleton width="60%" height={14} />
              <Skeleton width="35%" height={10} />
            </div>
            <Skeleton height={26} />
          </Row>
        ) : (
          <Card key={i}>
            <Line>
              <Skeleton width={46} height={22} />
              <Skeleton width={90} height={18} />
              <Skeleton width={52} height={18} />
            </Line>
            <Skeleton width="85%" height={16} />
            <Skeleton width="40%" height={22} />
            <Skeleton lines={2} height={10} />
            <Skeleton height={42} />
            <Skeleton width="70%" height={12} />
            <Line>
              <Skeleton height={28} />
              <Skeleton height={28} />
            </Line>
          </Card>
        ),
      )}
    </ContractList>
  );
}
