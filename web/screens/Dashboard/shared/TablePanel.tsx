import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ListPanel, type ListPanelProps } from '../../../components/ListPanel.tsx';
import { formatCount } from '../../../format/format.ts';
import { Table, TableScroll } from '../../../components/DataTable.tsx';

/** A column's head: its label, and `num` for figures (right-aligned, monospace). */
export type Column = string | { label: string; num?: boolean };

export type TablePanelProps = Pick<ListPanelProps, 'title' | 'empty' | 'more'> & {
  /** how many rows there are in all */
  total: number;
  /** the table's accessible name */
  label: string;
  columns: readonly Column[];
  /** the rows: <tr> elements */
  children: ReactNode;
  /** a Table with a layout of its own (e.g. rows stacked on a phone) */
  table?: ComponentType<{ 'aria-label': string; children: ReactNode }>;
  isEmpty: boolean;
};

/** A dashboard table on a panel: its count, its head, its rows, an empty state and 'Load more'. */
export function TablePanel({ total, label, columns, children, table: TableLayout = Table, ...panel }: TablePanelProps) {
  return (
    <ListPanel {...panel} actions={`${formatCount(total)} total`}>
      <TableScroll>
        <TableLayout aria-label={label}>
          <thead>
            <tr>
              {columns.map((c) => {
                const { label: text, num } = typeof c === 'string' ? { label: c, num: false } : c;
                return (
                  <th key={text} scope="col" className={num ? 'num' : undefined}>
                    {text}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </TableLayout>
      </TableScroll>
    </ListPanel>
  );
}

/** A row's contract: its title, linking to the contract, cut with an ellipsis (the whole title on hover). */
export function ContractCell({ contractId, title, className }: { contractId: string; title: string; className?: string }) {
  return (
    <td className={className ? `${className} title` : 'title'}>
      <Link to={`/contract/${contractId}`} className="strong" title={title}>
        {title}
      </Link>
    </td>
  );
}
