import type { PrismaClient } from '../../../db/generated/prisma/client.ts';

// What the notices' tests ask: who was told of the events of one type about one subject, and what.

/** The events of `type` whose data has `key` equal to `value`, oldest first. */
export function eventsAbout(db: PrismaClient, type: string, key: string, value: string | number) {
  return db.domainEvent.findMany({ where: { type, data: { path: [key], equals: value } }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
}

/** Everyone told of those events: user id, title and link, by user id. */
export async function toldAbout(db: PrismaClient, type: string, key: string, value: string | number) {
  const events = await eventsAbout(db, type, key, value);
  const rows = await db.notification.findMany({ where: { eventId: { in: events.map((e) => e.id) } }, select: { userId: true, title: true, link: true, body: true }, orderBy: [{ userId: 'asc' }, { createdAt: 'asc' }] });
  return rows;
}

/** Only who was told, sorted: the test says exactly who, so anybody else told fails it. */
export async function whoWasTold(db: PrismaClient, type: string, key: string, value: string | number) {
  return (await toldAbout(db, type, key, value)).map((r) => r.userId).sort();
}
