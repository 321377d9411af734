import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ListPanel, type ListPanelProps } from '../../../components/ListPanel.tsx';

const Rows = styled.div`
  & > * + * {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

export type ReviewListProps<T> = Omit<ListPanelProps, 'isEmpty' | 'children'> & {
  /** the list's accessible name, e.g. 'Seller applications' */
  label: string;
  items: readonly T[];
  keyOf: (item: T) => string;
  /** draws one item's row */
  row: (item: T) => ReactNode;
};

/**
 * A back-office review queue: the items waiting for a decision, one row each, in a panel with its
 * count, empty state and 'Load more'. Each queue keeps its own fragment and decisions.
 */
export function ReviewList<T>({ label, items, keyOf, row, ...panel }: ReviewListProps<T>) {
  return (
    <ListPanel {...panel} isEmpty={items.length === 0}>
      <Rows role="list" aria-label={label}>
        {items.map((item) => (
          <div role="listitem" key={keyOf(item)}>
            {row(item)}
          </div>
        ))}
      </Rows>
    </ListPanel>
  );
}
