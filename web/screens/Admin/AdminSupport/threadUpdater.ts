import type { RecordProxy, RecordSourceSelectorProxy } from 'relay-runtime';

// A support message has no global id, so the store keeps a ticket's thread as a plain list. A new
// message (the reply's answer, or a live one) is copied into a record of its own, named after its
// messageId, and appended once: the reply's answer and its live echo are the same message.

/** Appends `message` to the thread of the ticket whose record id is `ticketDataId`, unless it is there. */
export function appendThreadMessage(store: RecordSourceSelectorProxy, ticketDataId: string, message: RecordProxy | null | undefined) {
  if (!message) return;
  const ticket = store.get(ticketDataId);
  const thread = ticket?.getLinkedRecords('messages');
  if (!ticket || !thread) return;
  const messageId = message.getValue('messageId');
  if (typeof messageId !== 'string' || thread.some((m) => m?.getValue('messageId') === messageId)) return;
  const recordId = `client:SupportMessage:${messageId}`;
  const record = store.get(recordId) ?? store.create(recordId, 'SupportMessage');
  record.copyFieldsFrom(message);
  ticket.setLinkedRecords([...thread, record], 'messages');
}
