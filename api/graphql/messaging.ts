import { builder } from './builder.ts';
import { selectable } from './prisma-query.ts';
import { plainId } from './global-ids.ts';
import { UserType } from './user.ts';
import {
  conversationsOf,
  markConversationRead,
  openConversation,
  sendMessage,
  unreadMessageCount,
} from '../domain/messaging/messaging.service.ts';
import { lastMessageLoader } from '../domain/messaging/messaging.loaders.ts';
import { requestLoader } from './loaders.ts';
import { AuthenticationError, NotFoundError, RateLimitedError, ValidationError } from '../domain/errors.ts';
import type { User } from '../db/generated/prisma/client.ts';
import type { Context } from '../context.ts';
import { isSelf } from '../domain/policies.ts';
import { noteWholeList, totalOf } from './whole-list-count.ts';

// Messaging (docs/decisions.md "Messaging"): conversations between two users, optionally about a
// contract. A conversation and its messages exist only for its two participants: for anyone else
// every lookup answers as for an id that names nothing.

const NOBODY = '00000000-0000-0000-0000-000000000000';
const viewerId = (ctx: Context) => ctx.viewer?.id ?? NOBODY;
const lastMessages = (ctx: Context) => requestLoader(ctx, 'lastMessages', () => lastMessageLoader(ctx.services.sql));
const selfOnly = { authScopes: (user: User, _args: unknown, ctx: Context) => isSelf(ctx.viewer, user.id), unauthorizedResolver: () => null } as const;

const MessageType = builder.prismaNode('Message', {
  id: { field: 'id' },
  findUnique: (id, ctx) => ({ id, conversation: conversationsOf(viewerId(ctx)) }),
  fields: (t) => ({
    messageId: t.exposeString('id'),
    conversationId: t.exposeString('conversationId'),
    conversation: t.relation('conversation', {
      description: 'The thread it belongs to (a live message also refreshes its entry in the conversation list).',
    }),
    senderId: t.exposeString('senderId'),
    recipientId: t.exposeString('recipientId'),
    sender: t.relation('sender'),
    content: t.exposeString('content'),
    sentAt: t.expose('sentAt', { type: 'DateTime' }),
    readAt: t.expose('readAt', { type: 'DateTime', nullable: true, description: 'When the recipient read it (the read mark of own messages).' }),
    isRead: t.boolean({ resolve: (m) => m.readAt !== null }),
    isOwn: t.boolean({ description: 'Whether the viewer sent it.', resolve: (m, _args, ctx) => m.senderId === ctx.viewer?.id }),
  }),
});

