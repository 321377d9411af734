import styled from 'styled-components';

// The page heading the server painted into the boot frame (api/http/boot-head.ts), read once when
// the app starts, before React draws over it. The loading skeletons show it in the same place, so
// the heading stays on screen from the first paint until the screen itself renders
// (docs/decisions.md "The first paint names the page").

export interface BootHeadText {
  /** the path the server painted it for */
  path: string;
  eyebrow: string | null;
  title: string;
  subtitle: string | null;
}

function readBootHead(): BootHeadText | null {
  if (typeof document === 'undefined') return null;
  const head = document.querySelector<HTMLElement>('#root [data-boot-path]');
  const title = head?.querySelector('.boot-title')?.textContent;
  if (!head || !title) return null;
  return {
    path: head.dataset.bootPath ?? '',
    eyebrow: head.querySelector('.boot-eyebrow')?.textContent ?? null,
    title,
    subtitle: head.querySelector('.boot-sub')?.textContent ?? null,
  };
}

const bootHead = readBootHead();

/** The boot frame's heading when it belongs to `pathname` (the page still loading), else null. */
export function bootHeadFor(pathname: string): BootHeadText | null {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return bootHead && bootHead.path === normalized ? bootHead : null;
}

// The same look as the boot frame's CSS in web/index.html.
const Head = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
`;

const Eyebrow = styled.p`
  font: 700 10px/1.4 ${({ theme }) => theme.fonts.mono};
  letter-spacing: 0.12em;
  color: ${({ theme }) => theme.colors.up};
`;

const Title = styled.h1`
  font: 800 24px/1.1 ${({ theme }) => theme.fonts.mono};
  letter-spacing: 0.02em;
  color: ${({ theme }) => theme.colors.textStrong};

  ${({ theme }) => theme.media.sm} {
    font-size: 28px;
  }
`;

const Sub = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.md};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The heading of a page that is still loading, as the boot frame showed it. */
export function BootHead({ head }: { head: BootHeadText }) {
  return (
    <Head data-testid="boot-head">
      {head.eyebrow && <Eyebrow>{head.eyebrow}</Eyebrow>}
      <Title>{head.title}</Title>
      {head.subtitle && <Sub>{head.subtitle}</Sub>}
    </Head>
  );
}
