import { graphql, usePaginationFragment } from 'react-relay';
import styled from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ListPanel } from '../../../components/ListPanel.tsx';
import type { SimpleApplicationTable_query$key } from '../../../__generated__/SimpleApplicationTable_query.graphql.ts';
import type { SimpleApplicationTablePaginationQuery } from '../../../__generated__/SimpleApplicationTablePaginationQuery.graphql.ts';
import { formatCount, formatDate } from '../../../format/format.ts';
import { applicationStatusLabel, statusTone } from '../../../format/labels.ts';
import { labelText } from '../../../theme/text.ts';

const PAGE = 25;

// focusable, so a keyboard can scroll a table wider than the screen
const Scroll = styled.div.attrs({ tabIndex: 0 })`
  overflow-x: auto;
  -webkit-overflow-scrolling: touch;
`;

const Table = styled.table`
  width: 100%;
  min-width: 980px;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  th,
  td {
    padding: 9px 12px;
    text-align: left;
    vertical-align: top;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  thead th {
    background: ${({ theme }) => theme.colors.panelAlt};
    ${labelText}
    white-space: nowrap;
  }
  tbody tr:hover,
  tbody tr:hover > th {
    background: ${({ theme }) => theme.colors.hover};
  }
  /* the name stays in view while the row scrolls sideways on narrow screens */
  tr > :first-child {
    position: sticky;
    left: 0;
    z-index: 1;
    background: ${({ theme }) => theme.colors.panel};
    box-shadow: 1px 0 0 ${({ theme }) => theme.colors.border};
  }
  thead tr > :first-child {
    background: ${({ theme }) => theme.colors.panelAlt};
  }
  tbody tr:last-child > * {
    border-bottom: 0;
  }
  .name {
    color: ${({ theme }) => theme.colors.textStrong};
    font-weight: 600;
    min-width: 180px;
  }
  .sub {
    display: block;
    margin-top: 2px;
    font-weight: 400;
    font-size: ${({ theme }) => theme.fontSizes.xs};
    color: ${({ theme }) => theme.colors.textDim};
  }
  .mono {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-variant-numeric: tabular-nums;
    font-size: ${({ theme }) => theme.fontSizes.xs};
    color: ${({ theme }) => theme.colors.textMuted};
    white-space: nowrap;
  }
  .types {
    min-width: 200px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .notes {
    min-width: 200px;
    max-width: 320px;
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
  .dim {
    color: ${({ theme }) => theme.colors.textDim};
  }
  .reason {
    display: block;
    color: ${({ theme }) => theme.colors.down};
  }
`;

const Count = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-variant-numeric: tabular-nums;
`;

export type SimpleApplicationTableProps = { query: SimpleApplicationTable_query$key };

/** name, status, email, data types, submitted date, volume, review notes. */
export function SimpleApplicationTable({ query }: SimpleApplicationTableProps) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<SimpleApplicationTablePaginationQuery, SimpleApplicationTable_query$key>(
    graphql`
      fragment SimpleApplicationTable_query on Query
      @refetchable(queryName: "SimpleApplicationTablePaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 25 }, cursor: { type: "String" }) {
        applications(first: $count, after: $cursor) @connection(key: "SimpleApplicationTable_applications") {
          totalCount
          edges {
            node {
              id
              legalBusinessName
              status
              businessEmail
              dataTypes
              submittedAt
              dataVolume
              reviewNotes
              rejectionReason
              user {
                name
              }
            }
          }
        }
      }
    `,
    query,
  );
  const edges = data.applications.edges;
  const total = data.applications.totalCount;

  return (
    <ListPanel
      title="Applications"
      actions={<Count>{`${formatCount(total)} total`}</Count>}
      isEmpty={edges.length === 0}
      empty={<EmptyState compact title="No applications found" />}
      more={{ what: 'applications', hasNext, loading: isLoadingNext, onLoad: () => loadNext(PAGE) }}
    >
      <Scroll>
        <Table aria-label="Applications">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Status</th>
              <th scope="col">Email</th>
              <th scope="col">Data types</th>
              <th scope="col">Submitted</th>
              <th scope="col">Volume</th>
              <th scope="col">Review notes</th>
            </tr>
          </thead>
          <tbody>
            {edges.map(({ node: a }) => (
              <tr key={a.id}>
                <th scope="row" className="name">
                  {a.legalBusinessName}
                  {a.user?.name && <span className="sub">{a.user.name}</span>}
                </th>
                <td>
                  <Badge tone={statusTone(a.status)} size="sm">
                    {applicationStatusLabel(a.status)}
                  </Badge>
                </td>
                <td className="mono">{a.businessEmail}</td>
                <td className="types">{a.dataTypes.length ? a.dataTypes.join(', ') : <span className="dim">—</span>}</td>
                <td className="mono">
                  <time dateTime={a.submittedAt}>{formatDate(a.submittedAt)}</time>
                </td>
                <td className="mono">{a.dataVolume || <span className="dim">—</span>}</td>
                <td className="notes">
                  {a.reviewNotes || (!a.rejectionReason && <span className="dim">—</span>)}
                  {a.status === 'rejected' && a.rejectionReason && <span className="reason">Rejected: {a.rejectionReason}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Scroll>
    </ListPanel>
  );
}
