import DataLoader from 'dataloader';
import { Prisma, type Message } from '../../db/generated/prisma/client.ts';
import type { SqlReader } from '../../db/database.ts';

/**
 * The latest message of each conversation (newest sentAt, then id), null for one without messages:
 * one statement per batch, one index probe per conversation (Message's (conversationId, sentAt)
 * index). Issue 28: the conversation list asked Prisma for each conversation's messages with
 * `take: 1`, which it reads all of and cuts in memory: a list cost as much as every message of its
 * conversations. Plain SQL through the driver; instants are read as UTC (`AT TIME ZONE`), as the
 * session check reads them.
 */
export function lastMessageLoader(sql: SqlReader) {
  return new DataLoader<string, Message | null>(async (conversationIds) => {
    const rows = await sql.query<Message>(Prisma.sql`
      SELECT m.id, m."conversationId", m."senderId", m."recipientId", m.content,
        m."sentAt" AT TIME ZONE 'UTC' AS "sentAt", m."readAt" AT TIME ZONE 'UTC' AS "readAt"
      FROM (VALUES ${Prisma.join(conversationIds.map((id) => Prisma.sql`(${id})`))}) AS c(id)
      CROSS JOIN LATERAL (
        SELECT * FROM "Message" WHERE "conversationId" = c.id ORDER BY "sentAt" DESC, id DESC LIMIT 1
      ) m`);
    const byConversation = new Map(rows.map((m) => [m.conversationId, m]));
    return conversationIds.map((id) => byConversation.get(id) ?? null);
  });
}
