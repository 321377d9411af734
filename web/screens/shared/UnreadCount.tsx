import styled from 'styled-components';
import { VisuallyHidden } from '../../components/VisuallyHidden.tsx';
import { formatBadgeCount } from '../../format/format.ts';

// The unread count of a conversation list and of the menus that lead to it.

/** The red pill of an unread count, in monospace figures. */
export const UnreadPill = styled.span`
  min-width: 18px;
  height: 16px;
  padding: 0 5px;
  border-radius: 8px;
  background: ${({ theme }) => theme.colors.down};
  color: #fff;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 10px;
  font-weight: 700;
  line-height: 16px;
  letter-spacing: 0;
  text-align: center;
  font-variant-numeric: tabular-nums;
`;

/** An unread count as a pill (99+ past 99), read out in words. */
export function UnreadCount({ count, testId }: { count: number; testId?: string }) {
  return (
    <UnreadPill data-testid={testId}>
      <span aria-hidden="true">{formatBadgeCount(count)}</span>
      <VisuallyHidden>{count === 1 ? '1 unread message' : `${count} unread messages`}</VisuallyHidden>
    </UnreadPill>
  );
}
