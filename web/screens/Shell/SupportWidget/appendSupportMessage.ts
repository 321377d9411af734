import type { RecordProxy, RecordSourceSelectorProxy } from 'relay-runtime';

/**
 * Adds a message (a mutation's or a subscription's payload) to the end of the ticket's thread,
 * once. Messages are not nodes: Relay files a payload under its root field, where the next
 * payload would overwrite it, so the message is copied into a record of its own first.
 */
export function appendSupportMessage(store: RecordSourceSelectorProxy, ticketRecordId: string, payload: RecordProxy | null | undefined) {
  const ticket = store.get(ticketRecordId);
  const messageId = payload?.getValue('messageId');
  if (!ticket || !payload || typeof messageId !== 'string') return;
  const thread = ticket.getLinkedRecords('messages') ?? [];
  if (thread.some((m) => m?.getValue('messageId') === messageId)) return;
  const recordId = `client:SupportMessage:${messageId}`;
  const message = store.get(recordId) ?? store.create(recordId, 'SupportMessage');
  message.copyFieldsFrom(payload);
  ticket.setLinkedRecords([...thread, message], 'messages');
}
