import styled from 'styled-components';
import { CountPill } from '../../components/CountPill.tsx';
import { VisuallyHidden } from '../../components/VisuallyHidden.tsx';
import { formatBadgeCount } from '../../format/format.ts';

// The unread count of a conversation list and of the menus that lead to it.

/** The red pill of an unread count in the conversation lists and the dashboard menu: a little wider than the header's. */
export const UnreadPill = styled(CountPill)`
  min-width: 18px;
  padding: 0 5px;
  letter-spacing: 0;
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