builder.prismaNode('Conversation', {
  id: { field: 'id' },
  findUnique: (id, ctx) => ({ id, participants: { some: { userId: viewerId(ctx) } } }),
  fields: (t) => ({
    conversationId: t.exposeString('id', { description: 'The plain id used by the REST paths (?conversationId=).' }),
    contractId: t.exposeString('contractId', { nullable: true }),
    contractTitle: t.string({
      nullable: true,
      description: 'Title of the contract the conversation is about, if any.',
      select: { contract: { select: { title: true } } },
      resolve: (c) => c.contract?.title ?? null,
    }),
    otherUser: t.field({
      type: UserType,
      nullable: true,
      description: 'The participant who is not the viewer.',
      select: { participants: { include: { user: true } } },
      resolve: (c, _args, ctx) => c.participants.find((p) => p.userId !== ctx.viewer?.id)?.user ?? null,
    }),
    unreadCount: t.relationCount('messages', {
      description: 'Messages to the viewer in this conversation not read yet.',
      where: (_args, ctx) => ({ recipientId: viewerId(ctx), readAt: null }),
    }),
    lastMessage: t.field({
      type: MessageType,
      nullable: true,
      // One probe per conversation, batched (a relation with `take: 1` read every message).
      resolve: (c, _args, ctx) => lastMessages(ctx).load(c.id),
    }),
    lastMessageAt: t.expose('lastMessageAt', { type: 'DateTime' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    messages: t.relatedConnection('messages', {
      cursor: 'id',
      description: 'Oldest first: ask for the `last` N for the newest page and page back with `before`.',
      query: () => ({ orderBy: [{ sentAt: 'asc' }, { id: 'asc' }] }),
      totalCount: true,
    }),
  }),
});

builder.prismaObjectFields(UserType, (t) => ({
  conversations: t.prismaConnection({
    type: 'Conversation',
    cursor: 'id',
    nullable: true,
    description: "The user's conversations, newest activity first (only the user reads these).",
    ...selfOnly,
    totalCount: (user, args, ctx) => totalOf(args, () => ctx.db.conversation.count({ where: conversationsOf(user.id) })),
    resolve: async (query, user, args, ctx) =>
      noteWholeList(args, query, await ctx.db.conversation.findMany({ ...selectable(query), where: conversationsOf(user.id), orderBy: [{ lastMessageAt: 'desc' }, { id: 'desc' }] })),
  }),
  unreadMessageCount: t.int({
    nullable: true,
    description: 'Messages to the user not read yet (the header badge, the dashboard Messages tab); only the user reads it.',
    select: { _count: { select: { messagesReceived: { where: { readAt: null } } } } },
    ...selfOnly,
    resolve: (user) => user._count.messagesReceived,
  }),
}));

builder.queryField('conversation', (t) =>
  t.prismaField({
    type: 'Conversation',
    nullable: true,
    description: 'One of the viewer\'s conversations; null for an id that is not one of theirs.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (query, _root, args, ctx) => {
      // Read before the logged-out answer too, or Pothos warns the query went unused.
      const select = selectable(query);
      return ctx.viewer
        ? ctx.db.conversation.findFirst({ ...select, where: { id: plainId(String(args.id), 'Conversation'), ...conversationsOf(ctx.viewer.id) } })
        : null;
    },
  }),
);

const SendMessageInput = builder.inputType('SendMessageInput', {
  fields: (t) => ({
    content: t.string({ required: true, description: 'Trimmed; must not be blank.' }),
    conversationId: t.id({ description: 'The conversation to write in (to its other participant).' }),
    recipientId: t.id({ description: 'Without a conversation: the user to write to (their conversation is found or started).' }),
  }),
});

const OpenConversationInput = builder.inputType('OpenConversationInput', {
  fields: (t) => ({
    contractId: t.id({ description: "Talk to this contract's provider about it." }),
    userId: t.id({ description: 'Talk to this user.' }),
  }),
});

const ConversationInput = builder.inputType('MarkConversationReadInput', {
  fields: (t) => ({ conversationId: t.id({ required: true }) }),
});

/** A given id keeps its blankness (so the domain says it is required); anything else becomes a plain record id. */
const idOf = (id: string | number | null | undefined, typename: string) => {
  const text = id == null ? '' : String(id).trim();
  return text ? plainId(text, typename) : null;
};

builder.mutationFields((t) => ({
  sendMessage: t.prismaField({
    type: 'Message',
    errors: { types: [ValidationError, AuthenticationError, NotFoundError, RateLimitedError] },
    description: 'Sends a message in a conversation or to a user. Both participants hear messageReceived.',
    args: { input: t.arg({ type: SendMessageInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const { limiter, config } = ctx.services;
      const message = await sendMessage(
        { db: ctx.db, events: ctx.services.events, jobs: ctx.services.jobs },
        ctx.viewer,
        { content: input.content, conversationId: idOf(input.conversationId, 'Conversation'), recipientId: idOf(input.recipientId, 'User') },
        { limiter, ...config.messageLimits },
      );
      return ctx.db.message.findUniqueOrThrow({ ...selectable(query), where: { id: message.id } });
    },
  }),
  markConversationRead: t.prismaField({
    type: 'Conversation',
    errors: { types: [AuthenticationError, NotFoundError] },
    description: 'The viewer has read the conversation (opening a thread does this): every message to them in it gets its read time.',
    args: { input: t.arg({ type: ConversationInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const { conversationId } = await markConversationRead({ db: ctx.db, events: ctx.services.events }, ctx.viewer, plainId(String(input.conversationId), 'Conversation'));
      return ctx.db.conversation.findUniqueOrThrow({ ...selectable(query), where: { id: conversationId } });
    },
  }),
  openConversation: t.prismaField({
    type: 'Conversation',
    errors: { types: [ValidationError, AuthenticationError, NotFoundError] },
    description: "The viewer's conversation with a contract's provider (about it) or with a user; started when there is none.",
    args: { input: t.arg({ type: OpenConversationInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const conversation = await openConversation({ db: ctx.db, events: ctx.services.events }, ctx.viewer, {
        contractId: idOf(input.contractId, 'Contract'),
        userId: idOf(input.userId, 'User'),
      });
      return ctx.db.conversation.findUniqueOrThrow({ ...selectable(query), where: { id: conversation.id } });
    },
  }),
}));

/** Subscriptions listen to the viewer's own events only: anonymous sockets are refused. */
function viewerOf(ctx: Context): User {
  if (!ctx.viewer) throw new AuthenticationError();
  return ctx.viewer;
}

builder.subscriptionFields((t) => ({
  messageReceived: t.prismaField({
    type: 'Message',
    description: "Each new message of the viewer's conversations (sent or received).",
    subscribe: (_root, _args, ctx) => ctx.services.events.subscribe('messageSent', viewerOf(ctx).id),
    resolve: (query, event: { messageId: string }, _args, ctx) => ctx.db.message.findUniqueOrThrow({ ...selectable(query), where: { id: event.messageId } }),
  }),
  conversationRead: t.prismaField({
    type: 'Conversation',
    description: "One of the viewer's conversations was read by a participant (read marks of own messages).",
    subscribe: (_root, _args, ctx) => ctx.services.events.subscribe('conversationRead', viewerOf(ctx).id),
    resolve: (query, event: { conversationId: string }, _args, ctx) =>
      ctx.db.conversation.findUniqueOrThrow({ ...selectable(query), where: { id: event.conversationId } }),
  }),
  unreadCountChanged: t.int({
    description: "The viewer's count of unread messages, whenever it may have changed (the header badge).",
    subscribe: (_root, _args, ctx) => ctx.services.events.subscribe('unreadCountChanged', viewerOf(ctx).id),
    resolve: (_event, _args, ctx) => unreadMessageCount(ctx.db, viewerOf(ctx).id),
  }),
}));
