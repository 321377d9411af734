import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Icon, type IconName } from '../../../components/Icon.tsx';
import { toneColors, type Tone } from '../../../theme/theme.ts';

export type NoticeProps = {
  tone: Tone;
  icon: IconName;
  /** short uppercase headline, e.g. 'PENDING REVIEW' */
  title: ReactNode;
  children?: ReactNode;
  /** a button or link on the right (under the text on phones) */
  action?: ReactNode;
  /** role=status for states that change while the page is open */
  live?: boolean;
  className?: string;
  'data-testid'?: string;
};

const Box = styled.section<{ $tone: Tone }>`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: 12px 14px;
  align-items: start;
  padding: 14px 16px;
  background: ${({ theme, $tone }) => toneColors(theme, $tone).bg};
  border: 1px solid ${({ theme, $tone }) => toneColors(theme, $tone).border};
  border-left: 3px solid ${({ theme, $tone }) => toneColors(theme, $tone).fg};
  border-radius: ${({ theme }) => theme.radii.md};

  ${({ theme }) => theme.media.sm} {
    grid-template-columns: auto minmax(0, 1fr) auto;
    align-items: center;
  }
`;

const Mark = styled.span<{ $tone: Tone }>`
  display: grid;
  place-items: center;
  width: 32px;
  height: 32px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme, $tone }) => toneColors(theme, $tone).border};
  background: ${({ theme }) => theme.colors.bg};
  color: ${({ theme, $tone }) => toneColors(theme, $tone).fg};
`;

const Text = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  min-width: 0;
`;

const Title = styled.h2<{ $tone: Tone }>`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 800;
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  color: ${({ theme, $tone }) => toneColors(theme, $tone).fg};
`;

const Body = styled.div`
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.text};
  line-height: 1.5;
`;

const Action = styled.div`
  grid-column: 2;
  ${({ theme }) => theme.media.sm} {
    grid-column: auto;
  }
`;

/** A coloured status strip: icon, headline, text and an optional action. */
export function Notice({ tone, icon, title, children, action, live = false, className, ...rest }: NoticeProps) {
  return (
    <Box $tone={tone} className={className} role={live ? 'status' : undefined} data-testid={rest['data-testid']}>
      <Mark $tone={tone} aria-hidden="true">
        <Icon name={icon} size={16} />
      </Mark>
      <Text>
        <Title $tone={tone}>{title}</Title>
        {children != null && <Body>{children}</Body>}
      </Text>
      {action != null && <Action>{action}</Action>}
    </Box>
  );
}
