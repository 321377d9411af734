import type { RecordSourceProxy } from 'relay-runtime';

/**
 * Moves a connection's `totalCount` by `delta` (never below zero), when the connection and its count
 * are in the store: a list header's count follows rows that a mutation took out (@deleteEdge) or
 * put in, without reading the list again.
 */
export function addToTotalCount(store: RecordSourceProxy, connectionId: string, delta: number): void {
  const connection = store.get(connectionId);
  const total = connection?.getValue('totalCount');
  if (connection && typeof total === 'number') connection.setValue(Math.max(0, total + delta), 'totalCount');
}
