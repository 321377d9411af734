// The fan-out of recorded events (docs/decisions.md "Issue 25: notifications"): one job per event
// tells each person concerned, in the bell and/or by mail as their preferences say; one job per
// mailed notification sends it. Both run in the job runner's transaction, so a notification is
// stored (and its mail scheduled) exactly once, and the bell hears of it after the commit.
import type { EventPublisher } from '../../events/events.ts';
import type { JobContext, Jobs } from '../../jobs/job-runner.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Tx } from '../transitions/transition.ts';
import { FANOUT_JOB } from './record-event.ts';
import { DESCRIBERS } from './notices/describers.ts';
import type { Notice } from './notices/notice.ts';
import { channelsFor, notificationKind, type Channel } from './notification-kinds.ts';
import { notificationMail } from './notification.mails.ts';
import { unsubscribeToken } from './unsubscribe.ts';
import { recordAudience } from '../webhooks/webhooks.jobs.ts';

export const NOTIFICATION_MAIL_JOB = 'notification.mail';

export interface NotificationDeps {
  events: EventPublisher;
  mailer: Mailer;
  logger?: Logger;
  /** The web app's origin, for the links in mails (PUBLIC_URL). */
  appUrl: string;
  /** Signs unsubscribe links. */
  secret: Uint8Array;
}

/**
 * Stores the notices of one event (or of none: `eventId` null for a notice raised directly),
 * schedules their mails, and answers what to publish once committed.
 */
export async function deliverNotices(tx: Tx, jobs: Pick<Jobs, 'schedule'>, type: string, eventId: string | null, notices: Notice[], now: Date) {
  if (!notices.length) return () => {};
  const prefs = await tx.notificationPreference.findMany({ where: { type, userId: { in: notices.map((n) => n.userId) } } });
  const preferred = new Map(prefs.map((p) => [p.userId, p.channel as Channel]));
  const added: { userId: string; notificationId: string }[] = [];
  for (const notice of notices) {
    const { inApp, mail } = channelsFor(type, preferred.get(notice.userId));
    // One per person per event: a retried fan-out finds the row and tells nobody twice.
    const existing = eventId ? await tx.notification.findUnique({ where: { eventId_userId: { eventId, userId: notice.userId } }, select: { id: true } }) : null;
    if (existing) continue;
    const row = await tx.notification.create({ data: { ...notice, type, eventId, inApp, mail, createdAt: now }, select: { id: true } });
    if (mail) await jobs.schedule(tx, { kind: NOTIFICATION_MAIL_JOB, key: `${NOTIFICATION_MAIL_JOB}:${row.id}`, runAt: now, payload: { notificationId: row.id } });
    if (inApp) added.push({ userId: notice.userId, notificationId: row.id });
  }
  return (events: EventPublisher) => {
    for (const a of added) events.publish('notificationAdded', a.userId, { ...a, type });
  };
}

async function fanOut(deps: NotificationDeps, jobs: Pick<Jobs, 'schedule'>, eventId: string, ctx: JobContext) {
  const event = await ctx.tx.domainEvent.findUnique({ where: { id: eventId } });
  const describe = event && DESCRIBERS[event.type];
  if (!event || !describe) return;
  const notices = await describe(ctx.tx, (event.data ?? {}) as Record<string, unknown>);
  // Who the event concerns, whatever their preferences: their event feed and webhooks (docs/decisions.md
  // "Issue 27: webhooks and the event feed").
  await recordAudience(ctx.tx, jobs, event, notices.map((n) => n.userId), ctx.now);
  const publish = await deliverNotices(ctx.tx, jobs, event.type, event.id, notices, ctx.now);
  ctx.afterCommit(() => publish(deps.events));
}

async function mailNotification(deps: NotificationDeps, notificationId: string, ctx: JobContext) {
  const n = await ctx.tx.notification.findUnique({ where: { id: notificationId }, include: { user: { select: { email: true, name: true } } } });
  if (!n || !n.mail) return;
  const security = notificationKind(n.type)?.security === true;
  const mail = notificationMail({
    to: n.user.email,
    name: n.user.name,
    title: n.title,
    body: n.body,
    link: n.link ? deps.appUrl + n.link : null,
    unsubscribe: security ? null : `${deps.appUrl}/notifications/unsubscribe?token=${encodeURIComponent(unsubscribeToken(deps.secret, n.userId, n.type))}`,
    settings: `${deps.appUrl}/dashboard/notifications`,
  });
  // Sent inside the job: a failed send throws, and the runner retries it later.
  await deps.mailer.send(mail);
}

/** Registers the fan-out and mail jobs (api/app.ts; tests register a second runner the same way). */
export function registerNotificationJobs(jobs: Pick<Jobs, 'register' | 'schedule'>, deps: NotificationDeps) {
  jobs.register(FANOUT_JOB, (payload: { eventId: string }, ctx: JobContext) => fanOut(deps, jobs, payload.eventId, ctx), { maxAttempts: 10 });
  jobs.register(NOTIFICATION_MAIL_JOB, (payload: { notificationId: string }, ctx: JobContext) => mailNotification(deps, payload.notificationId, ctx), { maxAttempts: 8 });
}
