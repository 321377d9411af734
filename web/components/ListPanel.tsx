import type { ReactNode } from 'react';
import styled from 'styled-components';
import { LoadMore, type LoadMoreProps } from './LoadMore.tsx';
import { Panel, type PanelProps } from './Panel.tsx';

// The frame of a paginated list on a panel: the list runs edge to edge, an empty state stands in
// for it when there is nothing to show, and 'Load more …' follows while there is a next page.

/** A count in a list panel's header, in figures. */
export const ListCount = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const Body = styled.div<{ $stale: boolean }>`
  opacity: ${({ $stale }) => ($stale ? 0.55 : 1)};
  transition: opacity ${({ theme }) => theme.transitions.base};
`;

const Empty = styled.div`
  padding: 14px;
`;

export type ListPanelProps = Omit<PanelProps, 'padding'> & {
  /** nothing to list: `empty` (an EmptyState) is shown instead of the children */
  isEmpty: boolean;
  empty: ReactNode;
  /** the next page, when there may be one */
  more?: LoadMoreProps;
  /** the list is being read again (another filter): dimmed and busy until it is */
  stale?: boolean;
  /** dialogs that act on the list's items (they open over the page) */
  dialogs?: ReactNode;
};

/** A panel holding one paginated list or table, its empty state and its 'Load more'. */
export function ListPanel({ isEmpty, empty, more, stale = false, dialogs, children, ...panel }: ListPanelProps) {
  return (
    <Panel {...panel} padding="none">
      <Body $stale={stale} aria-busy={stale || undefined}>
        {isEmpty ? <Empty>{empty}</Empty> : children}
        {more && <LoadMore {...more} />}
      </Body>
      {dialogs}
    </Panel>
  );
}
