import { Repeater } from 'graphql-yoga';
import { builder } from './builder.ts';
import { selectable } from './prisma-query.ts';
import { plainId } from './global-ids.ts';
import { UserType } from './user.ts';
import {
  markNotificationsRead,
  NEWEST_FIRST,
  notificationPreferences,
  notificationsOf,
  unreadNotificationCount,
  unsubscribeByToken,
  updateNotificationPreferences,
  type NotificationPreferenceView,
} from '../domain/notifications/notifications.service.ts';
import { notificationKind } from '../domain/notifications/notification-kinds.ts';
import { AuthenticationError, ValidationError } from '../domain/errors.ts';
import { isSelf } from '../domain/policies.ts';
import type { User } from '../db/generated/prisma/client.ts';
import type { Context } from '../context.ts';
import { noteWholeList, totalOf } from './whole-list-count.ts';

// The notification centre (docs/decisions.md "Issue 25: notification centre"): the bell's list and
// count on the viewer, read marks, preferences and the mailed unsubscribe link, and the live count.
// A notification exists only for its person: for anyone else every lookup answers as for nothing.

const NOBODY = '00000000-0000-0000-0000-000000000000';
const viewerId = (ctx: Context) => ctx.viewer?.id ?? NOBODY;
const selfOnly = { authScopes: (user: User, _args: unknown, ctx: Context) => isSelf(ctx.viewer, user.id), unauthorizedResolver: () => null } as const;

