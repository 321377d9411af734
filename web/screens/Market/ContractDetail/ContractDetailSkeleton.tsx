import styled from 'styled-components';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import { BootHead, bootHeadFor } from '../../Shell/BootHead.tsx';
import { DetailChartArea, DetailGrid, DetailMain, DetailSide } from './DetailLayout.tsx';
import { surface } from '../../../theme/text.ts';

const Card = styled.div<{ $pad?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: ${({ $pad = true }) => ($pad ? '16px' : '0')};
  ${surface}
  overflow: hidden;
`;

const Head = styled.div`
  display: flex;
  gap: 14px;
  padding: 18px 20px;
`;

const Strip = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.panelAlt};

  > div {
    display: flex;
    flex-direction: column;
    gap: 8px;
    padding: 14px 20px;
  }
  ${({ theme }) => theme.media.lg} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
  flex: 1;
  min-width: 0;
`;

/** The route fallback of /contract/:id: the page's shape while its code and data load. */
export function ContractDetailSkeleton() {
  // the contract's title when the page's HTML carried it (api/http/boot-head.ts)
  const head = bootHeadFor(window.location.pathname);
  return (
    <div aria-busy="true" data-testid="contract-detail-skeleton">
      <VisuallyHidden role="status">Loading contract</VisuallyHidden>
      <Skeleton width={220} height={10} style={{ marginBottom: 14 }} />
      <Card $pad={false}>
        <Head>
          <Skeleton width={58} height={30} />
          <Column>
            {head ? <BootHead head={head} /> : <Skeleton width="55%" height={24} />}
            <Skeleton width={260} height={18} />
          </Column>
        </Head>
        <Strip>
          {[0, 1, 2, 3].map((i) => (
            <div key={i}>
              <Skeleton width={70} height={9} />
              <Skeleton width="60%" height={24} />
              <Skeleton width="40%" height={10} />
            </div>
          ))}
        </Strip>
      </Card>
      <DetailGrid>
        <DetailChartArea>
          <Card>
            <Skeleton width={140} height={12} />
            <Skeleton height={300} />
          </Card>
        </DetailChartArea>
        <DetailSide>
          <Card>
            <Skeleton width={120} height={30} />
            <Skeleton lines={4} height={12} />
            <Skeleton height={42} />
            <Skeleton height={34} />
          </Card>
          <Card>
            <Skeleton width="50%" height={16} />
            <Skeleton lines={2} height={12} />
          </Card>
        </DetailSide>
        <DetailMain>
          <Card>
            <Skeleton lines={4} height={12} />
          </Card>
          <Card>
            <Skeleton lines={5} height={12} />
          </Card>
        </DetailMain>
      </DetailGrid>
    </div>
  );
}
