import styled from 'styled-components';
import { Skeleton } from '../../components/Skeleton.tsx';
import { VisuallyHidden } from '../../components/VisuallyHidden.tsx';
import { BootHead, bootHeadFor } from './BootHead.tsx';

const Bar = styled.div<{ $height: string }>`
  height: ${({ $height }) => $height};
  background: ${({ theme }) => theme.colors.bar};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  display: flex;
  align-items: center;
  gap: 16px;
  padding: 0 24px;
`;

// the row of tabs is there on a wide screen only (below it the header's Menu button holds them)
const NavBar = styled(Bar)`
  display: none;
  ${({ theme }) => theme.media.lg} {
    display: flex;
  }
`;

// the page's padding of Layout's main (and of the boot frame's body in web/index.html): a heading
// shown here wraps as the screen's own will
const Body = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 16px 12px;

  ${({ theme }) => theme.media.sm} {
    padding: 20px 16px;
  }
  ${({ theme }) => theme.media.lg} {
    padding: 24px;
  }
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

/**
 * First paint while the shell query loads: header, nav and ticker bars and a page outline, headed
 * by the page's heading when the boot frame had it (the same frame as web/index.html's).
 */
export function ShellSkeleton() {
  const head = bootHeadFor(window.location.pathname);
  return (
    <div aria-busy="true">
      <VisuallyHidden role="status">Loading DATA PIT</VisuallyHidden>
      <Bar $height="52px">
        <Skeleton width={120} height={18} />
        <Skeleton width={280} height={28} />
      </Bar>
      <NavBar $height="38px">
        <Skeleton width={420} height={12} />
      </NavBar>
      <Bar $height="30px">
        <Skeleton width="60%" height={10} />
      </Bar>
      <Body>
        {head ? <BootHead head={head} /> : <Skeleton width="40%" height={28} />}
        <Skeleton lines={4} />
      </Body>
    </div>
  );
}
