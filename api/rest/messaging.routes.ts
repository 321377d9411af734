import { Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { Yoga } from '../graphql/yoga.ts';
import { json, listEveryPage, operation, respondWithGraphQLErrors, respondWithResult, runOperation, type ClientIp } from './execute.ts';
import { jsonError } from './respond.ts';
import { z } from 'zod';
import { body, documentedAs, field, queryOf, readBody } from './openapi/describe.ts';
import { ChatMessageAnswer, ConversationAnswer } from './openapi/shapes.ts';
import { TOTAL_HEADER } from './page-links.ts';

/** The routes of this file under one heading of the reference page. */
const doc = documentedAs('Messages');

const MessagesQuery = z.object({ conversationId: z.string({ error: 'conversationId is required' }).describe('The conversation to read.') });
const SendBody = body({
  recipientId: field.nullish().describe('Who receives it; opens the conversation with them when there is none.'),
  content: z.string({ error: 'Message content must be text' }).nullish(),
  conversationId: field.nullish().describe('Or: the conversation to write in.'),
});

// Messaging over REST (docs/decisions.md "Messaging"), for the viewer only:
//   GET  /api/messages/conversations        the viewer's conversations, newest activity first
//   GET  /api/messages?conversationId=...   a conversation's messages, oldest first; reading them marks it read
//   POST /api/messages { recipientId, content[, conversationId] }  201 with the message (429 past the per-user limit)
//   GET  /api/messages/unread/{userId}      { count }: the viewer's own only (403 for anyone else's)
// 401 logged out; 404 a conversation that is not the viewer's, an unknown recipient; 400 bad input.

interface MessageNode {
  messageId: string;
  conversationId: string;
  senderId: string;
  recipientId: string;
  content: string;
  sentAt: string;
  readAt: string | null;
  isRead: boolean;
}

interface ConversationNode {
  conversationId: string;
  contractId: string | null;
  contractTitle: string | null;
  unreadCount: number;
  lastMessageAt: string;
  otherUser: { userId: string; name: string; profileImage: string | null } | null;
  lastMessage: { content: string; sentAt: string } | null;
}

interface Page<T> {
  edges: Array<{ node: T }>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

const MESSAGE_FIELDS = 'messageId conversationId senderId recipientId content sentAt readAt isRead';
const PAGE = 100;

const CONVERSATIONS = operation<{ viewer: { conversations: Page<ConversationNode> } | null }, { after?: string | null }>(`query RestConversations($after: String) {
  viewer { conversations(first: ${PAGE}, after: $after) { edges { node { conversationId contractId contractTitle unreadCount lastMessageAt
    otherUser { userId name profileImage } lastMessage { content sentAt } } } pageInfo { hasNextPage endCursor } } } }`);

const MARK_READ = operation<{ markConversationRead: { __typename: string } }>(`mutation RestMarkConversationRead($input: MarkConversationReadInput!) {
  markConversationRead(input: $input) { __typename ... on Error { message code reason } } }`);

const MESSAGES = operation<{ conversation: { messages: Page<MessageNode> } | null }, { id: string; after?: string | null }>(`query RestMessages($id: ID!, $after: String) {
  conversation(id: $id) { messages(first: ${PAGE}, after: $after) { edges { node { ${MESSAGE_FIELDS} } } pageInfo { hasNextPage endCursor } } } }`);

const SEND = operation<{ sendMessage: { __typename: string; data?: MessageNode } }>(`mutation RestSendMessage($input: SendMessageInput!) {
  sendMessage(input: $input) { __typename ... on Error { message code reason ... on ValidationError { fieldErrors { field message } }
    ... on RateLimitedError { retryAfterSeconds } } ... on MutationSendMessageSuccess { data { ${MESSAGE_FIELDS} } } } }`);

const UNREAD = operation<{ viewer: { userId: string; unreadMessageCount: number | null } | null }>(`query RestUnread { viewer { userId unreadMessageCount } }`);


const messageJson = (m: MessageNode) => ({
  id: m.messageId,
  conversationId: m.conversationId,
  senderId: m.senderId,
  recipientId: m.recipientId,
  content: m.content,
  sentAt: m.sentAt,
  isRead: m.isRead,
  readAt: m.readAt,
});

const conversationJson = (c: ConversationNode) => ({
  id: c.conversationId,
  otherUser: c.otherUser && { id: c.otherUser.userId, name: c.otherUser.name, profileImage: c.otherUser.profileImage },
  unreadCount: c.unreadCount,
  lastMessage: c.lastMessage && { content: c.lastMessage.content, sentAt: c.lastMessage.sentAt },
  contractId: c.contractId,
  contractTitle: c.contractTitle,
  lastMessageAt: c.lastMessageAt,
});

/** A text field of the body: strings as they are, numbers as text, anything else absent. */
const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

export function messagingRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  r.get('/messages/conversations', doc({
    access: 'signed-in',
    tokenScopes: ['messages'],
    summary: "The signed-in user's conversations, newest activity first",
    answers: { 200: { description: 'The conversations', schema: z.array(ConversationAnswer), headers: TOTAL_HEADER } },
  }), async (c) => {
    const loggedOut = () => jsonError(c, 'LOGIN_REQUIRED', 'Authentication required');
    return listEveryPage(yoga, c, clientIp(c), CONVERSATIONS, {}, (data) => data?.viewer?.conversations ?? loggedOut(), conversationJson);
  });

  r.get('/messages/unread/:userId', doc({
    access: 'signed-in',
    tokenScopes: ['messages'],
    summary: "How many unread messages (one's own only)",
    answers: { 200: z.object({ count: z.number().int() }) },
    errors: [403],
  }), async (c) => {
    const { data, errors } = await runOperation(yoga, c, clientIp(c), UNREAD);
    if (errors?.length) return respondWithGraphQLErrors(c, errors, data);
    if (!data?.viewer) return jsonError(c, 'LOGIN_REQUIRED', 'Authentication required');
    // Own only, administrators included: a user's unread count is nobody else's business.
    if (data.viewer.userId !== c.req.param('userId')) return jsonError(c, 'NOT_OWNER', "You can only read your own unread messages");
    return json(c, { count: data.viewer.unreadMessageCount ?? 0 });
  });

  r.get('/messages', doc({
    access: 'signed-in',
    tokenScopes: ['messages'],
    summary: "A conversation's messages, oldest first (reading marks it read)",
    answers: { 200: { description: 'The messages', schema: z.array(ChatMessageAnswer), headers: TOTAL_HEADER } },
    errors: [404],
  }), queryOf(MessagesQuery), async (c) => {
    const conversationId = c.req.valid('query').conversationId?.trim();
    if (!conversationId) return jsonError(c, 'INVALID_INPUT', 'conversationId is required');
    // Reading the thread is opening it: its messages to the viewer are read now (and a conversation
    // that is not the viewer's answers 404, a logged-out caller 401).
    const marked = await runOperation(yoga, c, clientIp(c), MARK_READ, { input: { conversationId } });
    if (marked.errors?.length || marked.data?.markConversationRead.__typename !== 'MutationMarkConversationReadSuccess') {
      return respondWithResult(c, marked, 'markConversationRead', () => jsonError(c, 'INTERNAL_ERROR', 'Internal server error'));
    }
    const notFound = () => jsonError(c, 'NOT_FOUND', 'Conversation not found');
    return listEveryPage(yoga, c, clientIp(c), MESSAGES, { id: conversationId }, (data) => data?.conversation?.messages ?? notFound(), messageJson);
  });

  r.post('/messages', doc({
    access: 'signed-in',
    tokenScopes: ['messages'],
    summary: 'Send a message (opens the conversation when there is none)',
    body: SendBody,
    example: { recipientId: '0196c4a0-0000-7000-8000-000000000003', content: 'Does the set include 2025?' },
    answers: { 201: ChatMessageAnswer },
    errors: [404, 429],
  }), async (c) => {
    const body = await readBody(c, SendBody);
    const input = {
      content: body.content ?? '',
      recipientId: text(body.recipientId) ?? null,
      conversationId: text(body.conversationId) ?? null,
    };
    const result = await runOperation(yoga, c, clientIp(c), SEND, { input });
    return respondWithResult(c, result, 'sendMessage', (data: MessageNode) => json(c, messageJson(data), 201));
  });

  return r;
}
