// The notification centre (docs/decisions.md "Issue 25: notification centre"): a person reads, marks
// read and chooses where they hear of each kind. Every read and write names the viewer's own rows
// only: another person's notification is, to anyone else, an id that names nothing.
import type { Db } from '../../db/database.ts';
import type { Prisma, User } from '../../db/generated/prisma/client.ts';
import { isRecordId } from '../../db/ids.ts';
import type { EventPublisher } from '../../events/events.ts';
import { AuthenticationError, ValidationError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { NOTIFICATION_KINDS, notificationKind, type Channel } from './notification-kinds.ts';
import { markReadInput, preferencesInput, unsubscribeInput } from './notifications.schemas.ts';
import { readUnsubscribeToken } from './unsubscribe.ts';

export interface NotificationCentreDeps {
  db: Db;
  events: EventPublisher;
}

/** The bell's rows of a person (a Prisma filter), all or unread only: mail-only rows never show. */
export const notificationsOf = (userId: string, unread = false): Prisma.NotificationWhereInput => ({
  userId,
  inApp: true,
  ...(unread ? { readAt: null } : {}),
});

/** Newest first; the id (time-ordered) breaks ties between rows of one instant. */
export const NEWEST_FIRST: Prisma.NotificationOrderByWithRelationInput[] = [{ createdAt: 'desc' }, { id: 'desc' }];

/** The bell's count. */
export function unreadNotificationCount(db: Db, userId: string): Promise<number> {
  return db.notification.count({ where: notificationsOf(userId, true) });
}

/**
 * Marks the viewer's notifications read: those of `ids` (ids of anyone else's, or of nothing, are
 * passed over alike, so the answer tells nothing of them) or all. The viewer's other tabs and
 * devices hear `notificationsRead` once it committed.
 */
export async function markNotificationsRead(deps: NotificationCentreDeps, viewer: User | null, rawInput: unknown) {
  if (!viewer) throw new AuthenticationError();
  const input = parseInput(markReadInput, rawInput);
  const ids = input.all ? null : input.ids!.filter(isRecordId);
  const where = { ...notificationsOf(viewer.id, true), ...(ids ? { id: { in: ids } } : {}) };
  const { count } = ids && !ids.length ? { count: 0 } : await deps.db.notification.updateMany({ where, data: { readAt: new Date() } });
  if (count > 0) deps.events.publish('notificationsRead', viewer.id, { userId: viewer.id });
  return { marked: count, ids: ids ?? [], unreadCount: await unreadNotificationCount(deps.db, viewer.id) };
}

export interface NotificationPreferenceView {
  type: string;
  label: string;
  /** What the person chose, else the kind's default. */
  channel: Channel;
  defaultChannel: Channel;
  /** A security kind: always mailed, so only mail or both may be chosen. */
  locked: boolean;
}

/** Every kind of the catalogue, in its order, with where it goes for this person. */
export async function notificationPreferences(db: Db | Prisma.TransactionClient, userId: string): Promise<NotificationPreferenceView[]> {
  const rows = await db.notificationPreference.findMany({ where: { userId }, select: { type: true, channel: true } });
  const chosen = new Map(rows.map((r) => [r.type, r.channel as Channel]));
  return NOTIFICATION_KINDS.map((k) => {
    const stored = chosen.get(k.type);
    // A security kind stored as app (before the rule, or by hand) still mails: show what happens.
    const channel = k.security && stored === 'app' ? 'both' : (stored ?? k.defaultChannel);
    return { type: k.type, label: k.label, channel, defaultChannel: k.defaultChannel, locked: k.security === true };
  });
}

/** Sets where the viewer hears of some kinds; answers every kind, as notificationPreferences does. */
export async function updateNotificationPreferences(deps: NotificationCentreDeps, viewer: User | null, rawInput: unknown) {
  if (!viewer) throw new AuthenticationError();
  const { preferences } = parseInput(preferencesInput, rawInput);
  const refused = preferences.findIndex((p) => notificationKind(p.type)?.security && p.channel === 'app');
  if (refused >= 0) {
    const message = `${notificationKind(preferences[refused]!.type)!.label}: security mails cannot be switched off; choose mail or both`;
    throw new ValidationError(message, [{ field: `preferences.${refused}.channel`, message }]);
  }
  return deps.db.$transaction(async (tx) => {
    for (const p of preferences) {
      await tx.notificationPreference.upsert({
        where: { userId_type: { userId: viewer.id, type: p.type } },
        create: { userId: viewer.id, type: p.type, channel: p.channel },
        update: { channel: p.channel },
      });
    }
    return notificationPreferences(tx, viewer.id);
  });
}

export const INVALID_UNSUBSCRIBE = 'This unsubscribe link is not valid';

/**
 * The link of a mailed notification: that kind goes to the app only from now on. No login: the
 * token is signed for one person and kind (unsubscribe.ts); a forged, foreign or security one is refused.
 */
export async function unsubscribeByToken(deps: NotificationCentreDeps, secret: Uint8Array, rawInput: unknown) {
  const { token } = parseInput(unsubscribeInput, rawInput);
  const named = readUnsubscribeToken(secret, token);
  const kind = named && notificationKind(named.type);
  const invalid = () => new ValidationError(INVALID_UNSUBSCRIBE, [{ field: 'token', message: INVALID_UNSUBSCRIBE }]);
  if (!named || !kind || kind.security || !isRecordId(named.userId)) throw invalid();
  const user = await deps.db.user.findUnique({ where: { id: named.userId }, select: { id: true } });
  if (!user) throw invalid();
  await deps.db.notificationPreference.upsert({
    where: { userId_type: { userId: user.id, type: kind.type } },
    create: { userId: user.id, type: kind.type, channel: 'app' },
    update: { channel: 'app' },
  });
  return { type: kind.type, label: kind.label };
}
