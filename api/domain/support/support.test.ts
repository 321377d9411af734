import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApp, type TestApp, logIn } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { makeUser, toGlobalId } from '../../test/market-fixtures.ts';
import type { TicketUpdatedEvent } from '../../events/events.ts';
import { SUPPORT_GRANT_COOKIE } from './support.grant.ts';
import { canAccessTicket } from '../policies.ts';

// Support tickets (docs/decisions.md "Support tickets") over REST and GraphQL, per role: a visitor
// with the grant cookie, another visitor, the owning user, another user, an administrator.

const FORM = { name: 'Vera Visitor', email: 'vera@example.org', subject: 'Cannot download', priority: 'high', message: 'The link fails.' };

describe('canAccessTicket', () => {
  const ticket = { id: 't1', userId: 'u1' };
  const viewer = (id: string, isAdmin = false) => ({ id, isAdmin, dueDiligenceStatus: 'not_started' as const });
  it('lets the grant, the owner and administrators in, nobody else', () => {
    expect(canAccessTicket(null, ['t1'], ticket)).toBe(true);
    expect(canAccessTicket(null, ['t2'], ticket)).toBe(false);
    expect(canAccessTicket(viewer('u1'), [], ticket)).toBe(true);
    expect(canAccessTicket(viewer('u2'), [], ticket)).toBe(false);
    expect(canAccessTicket(viewer('a', true), [], ticket)).toBe(true);
    expect(canAccessTicket(null, [], { id: 't3', userId: null })).toBe(false);
  });
});

