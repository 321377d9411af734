import type { ReactNode } from 'react';
import styled from 'styled-components';

export type PageTitleProps = {
  /** the h1 text */
  children: ReactNode;
  /** small uppercase line above the title, e.g. 'BACK OFFICE' */
  eyebrow?: ReactNode;
  /** a line of muted text under the title */
  subtitle?: ReactNode;
  /** buttons/links on the right (wrap under the title on small screens) */
  actions?: ReactNode;
  className?: string;
};

const Wrap = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: 12px 24px;
  margin-bottom: 20px;
  padding-bottom: 14px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Text = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
`;

const Eyebrow = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.wide};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.up};

  &::before {
    content: '';
    width: 14px;
    height: 1px;
    background: currentColor;
  }
`;

const H1 = styled.h1`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 800;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.colors.textStrong};
  overflow-wrap: anywhere;

  ${({ theme }) => theme.media.sm} {
    font-size: ${({ theme }) => theme.fontSizes.xxl};
  }
`;

const Sub = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

/** The page's h1, with optional eyebrow, subtitle and actions. */
export function PageTitle({ children, eyebrow, subtitle, actions, className }: PageTitleProps) {
  return (
    <Wrap className={className}>
      <Text>
        {eyebrow != null && <Eyebrow>{eyebrow}</Eyebrow>}
        <H1>{children}</H1>
        {subtitle != null && <Sub>{subtitle}</Sub>}
      </Text>
      {actions != null && <Actions>{actions}</Actions>}
    </Wrap>
  );
}
