import crypto from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { expect, gql, test } from './fixtures.ts';
import { browserOn, listeningOn, login, useTwoInstances, type Instance } from './two-instances.ts';

// Two server instances behind one PostgreSQL database and one Redis, as a deployment of several
// processes runs them: a buyer on instance A and a provider on instance B talk live on /messaging
// (each message crosses from one instance to the other through Redis), and a visitor's support
// ticket opened on A gets the team's reply, sent on B, over the visitor's subscription on A.
//
// This spec starts its own two servers (the journeys' server runs on the embedded database, which
// one process owns): the built server when dist/server/server.js exists, else the source through
// tsx (E2E_SERVER_COMMAND overrides both, as for the journeys' server), each on a free port, on a
// database created for the run and dropped after. Skipped when PostgreSQL or Redis is unreachable.

const BUYER = { email: 'ava.thompson@datapit.demo', name: 'Ava Thompson' };
const PROVIDER = { email: 'meridian@datapit.demo', name: 'Meridian Analytics' };
const ADMIN = { email: 'admin@datapit.demo', password: 'PitBoss#2026', name: 'Demo Administrator' };

test.describe.configure({ mode: 'serial', timeout: 90_000 });
const instances = useTwoInstances();

const composer = (page: Page) => page.getByRole('textbox', { name: /^Message to / });

test('a buyer on instance A and a provider on instance B chat live', async ({ browser }) => {
  const [a, b] = instances as [Instance, Instance];
  const buyer = await browserOn(browser, a);
  const provider = await browserOn(browser, b);
  await login(buyer.page.request, BUYER.email);
  await login(provider.page.request, PROVIDER.email);

  // The buyer's conversation with the provider (found or started), through instance A.
  const userIdOf = async (request: APIRequestContext) => (await gql<{ viewer: { userId: string } }>(request, '{ viewer { userId } }')).viewer.userId;
  const buyerId = await userIdOf(buyer.page.request);
  const providerId = await userIdOf(provider.page.request);
  const { openConversation } = await gql<{ openConversation: { __typename: string; message?: string; data?: { conversationId: string } } }>(
    buyer.page.request,
    `mutation ($input: OpenConversationInput!) {
      openConversation(input: $input) { __typename ... on MutationOpenConversationSuccess { data { conversationId } } ... on Error { message } }
    }`,
    { input: { userId: providerId } },
  );
  expect(openConversation.__typename, openConversation.message).toBe('MutationOpenConversationSuccess');
  const conversation = `/messaging?conversation=${encodeURIComponent(openConversation.data!.conversationId)}`;

  // Both have the thread open, each on their own instance.
  await buyer.page.goto(conversation);
  await provider.page.goto(conversation);
  const buyerThread = buyer.page.getByRole('log', { name: `Messages with ${PROVIDER.name}` });
  const providerThread = provider.page.getByRole('log', { name: `Messages with ${BUYER.name}` });
  await expect(buyerThread).toBeVisible();
  await expect(providerThread).toBeVisible();
  await listeningOn(`messageSent:${buyerId}`);
  await listeningOn(`messageSent:${providerId}`);

  // A -> B: sent on A, it shows on B without a reload.
  const question = `Do you cover the Nikkei 225 constituents? ${crypto.randomBytes(3).toString('hex')}`;
  await composer(buyer.page).fill(question);
  await composer(buyer.page).press('Enter');
  await expect(buyerThread.getByTestId('own-message').filter({ hasText: question })).toBeVisible();
  await expect(providerThread.getByTestId('their-message').filter({ hasText: question })).toBeVisible();

  // B -> A: the reply, sent on B, shows on A without a reload.
  const answer = `Yes, since 2015, tick by tick. ${crypto.randomBytes(3).toString('hex')}`;
  await composer(provider.page).fill(answer);
  await composer(provider.page).press('Enter');
  await expect(providerThread.getByTestId('own-message').filter({ hasText: answer })).toBeVisible();
  await expect(buyerThread.getByTestId('their-message').filter({ hasText: answer })).toBeVisible();

  // The conversation list on B follows too: the latest message, live.
  await expect(provider.page.getByTestId('conversation-row').filter({ hasText: BUYER.name })).toContainText(answer);

  await buyer.close();
  await provider.close();
});

