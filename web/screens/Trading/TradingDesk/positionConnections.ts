import { ConnectionHandler } from 'relay-runtime';

// The viewer's three lists of positions in the store: open ones (the table), closed ones (the
// table below it) and every closed one (the realised P/L chart). Opening, closing and live updates
// move a position between them by these ids.

export const OPEN_CONNECTION = 'OpenPositions_openPositions';
export const CLOSED_CONNECTION = 'ClosedPositions_closedPositions';
export const HISTORY_CONNECTION = 'PnlChart_history';
export const EDGE_TYPE = 'UserPositionsConnectionEdge';

export function positionConnectionIds(viewerId: string) {
  return {
    open: ConnectionHandler.getConnectionID(viewerId, OPEN_CONNECTION, { status: 'open' }),
    closed: [
      ConnectionHandler.getConnectionID(viewerId, CLOSED_CONNECTION, { status: 'closed' }),
      ConnectionHandler.getConnectionID(viewerId, HISTORY_CONNECTION, { status: 'closed' }),
    ],
  };
}
