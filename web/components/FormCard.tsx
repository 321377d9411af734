import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Logo } from './Logo.tsx';

export type FormCardProps = {
  /** the h1 of the page, e.g. 'LOGIN TO THE PIT' */
  title: ReactNode;
  subtitle?: ReactNode;
  /** the form */
  children: ReactNode;
  /** under the card body, e.g. "No account? JOIN PIT" */
  footer?: ReactNode;
  /** max width in px (default 420) */
  width?: number;
  /** show the mark above the title (default true) */
  showMark?: boolean;
  className?: string;
};

const Outer = styled.div`
  display: flex;
  justify-content: center;
  padding: 8px 0 24px;
  ${({ theme }) => theme.media.sm} {
    padding: 32px 0 48px;
  }
`;

const Card = styled.section<{ $width: number }>`
  width: 100%;
  max-width: ${({ $width }) => $width}px;
  background: ${({ theme }) => theme.colors.panel};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-top: 2px solid ${({ theme }) => theme.colors.up};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: 0 24px 60px rgba(0, 0, 0, 0.45);
`;

const Head = styled.header`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 10px;
  padding: 24px 20px 4px;
  text-align: center;
  ${({ theme }) => theme.media.sm} {
    padding: 28px 28px 4px;
  }
`;

const Title = styled.h1`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 800;
  letter-spacing: 0.06em;
  color: ${({ theme }) => theme.colors.textStrong};
`;

const Sub = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 14px;
  padding: 20px;
  ${({ theme }) => theme.media.sm} {
    padding: 20px 28px 28px;
  }
`;

const Foot = styled.footer`
  padding: 14px 20px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.panelAlt};
  border-radius: ${({ theme }) => `0 0 ${theme.radii.md} ${theme.radii.md}`};
  text-align: center;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Centred narrow card for auth-style forms. */
export function FormCard({ title, subtitle, children, footer, width = 420, showMark = true, className }: FormCardProps) {
  return (
    <Outer className={className}>
      <Card $width={width}>
        <Head>
          {showMark && <Logo compact decorative size={30} />}
          <Title>{title}</Title>
          {subtitle != null && <Sub>{subtitle}</Sub>}
        </Head>
        <Body>{children}</Body>
        {footer != null && <Foot>{footer}</Foot>}
      </Card>
    </Outer>
  );
}
