import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Icon, type IconName } from './Icon.tsx';
import { IconMark } from './IconMark.tsx';

export type EmptyStateProps = {
  title: ReactNode;
  description?: ReactNode;
  /** a button or link, e.g. <ButtonLink to="/browse">Browse data</ButtonLink> */
  action?: ReactNode;
  /** icon name (default 'inbox') or any node */
  icon?: IconName | ReactNode;
  /** tighter padding for use inside panels */
  compact?: boolean;
  /** the title as the page's heading (h1) when this block is the whole page, e.g. 'Access Denied' */
  page?: boolean;
  className?: string;
};

const Box = styled.div<{ $compact: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: 10px;
  padding: ${({ $compact }) => ($compact ? '24px 16px' : '48px 20px')};
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: repeating-linear-gradient(
    -45deg,
    transparent 0 10px,
    rgba(255, 255, 255, 0.012) 10px 20px
  );
`;

const Title = styled.p`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.text};
`;

const Desc = styled.div`
  max-width: 420px;
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Action = styled.div`
  margin-top: 6px;
`;

/** 'Nothing here' block with an optional call to action. */
export function EmptyState({ title, description, action, icon = 'inbox', compact = false, page = false, className }: EmptyStateProps) {
  return (
    <Box $compact={compact} className={className}>
      <IconMark $size={40} aria-hidden="true">{typeof icon === 'string' ? <Icon name={icon as IconName} size={20} /> : icon}</IconMark>
      <Title as={page ? 'h1' : 'p'}>{title}</Title>
      {description != null && <Desc>{description}</Desc>}
      {action != null && <Action>{action}</Action>}
    </Box>
  );
}
