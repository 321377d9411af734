import { graphql, usePaginationFragment } from 'react-relay';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import type { OpenPositions_viewer$key } from '../../../__generated__/OpenPositions_viewer.graphql.ts';
import type { OpenPositionsPaginationQuery } from '../../../__generated__/OpenPositionsPaginationQuery.graphql.ts';
import { plural } from '../../../format/format.ts';
import { OpenPositionRow } from './OpenPositionRow.tsx';
import { PositionsPanel } from './PositionsPanel.tsx';

const PAGE = 20;

const COLUMNS = [
  { label: 'Contract' },
  { label: 'Type', className: 'center' },
  { label: 'Entry' },
  { label: 'Current' },
  { label: 'Qty' },
  { label: 'Mult.' },
  { label: 'Margin' },
  { label: 'P/L' },
  { label: 'P/L %' },
  { label: 'Stop-loss' },
  { label: 'Take-profit' },
  { label: <VisuallyHidden>Actions</VisuallyHidden> },
];

export type OpenPositionsProps = { viewer: OpenPositions_viewer$key };

/** The open positions, newest first, live (current price and P/L follow the market). */
export function OpenPositions({ viewer }: OpenPositionsProps) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<OpenPositionsPaginationQuery, OpenPositions_viewer$key>(
    graphql`
      fragment OpenPositions_viewer on User
      @refetchable(queryName: "OpenPositionsPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }) {
        id
        openPositions: positions(status: open, first: $count, after: $cursor) @connection(key: "OpenPositions_openPositions") {
          edges {
            node {
              id
              ...OpenPositionRow_position
            }
          }
        }
      }
    `,
    viewer,
  );
  const edges = data.openPositions?.edges ?? [];
  return (
    <PositionsPanel
      title="Open positions"
      data-testid="open-positions"
      count={<span aria-live="polite">{hasNext ? `${edges.length}+ open` : plural(edges.length, 'open position')}</span>}
      empty={{ icon: 'chart', title: 'No open positions', description: 'Open a long or short position on any active contract with the form.' }}
      columns={COLUMNS}
      rows={edges.map((e) => <OpenPositionRow key={e.node.id} position={e.node} viewerId={data.id} />)}
      hasNext={hasNext}
      isLoadingNext={isLoadingNext}
      onMore={() => loadNext(PAGE)}
    />
  );
}
