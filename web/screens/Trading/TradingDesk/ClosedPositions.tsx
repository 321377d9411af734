import { graphql, usePaginationFragment } from 'react-relay';
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Panel } from '../../../components/Panel.tsx';
import type { ClosedPositions_viewer$key } from '../../../__generated__/ClosedPositions_viewer.graphql.ts';
import type { ClosedPositionsPaginationQuery } from '../../../__generated__/ClosedPositionsPaginationQuery.graphql.ts';
import { plural } from '../../../format/format.ts';
import { ClosedPositionRow } from './ClosedPositionRow.tsx';
import { More, Scroller, Table } from './positionTable.ts';

const PAGE = 20;

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
    <Panel
      title="Closed positions"
      padding="none"
      data-testid="closed-positions"
      actions={hasNext ? `${edges.length}+ closed` : plural(edges.length, 'closed position')}
    >
      {edges.length === 0 ? (
        <EmptyState compact icon="checks" title="No closed positions" description="Positions you close, or that a stop-loss or take-profit closes, are listed here." />
      ) : (
        <Scroller tabIndex={0} role="region" aria-label="Closed positions table">
          <Table role="table" aria-label="Closed positions">
            <thead role="rowgroup">
              <tr role="row">
                <th role="columnheader" scope="col">Contract</th>
                <th role="columnheader" scope="col" className="center">Type</th>
                <th role="columnheader" scope="col">Entry</th>
                <th role="columnheader" scope="col">Exit</th>
                <th role="columnheader" scope="col">Qty</th>
                <th role="columnheader" scope="col">Mult.</th>
                <th role="columnheader" scope="col">Realised P/L</th>
                <th role="columnheader" scope="col">P/L %</th>
                <th role="columnheader" scope="col" className="text">Reason</th>
                <th role="columnheader" scope="col">Closed</th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {edges.map((e) => (
                <ClosedPositionRow key={e.node.id} position={e.node} />
              ))}
            </tbody>
          </Table>
        </Scroller>
      )}
      {hasNext && (
        <More>
          <Button size="sm" variant="ghost" busy={isLoadingNext} onClick={() => loadNext(PAGE)}>
            Load more closed positions
          </Button>
        </More>
      )}
    </Panel>
  );
}
