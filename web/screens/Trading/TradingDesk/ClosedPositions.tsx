import { graphql, usePaginationFragment } from 'react-relay';
import type { ClosedPositions_viewer$key } from '../../../__generated__/ClosedPositions_viewer.graphql.ts';
import type { ClosedPositionsPaginationQuery } from '../../../__generated__/ClosedPositionsPaginationQuery.graphql.ts';
import { plural } from '../../../format/format.ts';
import { ClosedPositionRow } from './ClosedPositionRow.tsx';
import { PositionsPanel } from './PositionsPanel.tsx';

const PAGE = 20;

const COLUMNS = [
  { label: 'Contract' },
  { label: 'Type', className: 'center' },
  { label: 'Entry' },
  { label: 'Exit' },
  { label: 'Qty' },
  { label: 'Mult.' },
  { label: 'Realised P/L' },
  { label: 'P/L %' },
  { label: 'Reason', className: 'text' },
  { label: 'Closed' },
];

export type ClosedPositionsProps = { viewer: ClosedPositions_viewer$key };

/** Closed positions: by hand, by stop-loss or by take-profit, with the realised P/L. */
export function ClosedPositions({ viewer }: ClosedPositionsProps) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<ClosedPositionsPaginationQuery, ClosedPositions_viewer$key>(
    graphql`
      fragment ClosedPositions_viewer on User
      @refetchable(queryName: "ClosedPositionsPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }) {
        closedPositions: positions(status: closed, first: $count, after: $cursor) @connection(key: "ClosedPositions_closedPositions") {
          edges {
            node {
              id
              ...ClosedPositionRow_position
            }
          }
        }
      }
    `,
    viewer,
  );
  const edges = data.closedPositions?.edges ?? [];
  return (
    <PositionsPanel
      title="Closed positions"
      data-testid="closed-positions"
      count={hasNext ? `${edges.length}+ closed` : plural(edges.length, 'closed position')}
      empty={{
        icon: 'checks',
        title: 'No closed positions',
        description: 'Positions you close, or that a stop-loss or take-profit closes, are listed here.',
      }}
      columns={COLUMNS}
      rows={edges.map((e) => <ClosedPositionRow key={e.node.id} position={e.node} />)}
      hasNext={hasNext}
      isLoadingNext={isLoadingNext}
      onMore={() => loadNext(PAGE)}
    />
  );
}
