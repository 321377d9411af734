import { Environment, Network, RecordSource, Store, createOperationDescriptor } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import ConversationRead from '../__generated__/ConversationReadSubscription.graphql.ts';
import SendMessage from '../__generated__/SendMessageMutation.graphql.ts';
import { handlerProvider } from './handlers.ts';

// A read mark must survive a payload that was read on the server before the message was read
// and reaches the client after the live read event (see docs/decisions.md).

function environment() {
  return new Environment({
    network: Network.create(() => Promise.reject(new Error('no network in this test'))),
    store: new Store(new RecordSource()),
    handlerProvider,
  });
}

const message = (isRead: boolean) => ({
  __typename: 'Message',
  id: 'message-1',
  content: 'Yes, in the listing.',
  sentAt: '2026-11-23T10:00:00.000Z',
  isOwn: true,
  isRead,
  sender: { __typename: 'User', id: 'user-1', name: 'Tidewater Quant' },
  conversation: {
    __typename: 'Conversation',
    id: 'conversation-1',
    conversationId: 'c1',
    contractTitle: null,
    unreadCount: 0,
    lastMessageAt: '2026-11-23T10:00:00.000Z',
    otherUser: { __typename: 'User', id: 'user-2', name: 'Buyer', profileImage: null },
    lastMessage: { __typename: 'Message', id: 'message-1', content: 'Yes, in the listing.', sentAt: '2026-11-23T10:00:00.000Z', isOwn: true },
  },
});

function sendAnswer(env: Environment, isRead: boolean) {
  const operation = createOperationDescriptor(SendMessage, { input: { conversationId: 'c1', content: 'x' }, connections: [] });
  env.commitPayload(operation, { sendMessage: { __typename: 'MutationSendMessageSuccess', data: message(isRead) } } as never);
}

function readEvent(env: Environment, isRead: boolean) {
  const operation = createOperationDescriptor(ConversationRead, {});
  env.commitPayload(operation, {
    conversationRead: {
      __typename: 'Conversation',
      id: 'conversation-1',
      unreadCount: 0,
      messages: { edges: [{ node: { __typename: 'Message', id: 'message-1', isRead, readAt: isRead ? '2026-11-23T10:00:01.000Z' : null } }] },
    },
  } as never);
}

const readMark = (env: Environment) => env.getStore().getSource().get('message-1')?.['__isRead_onceTrue'];

describe('onceTrue read marks', () => {
  it('a late answer that says "sent" does not take back the read mark', () => {
    const env = environment();
    sendAnswer(env, false);
    expect(readMark(env)).toBe(false);
    readEvent(env, true);
    expect(readMark(env)).toBe(true);
    sendAnswer(env, false);
    expect(readMark(env)).toBe(true);
  });

  it('a read message arriving first is read, whichever payload brings it', () => {
    const env = environment();
    readEvent(env, true);
    expect(readMark(env)).toBe(true);
    readEvent(env, false);
    expect(readMark(env)).toBe(true);
  });

  it('Relay\'s own handles still work (connections)', () => {
    expect(handlerProvider('connection')).toBeTruthy();
    expect(() => handlerProvider('no-such-handle')).toThrow();
  });
});