test("a visitor's ticket opened on instance A gets the team's reply sent on instance B", async ({ playwright }) => {
  const [a, b] = instances as [Instance, Instance];
  const subject = `Sample file is empty ${crypto.randomBytes(4).toString('hex')}`;

  // A visitor without an account opens a ticket on A; the answer's cookie is their grant to it.
  const visitor = await playwright.request.newContext({ baseURL: a.base });
  const { createSupportTicket } = await gql<{ createSupportTicket: { __typename: string; message?: string; data?: { ticketId: string } } }>(
    visitor,
    `mutation ($input: CreateSupportTicketInput!) {
      createSupportTicket(input: $input) { __typename ... on MutationCreateSupportTicketSuccess { data { ticketId } } ... on Error { message } }
    }`,
    { input: { name: 'Noor Haddad', email: `noor-${crypto.randomBytes(3).toString('hex')}@example.com`, subject, message: 'The sample CSV of the FX feed has no rows.' } },
  );
  expect(createSupportTicket.__typename, createSupportTicket.message).toBe('MutationCreateSupportTicketSuccess');
  const ticketId = createSupportTicket.data!.ticketId;
  const cookie = (await visitor.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');

  // The visitor listens on A, as the widget does (graphql-ws with the grant cookie).
  const socket = createClient({
    url: `${a.base.replace('http', 'ws')}/graphql`,
    webSocketImpl: class extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols, { headers: { cookie } });
      }
    },
    retryAttempts: 0,
  });
  const received: Array<{ message: string; isFromAdmin: boolean; adminName: string | null }> = [];
  const failures: unknown[] = [];
  let listening!: () => void;
  const acknowledged = new Promise<void>((resolve) => (listening = resolve));
  socket.on('connected', () => listening());
  const stop = socket.subscribe<{ supportMessageAdded: (typeof received)[number] }>(
    { query: 'subscription ($ticketId: ID!) { supportMessageAdded(ticketId: $ticketId) { message isFromAdmin adminName } }', variables: { ticketId } },
    { next: ({ data, errors }) => (errors ? failures.push(errors) : data && received.push(data.supportMessageAdded)), error: (e) => failures.push(e), complete: () => {} },
  );
  await acknowledged;

  await listeningOn(`ticketUpdated:${ticketId}`);

  // The team answers on B; the reply reaches the visitor's socket on A.
  const admin = await playwright.request.newContext({ baseURL: b.base });
  await login(admin, ADMIN.email, ADMIN.password);
  const reply = 'A new sample is up: please download it again.';
  const { sendSupportMessage } = await gql<{ sendSupportMessage: { __typename: string; message?: string } }>(
    admin,
    'mutation ($input: SendSupportMessageInput!) { sendSupportMessage(input: $input) { __typename ... on Error { message } } }',
    { input: { ticketId, message: reply, senderName: ADMIN.name } },
  );
  expect(sendSupportMessage.__typename, sendSupportMessage.message).toBe('MutationSendSupportMessageSuccess');
  await expect.poll(() => received.length, { message: "the team's reply on the visitor's socket on A" }).toBe(1);
  expect(failures).toEqual([]);
  expect(received[0]).toEqual({ message: reply, isFromAdmin: true, adminName: ADMIN.name });

  stop();
  await socket.dispose();
  await admin.dispose();
  await visitor.dispose();
});

test("a logout on instance B ends the same session's live socket on instance A: the page turns to a visitor's, with one reconnect", async ({ browser }) => {
  const [a, b] = instances as [Instance, Instance];
  const buyer = await browserOn(browser, a);
  await login(buyer.page.request, BUYER.email);
  const { viewer } = await gql<{ viewer: { userId: string } }>(buyer.page.request, '{ viewer { userId } }');
  const sockets: Array<import('@playwright/test').WebSocket> = [];
  buyer.page.on('websocket', (socket) => sockets.push(socket));

  await buyer.page.goto('/messaging');
  await expect(buyer.page.getByText('Talk to buyers and providers about their contracts')).toBeVisible();
  await expect(buyer.page.getByRole('link', { name: 'JOIN PIT' })).toHaveCount(0);
  await listeningOn(`messageSent:${viewer.userId}`);
  expect(sockets).toHaveLength(1);

  // The same session ends on the other instance (another tab of the user, behind the balancer).
  const cookie = (await buyer.page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const logout = await fetch(`${b.base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ query: 'mutation { logout { message } }' }),
  });
  expect(logout.status).toBe(200);

  // A's socket of that session is closed; the page shows what a visitor sees, without a reload.
  await expect.poll(() => sockets[0]!.isClosed(), { message: "the ended session's socket on A closes" }).toBe(true);
  await expect(buyer.page.getByText('Please log in to access your messages.')).toBeVisible();
  await expect(buyer.page.getByRole('link', { name: 'JOIN PIT' })).toBeVisible();
  // One new socket (public live data goes on), and no reconnect loop with the dead cookie.
  await expect.poll(() => sockets.length).toBe(2);
  await buyer.page.waitForTimeout(4000);
  expect(sockets).toHaveLength(2);
  expect(sockets[1]!.isClosed()).toBe(false);
  await buyer.close();
});
