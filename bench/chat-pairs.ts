import crypto from 'node:crypto';
import { openDatabase } from '../api/db/database.ts';
import { signSession, SESSION_COOKIE, SESSION_TTL_SECONDS } from '../api/auth/session.ts';

// The conversations benchmark's users (bench/chat-delivery.ts), written straight into the database
// with their sessions, the cookies signed with the server's secret: logins are not measured.

export interface Participant {
  id: string;
  cookie: string;
}
export interface Pair {
  conversationId: string;
  a: Participant;
  b: Participant;
}

/** `pairs` verified users two by two, one conversation per pair, one live session per user. */
export async function seedPairs(databaseUrl: string, secret: Uint8Array, pairs: number, prefix: string): Promise<Pair[]> {
  const database = await openDatabase({ url: databaseUrl });
  const db = database.prisma;
  try {
    const now = new Date();
    const expiresAt = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
    const users = Array.from({ length: pairs * 2 }, (_, i) => ({
      id: crypto.randomUUID(),
      name: `${prefix} chatter ${i}`,
      username: `${prefix}_chatter_${i}`,
      email: `${prefix}-chatter-${i}@bench.local`,
      // Never logged in with: sessions are written below.
      passwordHash: 'bench-no-login',
      emailVerifiedAt: now,
    }));
    await db.user.createMany({ data: users });
    const sessions = users.map((u) => ({ id: crypto.randomUUID(), userId: u.id, expiresAt }));
    await db.session.createMany({ data: sessions });
    const conversations = Array.from({ length: pairs }, () => ({ id: crypto.randomUUID(), lastMessageAt: now }));
    await db.conversation.createMany({ data: conversations });
    await db.conversationParticipant.createMany({
      data: conversations.flatMap((c, i) => [
        { conversationId: c.id, userId: users[2 * i]!.id },
        { conversationId: c.id, userId: users[2 * i + 1]!.id },
      ]),
    });
    const cookies = await Promise.all(sessions.map(async (s) => `${SESSION_COOKIE}=${await signSession(secret, s)}`));
    return conversations.map((c, i) => ({
      conversationId: c.id,
      a: { id: users[2 * i]!.id, cookie: cookies[2 * i]! },
      b: { id: users[2 * i + 1]!.id, cookie: cookies[2 * i + 1]! },
    }));
  } finally {
    await database.close();
  }
}
