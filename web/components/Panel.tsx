import { useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { panelHead, surface } from '../theme/text.ts';

export type PanelProps = Omit<ComponentPropsWithoutRef<'section'>, 'title'> & {
  /** uppercase header title (rendered as an h2 that names the section) */
  title?: ReactNode;
  /** small text or controls on the right of the header */
  actions?: ReactNode;
  /** inner padding (default 'md'); 'none' for tables and lists that run edge to edge */
  padding?: 'none' | 'sm' | 'md' | 'lg';
  /** heading level of the title (default 2) */
  headingLevel?: 2 | 3 | 4;
  /** green/red/amber/blue accent line on the left edge */
  accent?: 'green' | 'red' | 'amber' | 'blue';
};

const pads = { none: '0', sm: '10px', md: '16px', lg: '24px' } as const;

const Box = styled.section<{ $accent?: PanelProps['accent'] }>`
  position: relative;
  min-width: 0;
  ${surface}
  box-shadow: ${({ theme }) => theme.shadows.panel};
  ${({ $accent, theme }) => {
    if (!$accent) return '';
    const c = { green: theme.colors.up, red: theme.colors.down, amber: theme.colors.amber, blue: theme.colors.blue }[$accent];
    return `border-left: 2px solid ${c};`;
  }}
`;

const Head = styled.header`
  ${panelHead}
  flex-wrap: wrap;
  gap: 4px 12px;
  min-height: 38px;
  padding: 8px 14px;
  border-radius: ${({ theme }) => `${theme.radii.md} ${theme.radii.md} 0 0`};
`;

const Title = styled.h2`
  display: flex;
  align-items: center;
  gap: 8px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  letter-spacing: ${({ theme }) => theme.tracking.wide};
  text-transform: uppercase;
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.textMuted};

  &::before {
    content: '';
    width: 6px;
    height: 6px;
    background: ${({ theme }) => theme.colors.up};
    border-radius: 1px;
  }
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textDim};
`;

const Body = styled.div<{ $pad: string }>`
  padding: ${({ $pad }) => $pad};
`;

/** A bordered dark panel, optionally with an uppercase title bar. */
export function Panel({ title, actions, padding = 'md', headingLevel = 2, accent, children, ...rest }: PanelProps) {
  const titleId = useId();
  const hasHead = title != null || actions != null;
  return (
    <Box {...rest} $accent={accent} aria-labelledby={title != null ? (rest['aria-labelledby'] ?? titleId) : rest['aria-labelledby']}>
      {hasHead && (
        <Head>
          {title != null ? (
            <Title as={`h${headingLevel}`} id={titleId}>
              {title}
            </Title>
          ) : (
            <span />
          )}
          {actions != null && <Actions>{actions}</Actions>}
        </Head>
      )}
      <Body $pad={pads[padding]}>{children}</Body>
    </Box>
  );
}
