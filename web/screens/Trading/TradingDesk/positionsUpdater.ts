import { ConnectionHandler, type RecordProxy, type RecordSourceSelectorProxy } from 'relay-runtime';
import { CLOSED_CONNECTION, EDGE_TYPE, HISTORY_CONNECTION, OPEN_CONNECTION } from './positionConnections.ts';

// A live position update may be news (opened in another tab, closed by a stop-loss or take-profit)
// or an echo of this tab's own open or close, so it is placed where its status says, once.

function has(connection: RecordProxy, id: string) {
  return (connection.getLinkedRecords('edges') ?? []).some((e) => e?.getLinkedRecord('node')?.getDataID() === id);
}

function prepend(store: RecordSourceSelectorProxy, connection: RecordProxy | null | undefined, node: RecordProxy) {
  if (!connection || has(connection, node.getDataID())) return;
  const edge = ConnectionHandler.createEdge(store, connection, node, EDGE_TYPE);
  ConnectionHandler.insertEdgeBefore(connection, edge);
}

/** Puts `position` in the viewer's open list or in the closed lists, and takes it out of the other. */
export function placePosition(store: RecordSourceSelectorProxy, viewerDataId: string, position: RecordProxy | null | undefined) {
  const viewer = store.get(viewerDataId);
  if (!viewer || !position) return;
  const open = ConnectionHandler.getConnection(viewer, OPEN_CONNECTION, { status: 'open' });
  const closed = [CLOSED_CONNECTION, HISTORY_CONNECTION].map((key) => ConnectionHandler.getConnection(viewer, key, { status: 'closed' }));
  const id = position.getDataID();
  if (position.getValue('status') === 'closed') {
    if (open) ConnectionHandler.deleteNode(open, id);
    for (const c of closed) prepend(store, c, position);
  } else {
    prepend(store, open, position);
  }
}
