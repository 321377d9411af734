import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, logIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { makeContract, makeUser, toGlobalId } from '../../test/market-fixtures.ts';
import { DEMO_BUYER_EMAIL, DEMO_PROVIDER_EMAIL, DEMO_USER_PASSWORD, seedDemoData } from '../../demo/seed.ts';
import { localDiskStorage } from '../../storage/storage.ts';
import { MAX_MESSAGE_LENGTH } from './messaging.rules.ts';

// Conversations between two users, optionally about a contract (docs/decisions.md "Messaging"):
// only the two participants read one; for anyone else it answers as an unknown id.

const SEND = `mutation($input: SendMessageInput!) { sendMessage(input: $input) { __typename
  ... on Error { message code reason } ... on MutationSendMessageSuccess { data { id messageId conversationId content isOwn isRead sender { userId } } } } }`;
const OPEN = `mutation($input: OpenConversationInput!) { openConversation(input: $input) { __typename
  ... on Error { message code reason } ... on MutationOpenConversationSuccess { data { id conversationId contractId contractTitle unreadCount otherUser { userId name } } } } }`;
const MARK = `mutation($input: MarkConversationReadInput!) { markConversationRead(input: $input) { __typename
  ... on Error { message code } ... on MutationMarkConversationReadSuccess { data { conversationId unreadCount } } } }`;
const CONVERSATIONS = `query($first: Int, $after: String) { viewer { unreadMessageCount dashboardSummary { unreadMessages }
  conversations(first: $first, after: $after) { totalCount edges { node { conversationId contractTitle unreadCount
    otherUser { userId name profileImage } lastMessage { content isOwn } } } pageInfo { hasNextPage endCursor } } } }`;
const THREAD = `query($id: ID!, $last: Int, $before: String) { conversation(id: $id) { conversationId
  messages(last: $last, before: $before) { totalCount edges { node { content senderId isRead readAt } } pageInfo { hasPreviousPage startCursor } } } }`;
const NODE = `query($id: ID!) { node(id: $id) { id } }`;
const USER_UNREAD = `query($id: ID!) { node(id: $id) { ... on User { unreadMessageCount conversations(first: 5) { totalCount } } } }`;

