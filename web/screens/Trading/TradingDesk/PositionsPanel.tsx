import type { ReactNode } from 'react';
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import type { IconName } from '../../../components/Icon.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { More, Scroller, Table } from './positionTable.ts';

export type PositionColumn = { label: ReactNode; className?: string };

export type PositionsPanelProps = {
  /** 'Open positions': the panel's title, the table's name and its scroller's ('… table') */
  title: string;
  'data-testid': string;
  /** the count at the panel's top right */
  count: ReactNode;
  empty: { icon: IconName; title: string; description: string };
  columns: readonly PositionColumn[];
  /** the rows, or none for the empty state */
  rows: ReactNode[];
  hasNext: boolean;
  isLoadingNext: boolean;
  onMore: () => void;
};

/** A panel of positions (open or closed): a table of rows, its empty state, and Load more. */
export function PositionsPanel({ title, count, empty, columns, rows, hasNext, isLoadingNext, onMore, ...rest }: PositionsPanelProps) {
  return (
    <Panel title={title} padding="none" data-testid={rest['data-testid']} actions={count}>
      {rows.length === 0 ? (
        <EmptyState compact icon={empty.icon} title={empty.title} description={empty.description} />
      ) : (
        <Scroller tabIndex={0} role="region" aria-label={`${title} table`}>
          <Table role="table" aria-label={title}>
            <thead role="rowgroup">
              <tr role="row">
                {columns.map((c, i) => (
                  <th key={i} role="columnheader" scope="col" className={c.className}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody role="rowgroup">{rows}</tbody>
          </Table>
        </Scroller>
      )}
      {hasNext && (
        <More>
          <Button size="sm" variant="ghost" busy={isLoadingNext} onClick={onMore}>
            Load more {title.toLowerCase()}
          </Button>
        </More>
      )}
    </Panel>
  );
}
