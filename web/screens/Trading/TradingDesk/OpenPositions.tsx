import { graphql, usePaginationFragment } from 'react-relay';
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import type { OpenPositions_viewer$key } from '../../../__generated__/OpenPositions_viewer.graphql.ts';
import type { OpenPositionsPaginationQuery } from '../../../__generated__/OpenPositionsPaginationQuery.graphql.ts';
import { plural } from '../../../format/format.ts';
import { OpenPositionRow } from './OpenPositionRow.tsx';
import { More, Scroller, Table } from './positionTable.ts';

const PAGE = 20;

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
    <Panel
      title="Open positions"
      padding="none"
      data-testid="open-positions"
      actions={<span aria-live="polite">{hasNext ? `${edges.length}+ open` : plural(edges.length, 'open position')}</span>}
    >
      {edges.length === 0 ? (
        <EmptyState compact icon="chart" title="No open positions" description="Open a long or short position on any active contract with the form." />
      ) : (
        <Scroller tabIndex={0} role="region" aria-label="Open positions table">
          <Table role="table" aria-label="Open positions">
            <thead role="rowgroup">
              <tr role="row">
                <th role="columnheader" scope="col">Contract</th>
                <th role="columnheader" scope="col" className="center">Type</th>
                <th role="columnheader" scope="col">Entry</th>
                <th role="columnheader" scope="col">Current</th>
                <th role="columnheader" scope="col">Qty</th>
                <th role="columnheader" scope="col">Mult.</th>
                <th role="columnheader" scope="col">Margin</th>
                <th role="columnheader" scope="col">P/L</th>
                <th role="columnheader" scope="col">P/L %</th>
                <th role="columnheader" scope="col">Stop-loss</th>
                <th role="columnheader" scope="col">Take-profit</th>
                <th role="columnheader" scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {edges.map((e) => (
                <OpenPositionRow key={e.node.id} position={e.node} viewerId={data.id} />
              ))}
            </tbody>
          </Table>
        </Scroller>
      )}
      {hasNext && (
        <More>
          <Button size="sm" variant="ghost" busy={isLoadingNext} onClick={() => loadNext(PAGE)}>
            Load more open positions
          </Button>
        </More>
      )}
    </Panel>
  );
}
