import type { PrismaClient } from '../db/generated/prisma/client.ts';
import { DESCRIBERS } from '../domain/notifications/notices/describers.ts';

/** How many of the demo's latest bids and paid sales the bells start with. */
const LATEST = 40;
/** Notifications older than this start read: a demo user opens a bell with a few new ones. */
const READ_AFTER_MS = 2 * 24 * 60 * 60_000;

/**
 * The demo's bells: the events its seeded history would have raised (bids received,
 * payments held and released), recorded and described as the services do, so `npm start` shows a
 * bell with news in it. Nothing is mailed: no demo person has a mailbox.
 */
export async function seedDemoNotifications(db: PrismaClient, now: Date) {
  // The demo's bids are all open (the bid side of the book): their providers were told of them.
  const [bids, payments] = await Promise.all([
    db.bid.findMany({ orderBy: { createdAt: 'desc' }, take: LATEST, select: { id: true, contractId: true, createdAt: true } }),
    db.payment.findMany({
      where: { status: { in: ['escrowed', 'released'] } },
      orderBy: { createdAt: 'desc' },
      take: LATEST,
      select: { id: true, contractId: true, status: true, createdAt: true, releasedAt: true },
    }),
  ]);
  const events = [
    ...bids.map((b) => ({ type: 'bid.received', data: { bidId: b.id, contractId: b.contractId }, at: b.createdAt })),
    ...payments.map((p) => ({ type: 'payment.escrowed', data: { paymentId: p.id, contractId: p.contractId }, at: p.createdAt })),
    ...payments.filter((p) => p.status === 'released').map((p) => ({ type: 'payment.released', data: { paymentId: p.id, contractId: p.contractId }, at: p.releasedAt ?? p.createdAt })),
  ];
  await db.$transaction(async (tx) => {
    for (const e of events) {
      const describe = DESCRIBERS[e.type];
      if (!describe) continue;
      const event = await tx.domainEvent.create({ data: { type: e.type, data: e.data, createdAt: e.at }, select: { id: true } });
      const notices = await describe(tx, e.data);
      const readAt = now.getTime() - e.at.getTime() > READ_AFTER_MS ? now : null;
      if (notices.length) await tx.notification.createMany({ data: notices.map((n) => ({ ...n, type: e.type, eventId: event.id, inApp: true, mail: false, readAt, createdAt: e.at })) });
    }
  });
}