describe.each(testDatabases())('messaging (%s)', (kind) => {
  let app: TestApp;
  const users: Record<string, Awaited<ReturnType<typeof makeUser>>> = {};
  const clients: Record<string, Client> = {};
  let contractId = '';
  let otherContractId = '';

  beforeAll(async () => {
    app = await startTestApp(kind);
    const db = app.database.prisma;
    for (const name of ['buyer', 'provider', 'other', 'admin']) {
      users[name] = await makeUser(db, `${name}m${kind}`, name === 'admin' ? { isAdmin: true } : name === 'provider' ? { dueDiligenceStatus: 'approved' } : {});
      clients[name] = await logIn(app, users[name]!.username);
    }
    contractId = (await makeContract(db, users.provider!.id, { title: 'Harbour Tonnage Daily', category: 'transportation', price: '50.00' })).id;
    otherContractId = (await makeContract(db, users.provider!.id, { title: 'Grain Prices Weekly', category: 'market', price: '30.00' })).id;
  });
  afterAll(async () => app?.close());

  const as = (who: string) => clients[who]!;
  const anonymous = () => new Client(app);

  it('refuses anonymous callers everywhere (401, AuthenticationError, null)', async () => {
    const anon = anonymous();
    expect((await anon.json('GET', '/api/messages/conversations')).status).toBe(401);
    expect((await anon.json('GET', `/api/messages?conversationId=${contractId}`)).status).toBe(401);
    const post = await anon.json('POST', '/api/messages', { recipientId: users.provider!.id, content: 'Hello' });
    expect(post.status).toBe(401);
    expect(post.body.message).toBe('Authentication required');
    expect((await anon.json('GET', `/api/messages/unread/${users.provider!.id}`)).status).toBe(401);
    expect((await anon.gql(SEND, { input: { recipientId: users.provider!.id, content: 'Hi' } })).data.sendMessage.__typename).toBe('AuthenticationError');
    expect((await anon.gql(OPEN, { input: { contractId } })).data.openConversation.__typename).toBe('AuthenticationError');
    expect((await anon.gql(MARK, { input: { conversationId: contractId } })).data.markConversationRead.__typename).toBe('AuthenticationError');
    expect((await anon.gql(CONVERSATIONS)).data.viewer).toBeNull();
    expect(await app.database.prisma.message.count()).toBe(0);
  });

  it('refuses a blank message, a missing, unknown or self recipient (400 / 404), and stores nothing', async () => {
    const buyer = as('buyer');
    const cases: Array<[unknown, number, string]> = [
      [{ recipientId: users.provider!.id, content: '   \n ' }, 400, 'Message content is required'],
      [{ recipientId: users.provider!.id }, 400, 'Message content is required'],
      [{ recipientId: users.provider!.id, content: 42 }, 400, 'Message content must be text'],
      [{ content: 'Hello' }, 400, 'Recipient is required'],
      [{ recipientId: '  ', content: 'Hello' }, 400, 'Recipient is required'],
      [{ recipientId: '019a0000-0000-7000-8000-000000000000', content: 'Hello' }, 404, 'Recipient not found'],
      [{ recipientId: 'nobody', content: 'Hello' }, 404, 'Recipient not found'],
      [{ recipientId: users.buyer!.id, content: 'Hello me' }, 400, 'You cannot send a message to yourself'],
      [{ recipientId: users.provider!.id, content: 'x'.repeat(MAX_MESSAGE_LENGTH + 1) }, 400, `A message can be at most ${MAX_MESSAGE_LENGTH} characters`],
    ];
    for (const [body, status, message] of cases) {
      const res = await buyer.json('POST', '/api/messages', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.body.message).toBe(message);
    }
    const gql = await buyer.gql(SEND, { input: { recipientId: toGlobalId('User', users.provider!.id), content: ' ' } });
    expect(gql.data.sendMessage).toMatchObject({ __typename: 'ValidationError', message: 'Message content is required' });
    expect((await buyer.gql(SEND, { input: { recipientId: 'nobody', content: 'Hi' } })).data.sendMessage.__typename).toBe('NotFoundError');
    expect(await app.database.prisma.message.count()).toBe(0);
    expect(await app.database.prisma.conversation.count()).toBe(0);
  });

  let conversationId = '';

  it('sends a message (trimmed) to a user in a new conversation; both participants list it, nobody else', async () => {
    const res = await as('buyer').json('POST', '/api/messages', { recipientId: users.provider!.id, content: '  Is the tonnage series revised?  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ senderId: users.buyer!.id, recipientId: users.provider!.id, content: 'Is the tonnage series revised?', isRead: false, readAt: null });
    expect(Object.keys(res.body).sort()).toEqual(['content', 'conversationId', 'id', 'isRead', 'readAt', 'recipientId', 'senderId', 'sentAt']);
    conversationId = res.body.conversationId;

    const buyerList = await as('buyer').json('GET', '/api/messages/conversations');
    expect(buyerList.status).toBe(200);
    expect(buyerList.body).toEqual([
      {
        id: conversationId,
        otherUser: { id: users.provider!.id, name: users.provider!.name, profileImage: null },
        unreadCount: 0,
        lastMessage: { content: 'Is the tonnage series revised?', sentAt: res.body.sentAt },
        contractId: null,
        contractTitle: null,
        lastMessageAt: res.body.sentAt,
      },
    ]);
    const providerList = await as('provider').json('GET', '/api/messages/conversations');
    expect(providerList.body).toHaveLength(1);
    expect(providerList.body[0]).toMatchObject({ id: conversationId, otherUser: { id: users.buyer!.id }, unreadCount: 1 });
    for (const who of ['other', 'admin']) expect((await as(who).json('GET', '/api/messages/conversations')).body, who).toEqual([]);

    // A second message to the same user goes into the same conversation.
    const again = await as('provider').json('POST', '/api/messages', { recipientId: users.buyer!.id, content: 'Yes, weekly.' });
    expect(again.body.conversationId).toBe(conversationId);
    expect(await app.database.prisma.conversation.count()).toBe(1);
  });

  it('answers the unread count to its owner only (403 for anyone else, administrators included)', async () => {
    expect((await as('provider').json('GET', `/api/messages/unread/${users.provider!.id}`)).body).toEqual({ count: 1 });
    expect((await as('buyer').json('GET', `/api/messages/unread/${users.buyer!.id}`)).body).toEqual({ count: 1 });
    expect((await as('other').json('GET', `/api/messages/unread/${users.other!.id}`)).body).toEqual({ count: 0 });
    for (const who of ['buyer', 'other', 'admin']) {
      const res = await as(who).json('GET', `/api/messages/unread/${users.provider!.id}`);
      expect(res.status, who).toBe(403);
      expect(res.body.message).toBe('You can only read your own unread messages');
    }
    const gql = await as('provider').gql(CONVERSATIONS);
    expect(gql.data.viewer.unreadMessageCount).toBe(1);
    expect(gql.data.viewer.dashboardSummary.unreadMessages).toBe(1);
    // Another user's count and conversations are null, whoever asks.
    for (const who of ['buyer', 'admin']) {
      const other = await as(who).gql(USER_UNREAD, { id: toGlobalId('User', users.provider!.id) });
      expect(other.data.node, who).toEqual({ unreadMessageCount: null, conversations: null });
    }
  });

  it('reading the thread marks it read (REST), with read marks on the sender side; others get 404', async () => {
    const db = app.database.prisma;
    for (const who of ['other', 'admin']) {
      const res = await as(who).json('GET', `/api/messages?conversationId=${conversationId}`);
      expect(res.status, who).toBe(404);
      expect(res.body.message).toBe('Conversation not found');
    }
    expect((await as('buyer').json('GET', '/api/messages')).status).toBe(400);
    expect((await as('buyer').json('GET', '/api/messages?conversationId=%20')).body.message).toBe('conversationId is required');
    expect((await as('buyer').json('GET', '/api/messages?conversationId=not-an-id')).status).toBe(404);
    expect(await db.message.count({ where: { recipientId: users.provider!.id, readAt: null } })).toBe(1);

    const thread = await as('provider').json('GET', `/api/messages?conversationId=${conversationId}`);
    expect(thread.status).toBe(200);
    expect(thread.body.map((m: any) => [m.content, m.senderId, m.isRead])).toEqual([
      ['Is the tonnage series revised?', users.buyer!.id, true],
      ['Yes, weekly.', users.provider!.id, false],
    ]);
    expect(thread.body[0].readAt).toEqual(expect.any(String));
    const participant = await db.conversationParticipant.findUniqueOrThrow({ where: { conversationId_userId: { conversationId, userId: users.provider!.id } } });
    expect(participant.lastReadAt).not.toBeNull();
    expect((await as('provider').json('GET', `/api/messages/unread/${users.provider!.id}`)).body).toEqual({ count: 0 });
    // The buyer's own message now carries its read mark; theirs from the provider is still unread.
    const buyerView = await as('buyer').gql(THREAD, { id: toGlobalId('Conversation', conversationId) });
    expect(buyerView.data.conversation.messages.edges.map((e: any) => e.node.isRead)).toEqual([true, false]);
    expect((await as('buyer').gql(CONVERSATIONS)).data.viewer.conversations.edges[0].node.unreadCount).toBe(1);
  });

  it('markConversationRead: participants only; others get NotFoundError', async () => {
    for (const who of ['other', 'admin']) {
      const res = await as(who).gql(MARK, { input: { conversationId: toGlobalId('Conversation', conversationId) } });
      expect(res.data.markConversationRead, who).toMatchObject({ __typename: 'NotFoundError', message: 'Conversation not found' });
    }
    const res = await as('buyer').gql(MARK, { input: { conversationId: toGlobalId('Conversation', conversationId) } });
    expect(res.data.markConversationRead).toEqual({ __typename: 'MutationMarkConversationReadSuccess', data: { conversationId, unreadCount: 0 } });
    expect((await as('buyer').gql(CONVERSATIONS)).data.viewer.unreadMessageCount).toBe(0);
  });

  it('only participants read a conversation and its messages over GraphQL', async () => {
    const gid = toGlobalId('Conversation', conversationId);
    expect((await as('provider').gql(THREAD, { id: gid })).data.conversation.conversationId).toBe(conversationId);
    expect((await as('provider').gql(THREAD, { id: conversationId })).data.conversation.conversationId).toBe(conversationId);
    expect((await as('provider').gql(NODE, { id: gid })).data.node).toEqual({ id: gid });
    const message = await app.database.prisma.message.findFirstOrThrow({ where: { conversationId } });
    const messageGid = toGlobalId('Message', message.id);
    for (const who of ['buyer', 'provider']) expect((await as(who).gql(NODE, { id: messageGid })).data.node, who).toEqual({ id: messageGid });
    for (const client of [as('other'), as('admin'), anonymous()]) {
      expect((await client.gql(THREAD, { id: gid })).data.conversation).toBeNull();
      expect((await client.gql(NODE, { id: gid })).data.node).toBeNull();
      expect((await client.gql(NODE, { id: toGlobalId('Message', message.id) })).data.node).toBeNull();
    }
    // In a conversation not theirs, nobody writes either.
    const intruder = await as('other').json('POST', '/api/messages', { conversationId, content: 'Hi all' });
    expect(intruder.status).toBe(404);
    expect(intruder.body.message).toBe('Conversation not found');
    const wrong = await as('buyer').json('POST', '/api/messages', { conversationId, recipientId: users.other!.id, content: 'Hi' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The recipient is not in this conversation');
    const inThread = await as('buyer').gql(SEND, { input: { conversationId: toGlobalId('Conversation', conversationId), content: 'Thanks!' } });
    expect(inThread.data.sendMessage.data).toMatchObject({ conversationId, content: 'Thanks!', isOwn: true, isRead: false, sender: { userId: users.buyer!.id } });
  });

  it("a message names its conversation as the reader sees it (the list entry a live message refreshes)", async () => {
    const WITH_CONVERSATION = `mutation($input: SendMessageInput!) { sendMessage(input: $input) { __typename
      ... on MutationSendMessageSuccess { data { content conversation { conversationId unreadCount otherUser { userId } lastMessage { content } } } } } }`;
    const res = await as('provider').gql(WITH_CONVERSATION, { input: { conversationId, content: 'Anything else?' } });
    expect(res.data.sendMessage.data).toEqual({
      content: 'Anything else?',
      conversation: { conversationId, unreadCount: 1, otherUser: { userId: users.buyer!.id }, lastMessage: { content: 'Anything else?' } },
    });
    const read = await as('buyer').gql(MARK, { input: { conversationId } });
    expect(read.data.markConversationRead.data).toEqual({ conversationId, unreadCount: 0 });
  });

  it('openConversation: about a contract with its provider (found again, not duplicated), or with a user', async () => {
    const buyer = as('buyer');
    const first = await buyer.gql(OPEN, { input: { contractId: toGlobalId('Contract', contractId) } });
    expect(first.data.openConversation).toMatchObject({
      __typename: 'MutationOpenConversationSuccess',
      data: { contractId, contractTitle: 'Harbour Tonnage Daily', unreadCount: 0, otherUser: { userId: users.provider!.id } },
    });
    const aboutContract = first.data.openConversation.data.conversationId;
    expect(aboutContract).not.toBe(conversationId);
    const again = await buyer.gql(OPEN, { input: { contractId } });
    expect(again.data.openConversation.data.conversationId).toBe(aboutContract);
    const another = await buyer.gql(OPEN, { input: { contractId: otherContractId } });
    expect(another.data.openConversation.data).toMatchObject({ contractTitle: 'Grain Prices Weekly' });

    // With a user: the pair's most recently active conversation.
    await buyer.json('POST', '/api/messages', { conversationId: aboutContract, content: 'About the harbour set' });
    const withUser = await as('provider').gql(OPEN, { input: { userId: toGlobalId('User', users.buyer!.id) } });
    expect(withUser.data.openConversation.data).toMatchObject({ conversationId: aboutContract, otherUser: { userId: users.buyer!.id } });
    const fresh = await as('other').gql(OPEN, { input: { userId: users.provider!.id } });
    expect(fresh.data.openConversation.data).toMatchObject({ contractId: null, otherUser: { userId: users.provider!.id } });

    const refusals: Array<[string, unknown, string, string]> = [
      ['provider', { contractId }, 'ValidationError', 'You are the provider of this contract'],
      ['buyer', { contractId: '019a0000-0000-7000-8000-000000000000' }, 'NotFoundError', 'Contract not found'],
      ['buyer', { userId: 'nobody' }, 'NotFoundError', 'User not found'],
      ['buyer', { userId: users.buyer!.id }, 'ValidationError', 'You cannot send a message to yourself'],
      ['buyer', {}, 'ValidationError', 'Give either a contractId or a userId'],
      ['buyer', { contractId, userId: users.provider!.id }, 'ValidationError', 'Give either a contractId or a userId'],
    ];
    for (const [who, input, type, message] of refusals) {
      const res = await as(who).gql(OPEN, { input });
      expect(res.data.openConversation, JSON.stringify(input)).toMatchObject({ __typename: type, message });
    }
  });

  it('openConversation about a listing the caller may not see answers not found, as for an unknown id (no title, no provider)', async () => {
    const db = app.database.prisma;
    const hidden: Record<string, string> = {};
    for (const status of ['pending_review', 'rejected', 'inactive'] as const) {
      const { id } = await makeContract(db, users.provider!.id, { title: `Sealed Ledger ${status}`, category: 'market', price: '20.00' });
      hidden[status] = (await db.contract.update({ where: { id }, data: { status } })).id;
    }
    const unknown = await as('buyer').gql(OPEN, { input: { contractId: '019a0000-0000-7000-8000-000000000000' } });
    expect(unknown.data.openConversation).toMatchObject({ __typename: 'NotFoundError', message: 'Contract not found' });
    const before = await db.conversation.count();
    for (const [status, id] of Object.entries(hidden)) {
      for (const contractId of [id, toGlobalId('Contract', id)]) {
        expect((await anonymous().gql(OPEN, { input: { contractId } })).data.openConversation.__typename, status).toBe('AuthenticationError');
        const res = await as('buyer').gql(OPEN, { input: { contractId } });
        expect(res.data.openConversation, status).toEqual(unknown.data.openConversation);
      }
      // Its provider sees it (and is told they cannot write to themself); an administrator sees it and may ask.
      expect((await as('provider').gql(OPEN, { input: { contractId: id } })).data.openConversation, status).toMatchObject({ __typename: 'ValidationError', message: 'You are the provider of this contract' });
      const admin = await as('admin').gql(OPEN, { input: { contractId: id } });
      expect(admin.data.openConversation, status).toMatchObject({ __typename: 'MutationOpenConversationSuccess', data: { contractId: id, contractTitle: `Sealed Ledger ${status}`, otherUser: { userId: users.provider!.id } } });
    }
    expect(await db.conversation.count()).toBe(before + 3);
    expect(await db.conversation.count({ where: { contractId: { in: Object.values(hidden) }, participants: { some: { userId: users.buyer!.id } } } })).toBe(0);
  });

  it('starts one conversation when a pair writes their first messages at the same time', async () => {
    const db = app.database.prisma;
    const newcomer = await makeUser(db, `newcomer${kind}`);
    const pair = [as('admin'), await logIn(app, newcomer.username)];
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => pair[i % 2]!.json('POST', '/api/messages', { recipientId: i % 2 ? users.admin!.id : newcomer.id, content: `Hi ${i}` })),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.body.conversationId)).size).toBe(1);
    expect(await db.conversation.count({ where: { AND: [{ participants: { some: { userId: newcomer.id } } }, { participants: { some: { userId: users.admin!.id } } }] } })).toBe(1);
    expect((await pair[1]!.json('GET', `/api/messages/unread/${newcomer.id}`)).body).toEqual({ count: 3 });
  });

  it('lists conversations newest activity first and pages them; messages oldest first, paging back', async () => {
    const buyer = as('buyer');
    const all = await buyer.gql(CONVERSATIONS, { first: 10 });
    const list = all.data.viewer.conversations;
    expect(list.totalCount).toBe(3);
    expect(list.edges.map((e: any) => e.node.contractTitle)).toEqual(['Harbour Tonnage Daily', 'Grain Prices Weekly', null]);
    const page1 = await buyer.gql(CONVERSATIONS, { first: 2 });
    expect(page1.data.viewer.conversations.pageInfo.hasNextPage).toBe(true);
    const page2 = await buyer.gql(CONVERSATIONS, { first: 2, after: page1.data.viewer.conversations.pageInfo.endCursor });
    expect(page2.data.viewer.conversations.edges.map((e: any) => e.node.contractTitle)).toEqual([null]);
    expect(page2.data.viewer.conversations.pageInfo.hasNextPage).toBe(false);

    const gid = toGlobalId('Conversation', conversationId);
    const newest = await buyer.gql(THREAD, { id: gid, last: 2 });
    const thread = newest.data.conversation.messages;
    expect(thread.totalCount).toBe(4);
    expect(thread.edges.map((e: any) => e.node.content)).toEqual(['Thanks!', 'Anything else?']);
    expect(thread.pageInfo.hasPreviousPage).toBe(true);
    const older = await buyer.gql(THREAD, { id: gid, last: 2, before: thread.pageInfo.startCursor });
    expect(older.data.conversation.messages.edges.map((e: any) => e.node.content)).toEqual(['Is the tonnage series revised?', 'Yes, weekly.']);
  });
});

