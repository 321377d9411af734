import { useMemo } from 'react';
import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Panel } from '../../../components/Panel.tsx';
import type { DetailSample_contract$key } from '../../../__generated__/DetailSample_contract.graphql.ts';
import { cellText, sampleColumns, sampleRows } from './detailFormat.ts';
import { plural } from '../../../format/format.ts';

const Scroll = styled.div`
  overflow-x: auto;
  overscroll-behavior-x: contain;

  &:focus-visible { outline-offset: -2px; }
`;

const Table = styled.table`
  width: max-content;
  min-width: 100%;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  th,
  td {
    padding: 8px 14px;
    text-align: left;
    white-space: nowrap;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  th {
    position: sticky;
    top: 0;
    background: ${({ theme }) => theme.colors.panelAlt};
    font-size: ${({ theme }) => theme.fontSizes.xxs};
    font-weight: 700;
    letter-spacing: ${({ theme }) => theme.tracking.label};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  td {
    max-width: 340px;
    overflow: hidden;
    text-overflow: ellipsis;
    color: ${({ theme }) => theme.colors.text};
  }
  td.num { text-align: right; color: ${({ theme }) => theme.colors.textStrong}; }
  td.empty { color: ${({ theme }) => theme.colors.textDim}; }
  tbody tr:last-child td { border-bottom: 0; }
  tbody tr:hover td { background: rgba(255, 255, 255, 0.02); }
  th:first-child, td:first-child { padding-left: 16px; }
  th:last-child, td:last-child { padding-right: 16px; }
`;

const Note = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  color: ${({ theme }) => theme.colors.textDim};
`;

const Empty = styled.div`
  padding: 16px;
`;

export type DetailSampleProps = { contract: DetailSample_contract$key };

/** 'Data sample preview': the sample rows, one column per key of the first row. */
export function DetailSample({ contract }: DetailSampleProps) {
  const c = useFragment(
    graphql`
      fragment DetailSample_contract on Contract {
        sampleData
        dataFields
      }
    `,
    contract,
  );
  const rows = useMemo(() => sampleRows(c.sampleData), [c.sampleData]);
  const columns = useMemo(() => sampleColumns(rows, c.dataFields), [rows, c.dataFields]);

  return (
    <Panel
      title="Data sample preview"
      padding="none"
      data-testid="sample-preview"
      actions={rows.length > 0 ? <Note>{plural(rows.length, 'row')}</Note> : undefined}
    >
      {columns.length === 0 ? (
        <Empty>
          <EmptyState compact icon="grid" title="No sample rows" description="The provider has not shared sample rows for this data set." />
        </Empty>
      ) : (
        // a focusable region, so keyboard users can scroll a wide sample sideways
        <Scroll tabIndex={0} role="region" aria-label="Sample rows">
          <Table>
            <thead>
              <tr>
                {columns.map((col) => (
                  <th key={col} scope="col">
                    {col}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i}>
                  {columns.map((col) => {
                    const value = row[col];
                    const text = cellText(value);
                    const cls = typeof value === 'number' ? 'num' : text === '—' ? 'empty' : undefined;
                    return (
                      <td key={col} className={cls} title={text.length > 40 ? text : undefined}>
                        {text}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </Table>
        </Scroll>
      )}
    </Panel>
  );
}
