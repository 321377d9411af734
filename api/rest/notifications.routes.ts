import { Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { z } from 'zod';
import type { Yoga } from '../graphql/yoga.ts';
import { json, operation, respondWithGraphQLErrors, respondWithResult, runOperation, type ClientIp, type MutationResult, type PageInfo } from './execute.ts';
import { jsonError } from './respond.ts';
import { limitParam, offsetParam, PAGE_HEADERS, setPageHeaders } from './page-links.ts';
import { cursorAtOffset } from './page-walk.ts';
import { body, documentedAs, field, queryOf, readBody } from './openapi/describe.ts';
import { NotificationAnswer, NotificationPreferenceAnswer } from './openapi/shapes.ts';
import { CHANNEL_MESSAGE } from '../domain/notifications/notifications.schemas.ts';

/** The routes of this file under one heading of the reference page. */
const doc = documentedAs('Notifications');

// The notification centre over REST (docs/decisions.md "Issue 25: notification centre"), the
// signed-in user's own only (401 logged out):
//   GET  /api/notifications[?unread=true&limit&offset]   newest first, paged (X-Total-Count, Link)
//   POST /api/notifications/read { ids } | { all: true }   { marked, unreadCount }
//   GET  /api/notifications/preferences                    every kind with its channel
//   PUT  /api/notifications/preferences { preferences: [{ type, channel }] }
//   POST /api/notifications/unsubscribe { token }          a mailed link's token, no login needed

interface NotificationNode {
  notificationId: string;
  type: string;
  title: string;
  body: string;
  link: string | null;
  isRead: boolean;
  readAt: string | null;
  createdAt: string;
}
interface Page<T> {
  edges: Array<{ node: T }>;
  totalCount: number;
  pageInfo: PageInfo;
}
interface Preference {
  type: string;
  label: string;
  channel: string;
  defaultChannel: string;
  locked: boolean;
}

const ERROR_FIELDS = `__typename ... on Error { message code reason ... on ValidationError { fieldErrors { field message } } }`;
const PREFERENCE_FIELDS = 'type label channel defaultChannel locked';
type PageVariables = { first: number; after: string | null; unread: boolean };

const LIST = operation<{ viewer: { notifications: Page<NotificationNode> | null } | null }, PageVariables>(`query RestNotifications($first: Int!, $after: String, $unread: Boolean) {
  viewer { notifications(first: $first, after: $after, unread: $unread) { totalCount pageInfo { hasNextPage endCursor }
    edges { node { notificationId type title body link isRead readAt createdAt } } } } }`);
// Only where each page ends: the walk to an offset (the cursors are ids, not offsets).
const PAGE_ENDS = operation<{ viewer: { notifications: { pageInfo: PageInfo } | null } | null }, PageVariables>(`query RestNotificationPageEnds($first: Int!, $after: String, $unread: Boolean) {
  viewer { notifications(first: $first, after: $after, unread: $unread) { pageInfo { hasNextPage endCursor } } } }`);
const MARK_READ = operation<MutationResult<'markNotificationsRead', { marked: number; unreadNotificationCount: number }>>(`mutation RestMarkNotificationsRead($input: MarkNotificationsReadInput!) {
  markNotificationsRead(input: $input) { ${ERROR_FIELDS} ... on MutationMarkNotificationsReadSuccess { data { marked unreadNotificationCount } } } }`);
const PREFERENCES = operation<{ viewer: { notificationPreferences: Preference[] | null } | null }>(`query RestNotificationPreferences {
  viewer { notificationPreferences { ${PREFERENCE_FIELDS} } } }`);
const UPDATE_PREFERENCES = operation<MutationResult<'updateNotificationPreferences', Preference[]>>(`mutation RestUpdateNotificationPreferences($input: UpdateNotificationPreferencesInput!) {
  updateNotificationPreferences(input: $input) { ${ERROR_FIELDS} ... on MutationUpdateNotificationPreferencesSuccess { data { ${PREFERENCE_FIELDS} } } } }`);
const UNSUBSCRIBE = operation<MutationResult<'unsubscribeNotificationMail', { type: string; label: string }>>(`mutation RestUnsubscribeNotificationMail($input: UnsubscribeNotificationMailInput!) {
  unsubscribeNotificationMail(input: $input) { ${ERROR_FIELDS} ... on MutationUnsubscribeNotificationMailSuccess { data { type label } } } }`);

const PAGE = 20;
const ListQuery = z.object({
  unread: z.enum(['true', 'false'], { error: 'unread must be true or false' }).optional().describe('true: only those not read yet.'),
  limit: limitParam(PAGE),
  offset: offsetParam(),
});
const ReadBody = body({
  ids: z.array(field, { error: 'ids must be a list of notification ids' }).nullish().describe('These notifications (ids of no notification of yours are passed over).'),
  all: z.boolean({ error: 'all must be true or false' }).nullish().describe('Or: every notification of yours.'),
});
const PreferencesBody = body({
  preferences: z.array(z.object({ type: z.string({ error: 'type must be text' }), channel: z.enum(['app', 'mail', 'both'], { error: CHANNEL_MESSAGE }) }), {
    error: 'preferences must be a list of { type, channel }',
  }),
});
const UnsubscribeBody = body({ token: z.string({ error: 'token is required' }) });

const restNotification = ({ notificationId, ...rest }: NotificationNode) => ({ id: notificationId, ...rest });
const loggedOut = (c: Parameters<ClientIp>[0]) => jsonError(c, 'LOGIN_REQUIRED', 'Authentication required');

export function notificationRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  r.get('/notifications', doc({
    access: 'signed-in',
    tokenScopes: ['account:read'],
    summary: "The signed-in user's notifications, newest first",
    description: 'Paged with `limit` (20 by default, at most 100) and `offset`: the total is in `X-Total-Count`, the pages in `Link`. `unread=true` lists only those not read yet.',
    answers: { 200: { description: 'A page of notifications', schema: z.array(NotificationAnswer), headers: PAGE_HEADERS } },
  }), queryOf(ListQuery), async (c) => {
    const q = c.req.valid('query');
    const limit = q.limit ?? PAGE;
    const offset = q.offset ?? 0;
    const unread = q.unread === 'true';
    const start = await cursorAtOffset(offset, 100, async (first, after) => {
      const ends = await runOperation(yoga, c, clientIp(c), PAGE_ENDS, { first, after, unread });
      if (ends.errors?.length) return respondWithGraphQLErrors(c, ends.errors, ends.data);
      return ends.data?.viewer?.notifications?.pageInfo ?? loggedOut(c);
    });
    if (start instanceof Response) return start;
    const result = await runOperation(yoga, c, clientIp(c), LIST, { first: limit, after: start.after, unread });
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    const page = result.data?.viewer?.notifications;
    if (!page) return loggedOut(c);
    setPageHeaders(c, page.totalCount, { offset, limit, hasNext: !start.pastTheEnd && page.pageInfo.hasNextPage });
    return json(c, start.pastTheEnd ? [] : page.edges.map((e) => restNotification(e.node)));
  });

  r.post('/notifications/read', doc({
    access: 'signed-in',
    tokenScopes: ['account:write'],
    summary: 'Mark notifications read: some by id, or all',
    body: ReadBody,
    example: { ids: ['0196c4a0-0000-7000-8000-0000000000a1'] },
    answers: { 200: z.object({ marked: z.number().int().describe('How many were unread and are read now.'), unreadCount: z.number().int() }) },
  }), async (c) => {
    const b = await readBody(c, ReadBody);
    const input = { ids: b.ids ? b.ids.map(String) : null, all: b.all ?? null };
    const result = await runOperation(yoga, c, clientIp(c), MARK_READ, { input });
    return respondWithResult(c, result, 'markNotificationsRead', (data) => json(c, { marked: data.marked, unreadCount: data.unreadNotificationCount }));
  });

  r.get('/notifications/preferences', doc({
    access: 'signed-in',
    tokenScopes: ['account:read'],
    summary: 'Where the signed-in user hears of each kind of notification',
    answers: { 200: z.array(NotificationPreferenceAnswer) },
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), PREFERENCES);
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    const preferences = result.data?.viewer?.notificationPreferences;
    return preferences ? json(c, preferences) : loggedOut(c);
  });

  r.put('/notifications/preferences', doc({
    access: 'signed-in',
    tokenScopes: ['account:write'],
    summary: 'Choose in the app, by mail or both, per kind',
    description: 'Kinds not named keep their channel. Security kinds (`locked`) are always mailed: `app` is refused for them. Answers every kind.',
    body: PreferencesBody,
    example: { preferences: [{ type: 'bid.declined', channel: 'both' }] },
    answers: { 200: z.array(NotificationPreferenceAnswer) },
  }), async (c) => {
    const { preferences } = await readBody(c, PreferencesBody);
    const result = await runOperation(yoga, c, clientIp(c), UPDATE_PREFERENCES, { input: { preferences } });
    return respondWithResult(c, result, 'updateNotificationPreferences', (data) => json(c, data));
  });

  r.post('/notifications/unsubscribe', doc({
    access: 'public',
    tokenScopes: 'session-only',
    summary: 'Stop the mails of one kind, by the token of a mailed link',
    description: 'The token names its person and kind; that kind then reaches them in the app only. No login needed.',
    answers: { 200: z.object({ type: z.string(), label: z.string() }) },
    body: UnsubscribeBody,
    example: { token: '<from the mail>' },
  }), async (c) => {
    const { token } = await readBody(c, UnsubscribeBody);
    const result = await runOperation(yoga, c, clientIp(c), UNSUBSCRIBE, { input: { token } });
    return respondWithResult(c, result, 'unsubscribeNotificationMail', (data) => json(c, data));
  });

  return r;
}
