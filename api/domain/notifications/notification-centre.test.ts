import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, logIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { makeUser, toGlobalId } from '../../test/market-fixtures.ts';
import { unsubscribeToken } from './unsubscribe.ts';

// The notification centre per role (docs/decisions.md "Issue 25: notification centre"): anonymous
// callers are refused, a user reads and marks only their own, an administrator is no exception.

const LIST = `query($first: Int, $after: String, $unread: Boolean) { viewer { unreadNotificationCount
  notifications(first: $first, after: $after, unread: $unread) { totalCount pageInfo { hasNextPage endCursor } edges { node { id notificationId title isRead type kindLabel link } } } } }`;
const MARK = `mutation($input: MarkNotificationsReadInput!) { markNotificationsRead(input: $input) { __typename
  ... on Error { code message } ... on MutationMarkNotificationsReadSuccess { data { marked unreadNotificationCount notifications { notificationId isRead } } } } }`;
const PREFS = `query { viewer { notificationPreferences { type label channel defaultChannel locked } } }`;
const UPDATE = `mutation($input: UpdateNotificationPreferencesInput!) { updateNotificationPreferences(input: $input) { __typename
  ... on Error { code message } ... on MutationUpdateNotificationPreferencesSuccess { data { type channel locked } } } }`;
const UNSUBSCRIBE = `mutation($token: String!) { unsubscribeNotificationMail(input: { token: $token }) { __typename
  ... on Error { code message } ... on MutationUnsubscribeNotificationMailSuccess { data { type label } } } }`;

