import type { ReactNode } from 'react';
import styled from 'styled-components';

export type LayoutProps = {
  /** usually <Header ... /> */
  header: ReactNode;
  /** usually <TickerStrip ... /> (optional) */
  ticker?: ReactNode;
  /** the page */
  children: ReactNode;
  /** replaces the default footer line */
  footer?: ReactNode;
  /** let the page use the full width (no 1400px cap) */
  wide?: boolean;
};

const Frame = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  flex: 1;
`;

const SkipLink = styled.a`
  position: absolute;
  left: 8px;
  top: -48px;
  z-index: ${({ theme }) => theme.zIndices.toast};
  padding: 8px 12px;
  background: ${({ theme }) => theme.colors.up};
  color: ${({ theme }) => theme.colors.onUp};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  border-radius: ${({ theme }) => theme.radii.sm};
  &:focus { top: 8px; text-decoration: none; }
`;

const Top = styled.div`
  ${({ theme }) => theme.media.lg} {
    position: sticky;
    top: 0;
    z-index: ${({ theme }) => theme.zIndices.header};
  }
`;

const Main = styled.main<{ $wide: boolean }>`
  flex: 1;
  width: 100%;
  max-width: ${({ theme, $wide }) => ($wide ? 'none' : theme.layout.maxWidth)};
  margin: 0 auto;
  padding: 16px 12px 40px;
  outline: none;

  ${({ theme }) => theme.media.sm} {
    padding: 20px 16px 48px;
  }
  ${({ theme }) => theme.media.lg} {
    padding: 24px 24px 56px;
  }
`;

const Foot = styled.footer`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.bar};
`;

// A plain link: /api/docs is served by the server, outside the app's routes.
const FootLink = styled.a`
  color: ${({ theme }) => theme.colors.amber};
  /* underlined: a link inside a line of text is told apart by more than its colour */
  text-decoration: underline;
  text-underline-offset: 2px;
`;

const FootInner = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 6px 16px;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 12px 16px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textDim};

  ${({ theme }) => theme.media.lg} {
    padding: 12px 24px;
  }

  b { color: ${({ theme }) => theme.colors.textMuted}; font-weight: 700; }
`;

/** Page frame: sticky header + ticker, centred main (max 1400px), footer line. */
export function Layout({ header, ticker, children, footer, wide = false }: LayoutProps) {
  return (
    <Frame>
      <SkipLink href="#main">Skip to content</SkipLink>
      <Top>
        {header}
        {ticker}
      </Top>
      <Main id="main" tabIndex={-1} $wide={wide}>
        {children}
      </Main>
      {footer ?? (
        <Foot>
          <FootInner>
            <span>
              <b>DATA PIT</b> © {new Date().getFullYear()} · The data trading floor
            </span>
            <span>
              Escrow-protected · 24h dispute window · Prices in USD · <FootLink href="/api/docs">API reference</FootLink>
            </span>
          </FootInner>
        </Foot>
      )}
    </Frame>
  );
}