builder.prismaNode('Notification', {
  id: { field: 'id' },
  findUnique: (id, ctx) => ({ id, userId: viewerId(ctx), inApp: true }),
  fields: (t) => ({
    notificationId: t.exposeString('id', { description: 'The plain id REST takes (POST /api/notifications/read { ids }).' }),
    type: t.exposeString('type', { description: 'The kind, in the one vocabulary of events (bid.accepted, payment.released...).' }),
    kindLabel: t.string({ description: 'What the preferences call this kind.', resolve: (n) => notificationKind(n.type)?.label ?? n.type }),
    title: t.exposeString('title'),
    body: t.exposeString('body'),
    link: t.exposeString('link', { nullable: true, description: 'A path of the web app it leads to (/contracts/<id>...).' }),
    isRead: t.boolean({ resolve: (n) => n.readAt !== null }),
    readAt: t.expose('readAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

export const NotificationChannelEnum = builder.enumType('NotificationChannel', {
  values: { app: { description: 'In the bell only' }, mail: { description: 'By mail only' }, both: { description: 'In the bell and by mail' } } as const,
});

const NotificationPreferenceType = builder.objectRef<NotificationPreferenceView>('NotificationPreference').implement({
  description: 'Where the viewer hears of one kind of notification.',
  fields: (t) => ({
    type: t.exposeString('type'),
    label: t.exposeString('label'),
    channel: t.field({ type: NotificationChannelEnum, resolve: (p) => p.channel, description: 'The choice, else the default.' }),
    defaultChannel: t.field({ type: NotificationChannelEnum, resolve: (p) => p.defaultChannel }),
    locked: t.exposeBoolean('locked', { description: 'A security kind: always mailed, so only mail or both may be chosen.' }),
  }),
});

builder.prismaObjectFields(UserType, (t) => ({
  notifications: t.prismaConnection({
    type: 'Notification',
    cursor: 'id',
    nullable: true,
    description: "The user's notifications, newest first (only the user reads these); `unread` for those not read yet.",
    args: { unread: t.arg.boolean({ description: 'Only those not read yet.' }) },
    ...selfOnly,
    totalCount: (user, args, ctx) => totalOf(args, () => ctx.db.notification.count({ where: notificationsOf(user.id, args.unread === true) })),
    resolve: async (query, user, args, ctx) =>
      noteWholeList(args, query, await ctx.db.notification.findMany({ ...selectable(query), where: notificationsOf(user.id, args.unread === true), orderBy: NEWEST_FIRST })),
  }),
  unreadNotificationCount: t.int({
    nullable: true,
    description: 'Notifications of the user not read yet (the header bell); only the user reads it.',
    select: { _count: { select: { notifications: { where: { inApp: true, readAt: null } } } } },
    ...selfOnly,
    resolve: (user) => user._count.notifications,
  }),
  notificationPreferences: t.field({
    type: [NotificationPreferenceType],
    nullable: true,
    description: 'Every kind of notification with where the user hears of it; only the user reads these.',
    ...selfOnly,
    resolve: (user, _args, ctx) => notificationPreferences(ctx.db, user.id),
  }),
}));

const MarkReadInput = builder.inputType('MarkNotificationsReadInput', {
  fields: (t) => ({
    ids: t.idList({ description: 'These notifications (others than the viewer’s are passed over); or:' }),
    all: t.boolean({ description: 'Every notification of the viewer.' }),
  }),
});

const MarkReadPayload = builder.objectRef<{ marked: number; ids: string[]; unreadCount: number }>('MarkNotificationsReadPayload').implement({
  fields: (t) => ({
    marked: t.exposeInt('marked', { description: 'How many were unread and are read now.' }),
    unreadNotificationCount: t.exposeInt('unreadCount'),
    notifications: t.prismaField({
      type: ['Notification'],
      description: 'The named notifications of the viewer, now read (empty for `all`).',
      resolve: (query, payload, _args, ctx) =>
        payload.ids.length ? ctx.db.notification.findMany({ ...selectable(query), where: { id: { in: payload.ids }, ...notificationsOf(viewerId(ctx)) }, orderBy: NEWEST_FIRST }) : [],
    }),
  }),
});

const PreferenceInput = builder.inputType('NotificationPreferenceInput', {
  fields: (t) => ({
    type: t.string({ required: true, description: 'A kind of the catalogue (notificationPreferences lists them).' }),
    channel: t.field({ type: NotificationChannelEnum, required: true }),
  }),
});

const UpdatePreferencesInput = builder.inputType('UpdateNotificationPreferencesInput', {
  fields: (t) => ({ preferences: t.field({ type: [PreferenceInput], required: true }) }),
});

const UnsubscribeInput = builder.inputType('UnsubscribeNotificationMailInput', {
  fields: (t) => ({ token: t.string({ required: true, description: 'The token of a mailed unsubscribe link.' }) }),
});

const UnsubscribePayload = builder.objectRef<{ type: string; label: string }>('UnsubscribeNotificationMailPayload').implement({
  fields: (t) => ({ type: t.exposeString('type'), label: t.exposeString('label', { description: 'The kind, as the preferences call it.' }) }),
});

builder.mutationFields((t) => ({
  markNotificationsRead: t.field({
    type: MarkReadPayload,
    errors: { types: [ValidationError, AuthenticationError] },
    description: "Marks the viewer's notifications read, by ids or all; their other tabs hear the new count.",
    args: { input: t.arg({ type: MarkReadInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      markNotificationsRead({ db: ctx.db, events: ctx.services.events }, ctx.viewer, {
        ids: input.ids?.map((id) => plainId(String(id), 'Notification')) ?? null,
        all: input.all ?? null,
      }),
  }),
  updateNotificationPreferences: t.field({
    type: [NotificationPreferenceType],
    errors: { types: [ValidationError, AuthenticationError] },
    description: 'Sets where the viewer hears of some kinds (security kinds: mail or both only); answers every kind.',
    args: { input: t.arg({ type: UpdatePreferencesInput, required: true }) },
    resolve: (_root, { input }, ctx) => updateNotificationPreferences({ db: ctx.db, events: ctx.services.events }, ctx.viewer, input),
  }),
  unsubscribeNotificationMail: t.field({
    type: UnsubscribePayload,
    errors: { types: [ValidationError] },
    description: 'The link of a mailed notification, without logging in: that kind reaches its person in the app only from now on.',
    args: { input: t.arg({ type: UnsubscribeInput, required: true }) },
    resolve: (_root, { input }, ctx) => unsubscribeByToken({ db: ctx.db, events: ctx.services.events }, ctx.services.config.sessionSecret, input),
  }),
}));

/** Subscriptions listen to the viewer's own events only: anonymous sockets are refused. */
function viewerOf(ctx: Context): User {
  if (!ctx.viewer) throw new AuthenticationError();
  return ctx.viewer;
}

builder.subscriptionFields((t) => ({
  notificationAdded: t.prismaField({
    type: 'Notification',
    description: "Each new notification of the viewer's bell.",
    subscribe: (_root, _args, ctx) => ctx.services.events.subscribe('notificationAdded', viewerOf(ctx).id),
    resolve: (query, event: { notificationId: string }, _args, ctx) =>
      ctx.db.notification.findFirstOrThrow({ ...selectable(query), where: { id: event.notificationId, ...notificationsOf(viewerOf(ctx).id) } }),
  }),
  unreadNotificationCountChanged: t.int({
    description: "The viewer's count of unread notifications, whenever it may have changed (the header bell): one added, some read.",
    subscribe: (_root, _args, ctx) => {
      const id = viewerOf(ctx).id;
      return Repeater.merge<unknown>([ctx.services.events.subscribe('notificationAdded', id), ctx.services.events.subscribe('notificationsRead', id)]);
    },
    resolve: (_event, _args, ctx) => unreadNotificationCount(ctx.db, viewerOf(ctx).id),
  }),
}));