describe.each(testDatabases())('notification centre on %s', (kind) => {
  let app: TestApp;
  const ids: Record<string, string> = {};
  const own: string[] = [];
  let theirs = '';
  let mailOnly = '';
  let user: Client;
  let other: Client;
  let admin: Client;
  const anonymous = () => new Client(app);

  beforeAll(async () => {
    app = await startTestApp(kind);
    const db = app.database.prisma;
    for (const who of ['reader', 'neighbour']) ids[who] = (await makeUser(db, who)).id;
    ids.boss = (await makeUser(db, 'boss', { isAdmin: true })).id;
    // Five of the reader's, oldest first, one mail-only (never in the bell), one of the neighbour's.
    for (let i = 1; i <= 5; i++) {
      const row = await db.notification.create({
        data: { userId: ids.reader!, type: 'bid.declined', title: `Note ${i}`, body: `Body ${i}`, link: '/dashboard', createdAt: new Date(Date.UTC(2026, 0, i)) },
      });
      own.push(row.id);
    }
    mailOnly = (await db.notification.create({ data: { userId: ids.reader!, type: 'bid.declined', title: 'Mailed', body: 'x', inApp: false, mail: true } })).id;
    theirs = (await db.notification.create({ data: { userId: ids.neighbour!, type: 'bid.accepted', title: 'Not yours', body: 'x' } })).id;
    user = await logIn(app, 'reader');
    other = await logIn(app, 'neighbour');
    admin = await logIn(app, 'boss');
  });
  afterAll(async () => app?.close());

  describe('GraphQL', () => {
    it('lists the viewer’s bell newest first, paged, without mail-only rows; the unread filter and the count agree', async () => {
      const first = await user.gql(LIST, { first: 2 });
      const page = first.data.viewer.notifications;
      expect(page.totalCount).toBe(5);
      expect(first.data.viewer.unreadNotificationCount).toBe(5);
      expect(page.edges.map((e: any) => e.node.title)).toEqual(['Note 5', 'Note 4']);
      expect(page.edges[0].node).toMatchObject({ isRead: false, type: 'bid.declined', kindLabel: 'Your bid was declined', link: '/dashboard' });
      const next = await user.gql(LIST, { first: 10, after: page.pageInfo.endCursor });
      expect(next.data.viewer.notifications.edges.map((e: any) => e.node.title)).toEqual(['Note 3', 'Note 2', 'Note 1']);
      expect(JSON.stringify(next.data)).not.toContain(mailOnly);
    });

    it('anonymous: no viewer, no node; another user’s notification is no node to anyone else, admins included', async () => {
      expect((await anonymous().gql(LIST)).data.viewer).toBeNull();
      const node = `query($id: ID!) { node(id: $id) { ... on Notification { title } } }`;
      const id = toGlobalId('Notification', theirs);
      expect((await other.gql(node, { id })).data.node).toEqual({ title: 'Not yours' });
      for (const who of [user, admin, anonymous()]) expect((await who.gql(node, { id })).data.node).toBeNull();
      // Another user's list and count read through their User node are null.
      const peek = await admin.gql(`query($id: ID!) { node(id: $id) { ... on User { unreadNotificationCount notificationPreferences { type } notifications(first: 1) { totalCount } } } }`, {
        id: toGlobalId('User', ids.neighbour!),
      });
      expect(peek.data.node).toEqual({ unreadNotificationCount: null, notificationPreferences: null, notifications: null });
    });

    it('marks by ids: own ones only (another’s id, a mail-only row and nonsense pass over silently), then all', async () => {
      const res = await user.gql(MARK, { input: { ids: [toGlobalId('Notification', own[4]!), own[3], theirs, mailOnly, 'nonsense'] } });
      expect(res.data.markNotificationsRead.data).toEqual({
        marked: 2,
        unreadNotificationCount: 3,
        notifications: [
          { notificationId: own[4], isRead: true },
          { notificationId: own[3], isRead: true },
        ],
      });
      const db = app.database.prisma;
      expect((await db.notification.findUniqueOrThrow({ where: { id: theirs } })).readAt).toBeNull();
      expect((await user.gql(LIST, { unread: true })).data.viewer.notifications.totalCount).toBe(3);
      const again = await other.gql(MARK, { input: { ids: [own[0]] } });
      expect(again.data.markNotificationsRead.data.marked).toBe(0);
      const all = await user.gql(MARK, { input: { all: true } });
      expect(all.data.markNotificationsRead.data).toMatchObject({ marked: 3, unreadNotificationCount: 0, notifications: [] });
      expect((await db.notification.findUniqueOrThrow({ where: { id: theirs } })).readAt).toBeNull();
    });

    it('refuses a mark without a target, with both, and anonymous callers', async () => {
      for (const input of [{}, { ids: [] }, { all: false }, { all: true, ids: [own[0]] }]) {
        expect((await user.gql(MARK, { input })).data.markNotificationsRead).toMatchObject({ __typename: 'ValidationError', code: 'INVALID_INPUT' });
      }
      expect((await anonymous().gql(MARK, { input: { all: true } })).data.markNotificationsRead).toMatchObject({ __typename: 'AuthenticationError' });
    });

    it('preferences: every kind with its default, security locked; updates validated; one’s own only', async () => {
      const prefs = (await user.gql(PREFS)).data.viewer.notificationPreferences;
      expect(prefs.find((p: any) => p.type === 'bid.accepted')).toEqual({ type: 'bid.accepted', label: 'Your bid was accepted', channel: 'both', defaultChannel: 'both', locked: false });
      expect(prefs.find((p: any) => p.type === 'account.security')).toMatchObject({ locked: true, channel: 'both' });
      const set = await user.gql(UPDATE, { input: { preferences: [{ type: 'bid.accepted', channel: 'app' }, { type: 'account.security', channel: 'mail' }] } });
      const updated = set.data.updateNotificationPreferences.data;
      expect(updated.find((p: any) => p.type === 'bid.accepted').channel).toBe('app');
      expect(updated.find((p: any) => p.type === 'account.security').channel).toBe('mail');
      // The neighbour's are their own.
      const theirsPrefs = (await other.gql(PREFS)).data.viewer.notificationPreferences;
      expect(theirsPrefs.find((p: any) => p.type === 'bid.accepted').channel).toBe('both');

      const refused = async (preferences: unknown[]) => (await user.gql(UPDATE, { input: { preferences } })).data.updateNotificationPreferences;
      expect(await refused([{ type: 'account.security', channel: 'app' }])).toMatchObject({ __typename: 'ValidationError', message: expect.stringContaining('cannot be switched off') });
      expect(await refused([{ type: 'no.such', channel: 'app' }])).toMatchObject({ __typename: 'ValidationError', message: 'Unknown notification kind: no.such' });
      expect(await refused([])).toMatchObject({ __typename: 'ValidationError' });
      expect(await refused([{ type: 'bid.accepted', channel: 'app' }, { type: 'bid.accepted', channel: 'mail' }])).toMatchObject({ __typename: 'ValidationError' });
      const bad = await user.gql(UPDATE, { input: { preferences: [{ type: 'bid.accepted', channel: 'loud' }] } });
      expect(bad.errors?.[0]?.message).toContain('NotificationChannel');
      expect((await anonymous().gql(UPDATE, { input: { preferences: [{ type: 'bid.accepted', channel: 'app' }] } })).data.updateNotificationPreferences.__typename).toBe('AuthenticationError');
      expect((await anonymous().gql(PREFS)).data.viewer).toBeNull();
    });

    it('unsubscribes by a mailed token without logging in; forged, security and garbage tokens are refused', async () => {
      const secret = app.config.sessionSecret;
      const res = await anonymous().gql(UNSUBSCRIBE, { token: unsubscribeToken(secret, ids.neighbour!, 'bid.declined') });
      expect(res.data.unsubscribeNotificationMail.data).toEqual({ type: 'bid.declined', label: 'Your bid was declined' });
      const prefs = (await other.gql(PREFS)).data.viewer.notificationPreferences;
      expect(prefs.find((p: any) => p.type === 'bid.declined').channel).toBe('app');
      for (const token of [unsubscribeToken(secret, ids.neighbour!, 'account.security'), unsubscribeToken(new Uint8Array(32), ids.neighbour!, 'bid.declined'), 'garbage', '', unsubscribeToken(secret, '0196c4a0-0000-7000-8000-000000000999', 'bid.declined')]) {
        expect((await anonymous().gql(UNSUBSCRIBE, { token })).data.unsubscribeNotificationMail).toMatchObject({ __typename: 'ValidationError', code: 'INVALID_INPUT' });
      }
    });
  });

  describe('REST', () => {
    beforeAll(async () => {
      await app.database.prisma.notification.updateMany({ where: { userId: ids.reader }, data: { readAt: null } });
    });

    it('GET /api/notifications pages newest first with X-Total-Count and Link, unread=true filters; own only', async () => {
      const res = await user.json('GET', '/api/notifications?limit=2&offset=2');
      expect(res.status).toBe(200);
      expect(res.body.map((n: any) => n.title)).toEqual(['Note 3', 'Note 2']);
      expect(res.body[0]).toMatchObject({ id: own[2], type: 'bid.declined', isRead: false, readAt: null, link: '/dashboard' });
      expect(res.headers.get('x-total-count')).toBe('5');
      expect(res.headers.get('link')).toContain('rel="next"');
      expect((await user.json('GET', '/api/notifications?offset=50')).body).toEqual([]);
      await user.json('POST', '/api/notifications/read', { ids: [own[4]] });
      const unread = await user.json('GET', '/api/notifications?unread=true');
      expect(unread.headers.get('x-total-count')).toBe('4');
      expect(unread.body.map((n: any) => n.title)).not.toContain('Note 5');
      const theirsList = await other.json('GET', '/api/notifications');
      expect(theirsList.body.map((n: any) => n.id)).toEqual([theirs]);
      expect((await admin.json('GET', '/api/notifications')).body).toEqual([]);
    });

    it('GET /api/notifications refuses anonymous callers and bad paging', async () => {
      expect((await anonymous().json('GET', '/api/notifications')).status).toBe(401);
      for (const q of ['unread=maybe', 'limit=0', 'limit=500', 'offset=-1']) expect((await user.json('GET', `/api/notifications?${q}`)).status).toBe(400);
    });

    it('POST /api/notifications/read: ids or all; bad bodies 400; anonymous 401', async () => {
      const res = await user.json('POST', '/api/notifications/read', { ids: [own[3], theirs] });
      expect(res).toMatchObject({ status: 200, body: { marked: 1, unreadCount: 3 } });
      expect((await user.json('POST', '/api/notifications/read', { all: true })).body).toEqual({ marked: 3, unreadCount: 0 });
      for (const body of [{}, { ids: [] }, { ids: 'x' }, { all: 'yes' }, { all: true, ids: [own[0]] }, [1]]) {
        const bad = await user.json('POST', '/api/notifications/read', body);
        expect(bad.status).toBe(400);
        expect(bad.body.code).toBe('INVALID_INPUT');
      }
      expect((await anonymous().json('POST', '/api/notifications/read', { all: true })).status).toBe(401);
      expect((await app.database.prisma.notification.findUniqueOrThrow({ where: { id: theirs } })).readAt).toBeNull();
    });

    it('GET and PUT /api/notifications/preferences', async () => {
      const list = await other.json('GET', '/api/notifications/preferences');
      expect(list.status).toBe(200);
      expect(list.body.find((p: any) => p.type === 'account.security')).toMatchObject({ locked: true });
      const put = await other.json('PUT', '/api/notifications/preferences', { preferences: [{ type: 'bid.withdrawn', channel: 'mail' }] });
      expect(put.status).toBe(200);
      expect(put.body.find((p: any) => p.type === 'bid.withdrawn').channel).toBe('mail');
      for (const body of [{}, { preferences: [{ type: 'bid.withdrawn', channel: 'loud' }] }, { preferences: [{ type: 'nope', channel: 'app' }] }, { preferences: [{ type: 'account.security', channel: 'app' }] }]) {
        expect((await other.json('PUT', '/api/notifications/preferences', body)).status).toBe(400);
      }
      expect((await anonymous().json('GET', '/api/notifications/preferences')).status).toBe(401);
      expect((await anonymous().json('PUT', '/api/notifications/preferences', { preferences: [{ type: 'bid.withdrawn', channel: 'app' }] })).status).toBe(401);
    });

    it('POST /api/notifications/unsubscribe takes a token without a login; a bad one is a 400', async () => {
      const token = unsubscribeToken(app.config.sessionSecret, ids.reader!, 'bid.received');
      expect(await anonymous().json('POST', '/api/notifications/unsubscribe', { token })).toMatchObject({ status: 200, body: { type: 'bid.received', label: 'A bid on your listing' } });
      const prefs = await user.json('GET', '/api/notifications/preferences');
      expect(prefs.body.find((p: any) => p.type === 'bid.received').channel).toBe('app');
      for (const body of [{}, { token: 'forged.bid.received.xyz' }, { token: 42 }]) expect((await anonymous().json('POST', '/api/notifications/unsubscribe', body)).status).toBe(400);
    });
  });
});
