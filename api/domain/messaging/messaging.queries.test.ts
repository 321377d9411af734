import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, startTestApp, type Client, type TestApp } from '../../test/harness.ts';
import { makeContract, makeUser } from '../../test/market-fixtures.ts';

// No N+1: the messaging screen's conversation list runs the same number of SQL statements for
// 5, 10 or 30 conversations.
const LIST = `query($first: Int!) { viewer { unreadMessageCount conversations(first: $first) { totalCount edges { node {
  id conversationId contractTitle unreadCount lastMessageAt otherUser { id name profileImage }
  lastMessage { id content sentAt isRead isOwn senderId } } } } } }`;

describe('statements per page of the conversation list', () => {
  let app: TestApp;
  let me: Client;
  const statements: string[] = [];
  let counting = false;

  beforeAll(async () => {
    app = await startTestApp('pglite', {}, { onQuery: (sql) => counting && statements.push(sql) });
    const db = app.database.prisma;
    const viewer = await makeUser(db, 'talker');
    for (let i = 0; i < 30; i++) {
      const other = await makeUser(db, `peer${i}`);
      const contract = i % 2 ? await makeContract(db, other.id, { title: `Set ${i}`, category: 'other', price: '10.00' }) : null;
      await db.conversation.create({
        data: {
          contractId: contract?.id ?? null,
          participants: { create: [{ userId: viewer.id }, { userId: other.id }] },
          messages: {
            create: [
              { senderId: other.id, recipientId: viewer.id, content: `Hello ${i}` },
              { senderId: viewer.id, recipientId: other.id, content: `Reply ${i}` },
            ],
          },
        },
      });
    }
    me = await logIn(app, 'talker');
  });
  afterAll(async () => app?.close());

  async function count(first: number) {
    statements.length = 0;
    counting = true;
    const res = await me.gql(LIST, { first });
    counting = false;
    expect(res.errors).toBeUndefined();
    expect(res.data.viewer.conversations.edges).toHaveLength(first);
    expect(res.data.viewer.unreadMessageCount).toBe(30);
    return statements.length;
  }

  it('is the same for 5, 10 and 29 of the 30 conversations', async () => {
    await count(5); // warm the session lookup
    const [five, ten, most] = [await count(5), await count(10), await count(29)];
    expect(ten).toBe(five);
    expect(most).toBe(five);
    expect(five).toBeLessThanOrEqual(12);
    // All 30 on one page: the page is its own total (api/graphql/whole-list-count.ts), one statement fewer.
    expect(await count(30)).toBe(five - 1);
  });

  it('the last message is the newest of each conversation (then the greater id), however long the thread', async () => {
    const db = app.database.prisma;
    const viewer = await db.user.findUniqueOrThrow({ where: { username: 'talker' } });
    const [long, tied] = await db.conversation.findMany({ where: { participants: { some: { userId: viewer.id } } }, orderBy: { id: 'asc' }, take: 2, include: { participants: true } });
    const peerOf = (c: typeof long) => c!.participants.find((p) => p.userId !== viewer.id)!.userId;
    const start = Date.now() + 60_000;
    await db.message.createMany({
      data: Array.from({ length: 150 }, (_, i) => ({ conversationId: long!.id, senderId: peerOf(long), recipientId: viewer.id, content: `Long ${i}`, sentAt: new Date(start + i * 1000), readAt: new Date() })),
    });
    const at = new Date(start + 500_000);
    await db.message.createMany({ data: ['Tie a', 'Tie b', 'Tie c'].map((content) => ({ conversationId: tied!.id, senderId: viewer.id, recipientId: peerOf(tied), content, sentAt: at })) });
    const res = await me.gql(LIST, { first: 30 });
    expect(res.errors).toBeUndefined();
    const byId = new Map(res.data.viewer.conversations.edges.map((e: any) => [e.node.conversationId, e.node]));
    for (const c of await db.conversation.findMany({ where: { participants: { some: { userId: viewer.id } } }, select: { id: true } })) {
      const newest = await db.message.findFirst({ where: { conversationId: c.id }, orderBy: [{ sentAt: 'desc' }, { id: 'desc' }] });
      const node = byId.get(c.id) as any;
      expect(node.lastMessage).toMatchObject({ content: newest!.content, sentAt: newest!.sentAt.toISOString(), isRead: newest!.readAt !== null, senderId: newest!.senderId });
    }
    expect((byId.get(long!.id) as any).lastMessage.content).toBe('Long 149');
    expect((byId.get(tied!.id) as any).lastMessage.isOwn).toBe(true);
  });
});
