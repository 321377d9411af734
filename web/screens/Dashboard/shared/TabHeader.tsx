import type { ReactNode } from 'react';
import styled from 'styled-components';

export type TabHeaderProps = {
  /** the tab's h2, e.g. 'MY CONTRACTS' */
  title: ReactNode;
  /** a dim line under the title */
  description?: ReactNode;
  /** figures or controls on the right */
  aside?: ReactNode;
};

const Wrap = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: 8px 16px;
  margin-bottom: 2px;
`;

const Text = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  min-width: 0;
`;

const H2 = styled.h2`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 800;
  letter-spacing: ${({ theme }) => theme.tracking.label};
  color: ${({ theme }) => theme.colors.textStrong};
  text-transform: uppercase;
`;

const Desc = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textDim};
`;

const Aside = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The heading row of a dashboard tab (the page's h1 is DASHBOARD). */
export function TabHeader({ title, description, aside }: TabHeaderProps) {
  return (
    <Wrap>
      <Text>
        <H2>{title}</H2>
        {description != null && <Desc>{description}</Desc>}
      </Text>
      {aside != null && <Aside>{aside}</Aside>}
    </Wrap>
  );
}
