import { ConnectionHandler, type RecordProxy, type RecordSourceSelectorProxy } from 'relay-runtime';

// Store updates a live message needs that no declarative directive expresses: it belongs to
// whichever thread it names (not a connection known when subscribing), and it moves its
// conversation to the top of the list (newest activity first), which @prependNode does not do for
// a conversation already listed.

export const CONVERSATION_LIST_KEY = 'ConversationList_conversations';
export const MESSAGE_THREAD_KEY = 'MessageThread_messages';

function hasNode(connection: RecordProxy, id: string): boolean {
  return (connection.getLinkedRecords('edges') ?? []).some((edge) => edge?.getLinkedRecord('node')?.getDataID() === id);
}

/** Appends the message to its conversation's thread when that thread is in the store (once). */
export function appendToThread(store: RecordSourceSelectorProxy, conversation: RecordProxy, message: RecordProxy) {
  const connection = ConnectionHandler.getConnection(conversation, MESSAGE_THREAD_KEY);
  if (!connection || hasNode(connection, message.getDataID())) return;
  const edge = ConnectionHandler.createEdge(store, connection, message, 'ConversationMessagesConnectionEdge');
  ConnectionHandler.insertEdgeAfter(connection, edge);
}

/** Moves the conversation to the top of the viewer's list, adding it when it is new there. */
export function moveToTop(store: RecordSourceSelectorProxy, conversation: RecordProxy) {
  const viewer = store.getRoot().getLinkedRecord('viewer');
  const connection = viewer ? ConnectionHandler.getConnection(viewer, CONVERSATION_LIST_KEY) : null;
  if (!connection) return;
  const id = conversation.getDataID();
  const edges = connection.getLinkedRecords('edges') ?? [];
  if (edges[0]?.getLinkedRecord('node')?.getDataID() === id) return;
  const isNew = !hasNode(connection, id);
  ConnectionHandler.deleteNode(connection, id);
  ConnectionHandler.insertEdgeBefore(connection, ConnectionHandler.createEdge(store, connection, conversation, 'UserConversationsConnectionEdge'));
  if (isNew) {
    const total = connection.getValue('totalCount');
    if (typeof total === 'number') connection.setValue(total + 1, 'totalCount');
  }
}