describe('messaging over the demo data', () => {
  let app: TestApp;
  const filesRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'msg-demo-files-'));
  beforeAll(async () => {
    app = await startTestApp('pglite');
    await seedDemoData(app.database.prisma, { storage: localDiskStorage(filesRoot) });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    fs.rmSync(filesRoot, { recursive: true, force: true });
  });

  it('reads the seeded conversation for both sides, with the unread count of the provider', async () => {
    const buyer = await logIn(app, DEMO_BUYER_EMAIL, DEMO_USER_PASSWORD);
    const provider = await logIn(app, DEMO_PROVIDER_EMAIL, DEMO_USER_PASSWORD);
    const buyerList = (await buyer.json('GET', '/api/messages/conversations')).body;
    const providerList = (await provider.json('GET', '/api/messages/conversations')).body;
    expect(buyerList).toHaveLength(1);
    expect(buyerList[0]).toMatchObject({ unreadCount: 0, contractTitle: expect.any(String), lastMessage: { content: expect.any(String) } });
    expect(providerList[0]).toMatchObject({ id: buyerList[0].id, unreadCount: 1 });
    const providerId = buyerList[0].otherUser.id;
    expect((await provider.json('GET', `/api/messages/unread/${providerId}`)).body).toEqual({ count: 1 });
    const thread = (await provider.json('GET', `/api/messages?conversationId=${buyerList[0].id}`)).body;
    expect(thread.length).toBeGreaterThanOrEqual(2);
    expect(thread.at(-1).content).toBe(buyerList[0].lastMessage.content);
    expect((await provider.json('GET', `/api/messages/unread/${providerId}`)).body).toEqual({ count: 0 });
  });
});