describe.each(testDatabases())('support tickets on %s', (kind) => {
  let app: TestApp;
  const users: Record<string, { id: string }> = {};
  const db = () => app.database.prisma;
  const login = (username: string) => logIn(app, username);
  /** A visitor opens a ticket; returns the visitor's client (with its grant) and the ticket. */
  const open = async (form: Record<string, unknown> = FORM, client = new Client(app)) => {
    const res = await client.json('POST', '/api/support/tickets', form);
    expect(res.status).toBe(201);
    return { client, ticket: res.body as { id: string; status: string } };
  };

  beforeAll(async () => {
    app = await startTestApp(kind, { PUBLIC_URL: 'https://pit.example' });
    users.ann = await makeUser(db(), 'ann');
    users.bob = await makeUser(db(), 'bob');
    users.boss = await makeUser(db(), 'boss', { isAdmin: true });
    users.chief = await makeUser(db(), 'chief', { isAdmin: true });
  }, 120_000);
  afterAll(async () => app?.close());

  describe('POST /api/support/tickets', () => {
    it('opens a ticket for a visitor with its first message and an httpOnly grant cookie', async () => {
      const client = new Client(app);
      const res = await client.json('POST', '/api/support/tickets', FORM);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ subject: 'Cannot download', status: 'open', priority: 'high', name: 'Vera Visitor', email: 'vera@example.org', userId: null, assignedTo: null, resolvedAt: null });
      expect(res.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SUPPORT_GRANT_COOKIE}=`))!;
      expect(cookie).toMatch(/HttpOnly/);
      expect(await db().supportMessage.findMany({ where: { ticketId: res.body.id } })).toMatchObject([{ senderType: 'user', senderName: 'Vera Visitor', message: 'The link fails.', senderId: null }]);
      expect(await db().statusChange.findMany({ where: { subjectId: res.body.id } })).toMatchObject([{ subject: 'ticket', fromStatus: null, toStatus: 'open' }]);
      // A second ticket from the same browser: the grant holds both.
      const second = await client.json('POST', '/api/support/tickets', { ...FORM, subject: 'Another', priority: undefined });
      expect(second.body.priority).toBe('medium');
      for (const id of [res.body.id, second.body.id]) expect((await client.json('GET', `/api/support/tickets/${id}/messages`)).status).toBe(200);
      const mine = await client.gql('{ myTickets { ticketId subject } }');
      expect(mine.data.myTickets.map((t: any) => t.ticketId).sort()).toEqual([res.body.id, second.body.id].sort());
      expect((await new Client(app).gql('{ myTickets { ticketId } }')).data.myTickets).toEqual([]);
    });

    it('defaults priority to medium; refuses missing fields, a bad email, an unknown priority (400)', async () => {
      const { ticket } = await open({ ...FORM, priority: undefined });
      expect((await db().supportTicket.findUniqueOrThrow({ where: { id: ticket.id } })).priority).toBe('medium');
      const c = new Client(app);
      const missing = await c.json('POST', '/api/support/tickets', { name: ' ', email: 'x@y.z', subject: '', message: 'hi' });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toMatch(/Missing Information/);
      expect(missing.body.message).toMatch(/name, subject/);
      expect((await c.json('POST', '/api/support/tickets', {})).body.message).toMatch(/name, email, subject, message/);
      expect(await c.json('POST', '/api/support/tickets', { ...FORM, email: 'not-an-email' })).toMatchObject({ status: 400, body: { message: 'Please enter a valid email address' } });
      expect(await c.json('POST', '/api/support/tickets', { ...FORM, priority: 'critical' })).toMatchObject({ status: 400, body: { message: 'Priority must be one of: low, medium, high, urgent' } });
      expect((await c.json('POST', '/api/support/tickets', { ...FORM, priority: 3 })).status).toBe(400);
      expect((await c.json('POST', '/api/support/tickets', { ...FORM, name: ['x'] })).status).toBe(400);
      expect((await c.request('/api/support/tickets', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{bad' })).status).toBe(400);
      // No grant for a refused ticket.
      expect(c.cookieHeader).not.toContain(SUPPORT_GRANT_COOKIE);
    });

    it('limits tickets per client address (429 with Retry-After); invalid forms do not count; other addresses go on', async () => {
      const client = new Client(app);
      const limit = app.config.ticketLimits.perIp;
      expect(limit).toBe(10);
      expect((await client.json('POST', '/api/support/tickets', { ...FORM, subject: '' })).status).toBe(400);
      for (let i = 0; i < limit; i++) expect((await client.json('POST', '/api/support/tickets', FORM)).status).toBe(201);
      const before = await db().supportTicket.count();
      const refused = await client.json('POST', '/api/support/tickets', FORM);
      expect(refused).toMatchObject({ status: 429, body: { message: 'Too many support requests from this address. Please try again later.' } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const viaGraphQL = await client.gql(
        'mutation ($input: CreateSupportTicketInput!) { createSupportTicket(input: $input) { __typename ... on RateLimitedError { retryAfterSeconds } } }',
        { input: FORM },
      );
      expect(viaGraphQL.data.createSupportTicket).toMatchObject({ __typename: 'RateLimitedError' });
      expect(await db().supportTicket.count()).toBe(before);
      expect((await new Client(app).json('POST', '/api/support/tickets', FORM)).status).toBe(201);
    });

    it('a logged-in user owns the ticket and reads it through the session (no grant cookie)', async () => {
      const ann = await login('ann');
      const { ticket } = await open(FORM, ann);
      expect((await db().supportTicket.findUniqueOrThrow({ where: { id: ticket.id } })).userId).toBe(users.ann!.id);
      expect(ann.cookieHeader).not.toContain(SUPPORT_GRANT_COOKIE);
      expect((await ann.json('GET', `/api/support/tickets/${ticket.id}/messages`)).status).toBe(200);
      // The owner writes as the ticket's side under the account's name.
      expect((await ann.json('POST', `/api/support/tickets/${ticket.id}/messages`, { message: 'More', isFromAdmin: true })).body).toMatchObject({ senderType: 'user', senderName: 'ann', senderId: users.ann!.id, isFromAdmin: false });
      expect((await ann.gql('{ myTickets { ticketId } }')).data.myTickets.map((t: any) => t.ticketId)).toContain(ticket.id);
      // Another user, a visitor without the grant: 403; an administrator reads it.
      expect((await (await login('bob')).json('GET', `/api/support/tickets/${ticket.id}/messages`)).status).toBe(403);
      expect((await new Client(app).json('GET', `/api/support/tickets/${ticket.id}/messages`)).status).toBe(403);
      expect((await (await login('boss')).json('GET', `/api/support/tickets/${ticket.id}/messages`)).status).toBe(200);
      expect((await (await login('bob')).gql('{ myTickets { ticketId } }')).data.myTickets).toEqual([]);
    });
  });

  describe('GET and POST /api/support/tickets/{id}/messages', () => {
    it('the grant reads and writes; another visitor and another user get 403; an unknown ticket 404', async () => {
      const { client, ticket } = await open();
      const other = new Client(app);
      await open({ ...FORM, subject: 'Theirs' }, other); // another visitor with a grant of their own
      expect(await other.json('GET', `/api/support/tickets/${ticket.id}/messages`)).toMatchObject({ status: 403, body: { message: 'You do not have access to this ticket' } });
      expect((await other.json('POST', `/api/support/tickets/${ticket.id}/messages`, { message: 'hi' })).status).toBe(403);
      expect((await (await login('bob')).json('POST', `/api/support/tickets/${ticket.id}/messages`, { message: 'hi' })).status).toBe(403);
      expect((await client.json('GET', '/api/support/tickets/00000000-0000-4000-8000-000000000000/messages')).status).toBe(404);
      expect((await client.json('GET', '/api/support/tickets/nope/messages')).status).toBe(404);
      expect((await client.json('POST', '/api/support/tickets/nope/messages', { message: 'x' })).status).toBe(404);
      // A forged grant cookie is no grant.
      const forged = new Client(app);
      const res = await forged.request(`/api/support/tickets/${ticket.id}/messages`, { headers: { cookie: `${SUPPORT_GRANT_COOKIE}=eyJhbGciOiJIUzI1NiJ9.eyJ0aXgiOlsiYSJdfQ.x` } });
      expect(res.status).toBe(403);

      // The visitor's message is never from the team, whatever it claims.
      const sent = await client.json('POST', `/api/support/tickets/${ticket.id}/messages`, { message: '  Still failing  ', isFromAdmin: true, senderType: 'admin' });
      expect(sent.status).toBe(201);
      expect(sent.body).toMatchObject({ message: 'Still failing', isFromAdmin: false, senderType: 'user', adminName: null, senderName: 'Vera Visitor', ticketId: ticket.id });
      expect(await client.json('POST', `/api/support/tickets/${ticket.id}/messages`, { message: '   ' })).toMatchObject({ status: 400, body: { message: 'Message is required' } });
      const thread = await client.json('GET', `/api/support/tickets/${ticket.id}/messages`);
      expect(thread.body.map((m: any) => m.message)).toEqual(['The link fails.', 'Still failing']);
      expect(Object.keys(thread.body[0]).sort()).toEqual(['adminName', 'createdAt', 'id', 'isFromAdmin', 'message', 'senderId', 'senderName', 'senderType', 'ticketId'].sort());
      // Messages from the ticket's page are never the team's, and the visitor is not mailed.
      expect(app.mailer.sent.filter((m) => m.to === FORM.email && m.text.includes(ticket.id))).toEqual([]);
    });

    it('an administrator answering on the widget path writes as the team and mails the visitor', async () => {
      const { ticket } = await open({ ...FORM, email: 'widget@example.org' });
      const boss = await login('boss');
      const sent = await boss.json('POST', `/api/support/tickets/${ticket.id}/messages`, { message: 'On it', isFromAdmin: false });
      expect(sent.body).toMatchObject({ isFromAdmin: true, senderType: 'admin', adminName: 'Support Agent', senderId: users.boss!.id });
      expect(app.mailer.lastTo('widget@example.org')?.text).toContain(`https://pit.example/?supportTicket=${ticket.id}`);
    });
  });

  describe('administrators: GET /api/support/admin/tickets, POST /api/support/messages, PATCH /api/support/tickets/{id}', () => {
    it('refuses anonymous callers (401) and non-administrators (403), visitors with a grant included', async () => {
      const { client, ticket } = await open();
      const ann = await login('ann');
      for (const [who, status] of [
        [client, 401],
        [new Client(app), 401],
        [ann, 403],
      ] as const) {
        expect((await who.json('GET', '/api/support/admin/tickets')).status).toBe(status);
        expect((await who.json('POST', '/api/support/messages', { ticketId: ticket.id, message: 'x', senderType: 'admin' })).status).toBe(status);
        expect((await who.json('PATCH', `/api/support/tickets/${ticket.id}`, { status: 'closed' })).status).toBe(status);
      }
      expect((await ann.gql('{ activeTicketCount }')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect((await ann.gql('mutation($input: UpdateSupportTicketInput!) { updateSupportTicket(input: $input) { __typename } }', { input: { ticketId: ticket.id, status: 'closed' } })).data.updateSupportTicket.__typename).toBe('PermissionError');
      expect((await db().supportTicket.findUniqueOrThrow({ where: { id: ticket.id } })).status).toBe('open');
    });

    it('lists and filters the queue; counts active tickets', async () => {
      const boss = await login('boss');
      const { ticket: urgent } = await open({ ...FORM, subject: 'Urgent one', priority: 'urgent' });
      const { ticket: low } = await open({ ...FORM, subject: 'Low one', priority: 'low' });
      const all = await boss.json('GET', '/api/support/admin/tickets');
      expect(all.status).toBe(200);
      expect(all.body.map((t: any) => t.id)).toEqual(expect.arrayContaining([urgent.id, low.id]));
      expect(all.body[0]).toMatchObject({ id: low.id, subject: 'Low one', name: 'Vera Visitor', email: FORM.email, priority: 'low', status: 'open', assignedTo: null, resolvedAt: null });
      const filtered = await boss.json('GET', '/api/support/admin/tickets?status=open&priority=urgent');
      expect(filtered.body.every((t: any) => t.priority === 'urgent' && t.status === 'open')).toBe(true);
      expect(filtered.body.map((t: any) => t.id)).toContain(urgent.id);
      expect((await boss.json('GET', '/api/support/admin/tickets?status=all&priority=')).body.length).toBe(all.body.length);
      expect(await boss.json('GET', '/api/support/admin/tickets?status=pending')).toMatchObject({ status: 400, body: { message: 'Status must be one of: open, in_progress, resolved, closed' } });
      expect((await boss.json('GET', '/api/support/admin/tickets?priority=huge')).status).toBe(400);
      const active = await db().supportTicket.count({ where: { status: { in: ['open', 'in_progress'] } } });
      expect((await boss.gql('{ activeTicketCount }')).data.activeTicketCount).toBe(active);
      const page = await boss.gql('{ supportTickets(first: 1, priority: urgent) { totalCount edges { node { ticketId priority } } } }');
      expect(page.data.supportTickets.edges).toHaveLength(1);
      expect(page.data.supportTickets.edges[0].node.priority).toBe('urgent');
    });

    it('replies as the team with a default or given name, mails the visitor with a link back', async () => {
      const { client, ticket } = await open({ ...FORM, email: 'reply@example.org' });
      const boss = await login('boss');
      const reply = await boss.json('POST', '/api/support/messages', { ticketId: ticket.id, senderId: users.boss!.id, senderType: 'admin', message: 'We are looking into it.' });
      expect(reply.status).toBe(201);
      expect(reply.body).toMatchObject({ ticketId: ticket.id, senderType: 'admin', senderName: 'Support Agent', isFromAdmin: true, adminName: 'Support Agent', senderId: users.boss!.id });
      const named = await boss.json('POST', '/api/support/messages', { ticketId: ticket.id, senderType: 'admin', senderName: 'Sam', message: 'Fixed now.' });
      expect(named.body.adminName).toBe('Sam');
      const mail = app.mailer.lastTo('reply@example.org')!;
      expect(mail.subject).toContain(ticket.id.slice(-8));
      expect(mail.text).toContain('Fixed now.');
      expect(mail.text).toContain(`https://pit.example/?supportTicket=${ticket.id}`);
      const thread = await client.json('GET', `/api/support/tickets/${ticket.id}/messages`);
      expect(thread.body.map((m: any) => [m.isFromAdmin, m.adminName])).toEqual([
        [false, null],
        [true, 'Support Agent'],
        [true, 'Sam'],
      ]);
      expect((await boss.json('POST', '/api/support/messages', { ticketId: ticket.id, message: ' ' })).status).toBe(400);
      expect((await boss.json('POST', '/api/support/messages', { message: 'x' })).status).toBe(400);
      expect((await boss.json('POST', '/api/support/messages', { ticketId: '00000000-0000-4000-8000-000000000000', message: 'x' })).status).toBe(404);
    });

    it('a reply is kept when the mail cannot go out', async () => {
      const { ticket } = await open();
      const send = app.mailer.send;
      app.mailer.send = async () => {
        throw new Error('smtp down');
      };
      try {
        expect((await (await login('boss')).json('POST', '/api/support/messages', { ticketId: ticket.id, message: 'Hello' })).status).toBe(201);
      } finally {
        app.mailer.send = send;
      }
      expect(await db().supportMessage.count({ where: { ticketId: ticket.id, senderType: 'admin' } })).toBe(1);
    });

    it('assign to me, mark in progress, mark resolved (resolvedAt), close; the machine refuses the rest (409)', async () => {
      const { client, ticket } = await open();
      const boss = await login('boss');
      const patch = (body: unknown, id = ticket.id) => boss.json('PATCH', `/api/support/tickets/${id}`, body);
      // Assign to Me: assignedTo and in_progress.
      expect(await patch({ assignedTo: users.boss!.id })).toMatchObject({ status: 200, body: { assignedTo: users.boss!.id, status: 'in_progress' } });
      // Re-assigning an in-progress ticket keeps its status.
      expect(await patch({ assignedTo: users.chief!.id })).toMatchObject({ status: 200, body: { assignedTo: users.chief!.id, status: 'in_progress' } });
      expect(await patch({ status: 'in_progress' })).toMatchObject({ status: 409, body: { code: 'INVALID_TRANSITION' } });
      const resolved = await patch({ status: 'resolved', resolvedAt: '2001-01-01T00:00:00Z' });
      expect(resolved.body.status).toBe('resolved');
      expect(Math.abs(new Date(resolved.body.resolvedAt).getTime() - Date.now())).toBeLessThan(60_000);
      expect((await patch({ status: 'resolved' })).status).toBe(409);
      // A resolved ticket may be taken up again, then closed.
      expect((await patch({ status: 'in_progress' })).body.status).toBe('in_progress');
      expect((await patch({ status: 'closed' })).body.status).toBe('closed');
      expect((await patch({ status: 'open' })).status).toBe(409);
      expect((await patch({ assignedTo: users.boss!.id })).status).toBe(409);
      expect((await db().statusChange.findMany({ where: { subjectId: ticket.id }, orderBy: { createdAt: 'asc' } })).map((s) => s.toStatus)).toEqual([
        'open',
        'in_progress',
        'resolved',
        'in_progress',
        'closed',
      ]);
      // A closed ticket takes no messages, from anyone.
      expect(await client.json('POST', `/api/support/tickets/${ticket.id}/messages`, { message: 'one more' })).toMatchObject({ status: 409, body: { message: 'This ticket has been closed.' } });
      expect(await boss.json('POST', '/api/support/messages', { ticketId: ticket.id, message: 'late' })).toMatchObject({ status: 409, body: { message: 'This ticket has been closed.' } });
      // The thread stays readable.
      expect((await client.json('GET', `/api/support/tickets/${ticket.id}/messages`)).status).toBe(200);
    });

    it('refuses an unknown status, a non-admin assignee, nothing to change (400) and an unknown ticket (404)', async () => {
      const { ticket } = await open();
      const boss = await login('boss');
      expect(await boss.json('PATCH', `/api/support/tickets/${ticket.id}`, { status: 'archived' })).toMatchObject({ status: 400, body: { message: 'Status must be one of: open, in_progress, resolved, closed' } });
      expect((await boss.json('PATCH', `/api/support/tickets/${ticket.id}`, { status: 7 })).status).toBe(400);
      expect(await boss.json('PATCH', `/api/support/tickets/${ticket.id}`, { assignedTo: users.ann!.id })).toMatchObject({ status: 400, body: { message: 'assignedTo must be an administrator' } });
      expect((await boss.json('PATCH', `/api/support/tickets/${ticket.id}`, { assignedTo: 'nobody' })).status).toBe(400);
      expect((await boss.json('PATCH', `/api/support/tickets/${ticket.id}`, {})).status).toBe(400);
      expect((await boss.json('PATCH', '/api/support/tickets/00000000-0000-4000-8000-000000000000', { status: 'closed' })).status).toBe(404);
      expect((await boss.json('PATCH', '/api/support/tickets/nope', { status: 'closed' })).status).toBe(404);
      // Mark Resolved straight from open, then Close.
      expect((await boss.json('PATCH', `/api/support/tickets/${ticket.id}`, { status: 'resolved' })).body.resolvedAt).not.toBeNull();
    });
  });

  describe('GraphQL', () => {
    it('supportTicket: the grant, the owner and admins read it (with its thread); others are refused; node() hides it', async () => {
      const { client, ticket } = await open();
      const q = 'query($id: ID!) { supportTicket(id: $id) { ticketId status nextStatuses messages { message isFromAdmin } } }';
      expect((await client.gql(q, { id: ticket.id })).data.supportTicket).toEqual({ ticketId: ticket.id, status: 'open', nextStatuses: ['in_progress', 'resolved', 'closed'], messages: [{ message: 'The link fails.', isFromAdmin: false }] });
      expect((await client.gql(q, { id: toGlobalId('SupportTicket', ticket.id) })).data.supportTicket.ticketId).toBe(ticket.id);
      expect((await (await login('boss')).gql(q, { id: ticket.id })).data.supportTicket.ticketId).toBe(ticket.id);
      expect((await (await login('bob')).gql(q, { id: ticket.id })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect((await new Client(app).gql(q, { id: ticket.id })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const node = 'query($id: ID!) { node(id: $id) { id } }';
      const gid = toGlobalId('SupportTicket', ticket.id);
      expect((await new Client(app).gql(node, { id: gid })).data.node).toBeNull();
      expect((await client.gql(node, { id: gid })).data.node).toEqual({ id: gid });
    });

    it('createSupportTicket, sendSupportMessage and updateSupportTicket answer their errors as results', async () => {
      const visitor = new Client(app);
      const create = 'mutation($input: CreateSupportTicketInput!) { createSupportTicket(input: $input) { __typename ... on Error { message } ... on MutationCreateSupportTicketSuccess { data { ticketId priority } } } }';
      const bad = await visitor.gql(create, { input: { name: 'V', email: 'v@x.io', subject: '', message: 'm' } });
      expect(bad.data.createSupportTicket).toMatchObject({ __typename: 'ValidationError', message: expect.stringMatching(/Missing Information/) });
      const made = await visitor.gql(create, { input: { name: 'V', email: 'v@x.io', subject: 'S', message: 'm', priority: 'urgent' } });
      const id = made.data.createSupportTicket.data.ticketId;
      expect(made.data.createSupportTicket.data.priority).toBe('urgent');
      const send = 'mutation($input: SendSupportMessageInput!) { sendSupportMessage(input: $input) { __typename ... on Error { message } ... on MutationSendSupportMessageSuccess { data { senderType senderName } } } }';
      expect((await visitor.gql(send, { input: { ticketId: id, message: 'hi', senderName: 'Support Agent' } })).data.sendSupportMessage.data).toEqual({ senderType: 'user', senderName: 'V' });
      expect((await new Client(app).gql(send, { input: { ticketId: id, message: 'hi' } })).data.sendSupportMessage.__typename).toBe('PermissionError');
      const update = 'mutation($input: UpdateSupportTicketInput!) { updateSupportTicket(input: $input) { __typename ... on Error { message } ... on MutationUpdateSupportTicketSuccess { data { status assignedTo { userId } } } } }';
      expect((await visitor.gql(update, { input: { ticketId: id, status: 'closed' } })).data.updateSupportTicket.__typename).toBe('AuthenticationError');
      const boss = await login('boss');
      expect((await boss.gql(update, { input: { ticketId: id, assignToMe: true } })).data.updateSupportTicket.data).toEqual({ status: 'in_progress', assignedTo: { userId: users.boss!.id } });
      expect((await boss.gql(update, { input: { ticketId: id, status: 'open' } })).data.updateSupportTicket.__typename).toBe('ConflictError');
    });

    it('publishes ticketUpdated for the ticket and supportQueueChanged for the queue', async () => {
      const { client, ticket } = await open();
      const seen: TicketUpdatedEvent[] = [];
      const queue: TicketUpdatedEvent[] = [];
      const mine = app.events.subscribe('ticketUpdated', ticket.id)[Symbol.asyncIterator]();
      const all = app.events.subscribe('supportQueueChanged')[Symbol.asyncIterator]();
      const first = mine.next();
      const firstQueue = all.next();
      await client.json('POST', `/api/support/tickets/${ticket.id}/messages`, { message: 'ping' });
      seen.push((await first).value);
      queue.push((await firstQueue).value);
      expect(seen[0]).toMatchObject({ ticketId: ticket.id, change: 'message', status: 'open', messageId: expect.any(String) });
      expect(queue[0]).toMatchObject({ ticketId: ticket.id, change: 'message' });
      await mine.return?.();
      await all.return?.();
    });
  });
});
