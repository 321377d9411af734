import type { APIRequestContext } from '@playwright/test';
import { createUser, expect, gql, operationOf, test, toast } from './fixtures.ts';
import { activeContract, browser_, composer, expectAccessible, headerBadge, login, newBuyer, PROVIDER, readEverything, secondBrowser } from './conversations.ts';

// The messaging center (/messaging), two browsers at once: a new buyer asks a demo provider about
// one of its contracts ('Contact Provider'), the provider sees the header badge and the message
// arrive live, replies (Shift+Enter adds a line), the buyer sees the reply live and the read mark
// of their own message once the provider opened the thread. A third user cannot read the
// conversation; logged out is 'Access Denied'; the dashboard's Messages tab lists the conversation
// with its unread badge, live. Every buyer is new, so nothing depends on the other journeys' data.

test('a buyer contacts a provider and both talk live, with read marks', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const provider = await secondBrowser(browser);
  const p = provider.page;
  await login(p.request, PROVIDER.email);
  await readEverything(p.request);
  const contract = await activeContract(p.request);

  // The provider waits on /messaging: nothing unread, no badge.
  await p.goto('/messaging');
  await expect(p.getByRole('heading', { name: 'MESSAGES', level: 1 })).toBeVisible();
  await expect(p.getByRole('heading', { name: 'Conversations' })).toBeVisible();
  await expect(headerBadge(p)).toHaveCount(0);

  // The buyer opens the contract and contacts its provider: the conversation opens in the URL.
  const buyer = await newBuyer(page);
  await page.goto(`/contract/${contract.contractId}`);
  await page.getByRole('link', { name: 'Contact Provider' }).click();
  await expect(page).toHaveURL(/\/messaging\?conversation=[^&]+$/);
  const thread = page.getByRole('log', { name: `Messages with ${PROVIDER.name}` });
  await expect(thread).toBeVisible();
  await expect(page.getByRole('link', { name: `About ${contract.title}`, exact: true })).toHaveAttribute('href', `/contract/${contract.contractId}`);
  const conversationId = new URL(page.url()).searchParams.get('conversation')!;

  // A blank message is not sent.
  const input = composer(page);
  await input.fill('   ');
  await input.press('Enter');
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await expect(thread.getByTestId('own-message')).toHaveCount(0);

  // Enter sends; the draft clears; the message is on the right, sent but not read.
  await input.fill('Is the tick data adjusted for splits?');
  await input.press('Enter');
  const mine = thread.getByTestId('own-message').filter({ hasText: 'Is the tick data adjusted for splits?' });
  await expect(mine).toBeVisible();
  await expect(input).toHaveValue('');
  await expect(mine.getByRole('img', { name: 'Sent' })).toBeVisible();
  await expect(mine.getByRole('img', { name: 'Read' })).toHaveCount(0);

  // The provider, without reloading: the badge appears, the conversation comes in with its count.
  await expect(headerBadge(p)).toHaveAccessibleName('1 unread messages');
  const row = p.getByTestId('conversation-row').filter({ hasText: buyer.name });
  await expect(row).toContainText('Is the tick data adjusted for splits?');
  await expect(row).toContainText(contract.title);
  await expect(row.getByTestId('conversation-unread')).toHaveText(/^1/);

  // Opening the thread reads it: the provider's badge goes, the buyer's read mark turns on.
  await row.click();
  await expect(p).toHaveURL(`/messaging?conversation=${conversationId}`);
  const providerThread = p.getByRole('log', { name: `Messages with ${buyer.name}` });
  await expect(providerThread.getByTestId('their-message')).toContainText('Is the tick data adjusted for splits?');
  await expect(headerBadge(p)).toHaveCount(0);
  await expect(row.getByTestId('conversation-unread')).toHaveCount(0);
  await expect(mine.getByRole('img', { name: 'Read' })).toBeVisible();

  // The reply: Shift+Enter adds a line, Enter sends; the buyer (thread open) gets it live.
  const reply = composer(p);
  await reply.pressSequentially('Yes, fully adjusted.');
  await reply.press('Shift+Enter');
  await reply.pressSequentially('Corporate actions are applied daily.');
  await expect(reply).toHaveValue('Yes, fully adjusted.\nCorporate actions are applied daily.');
  await reply.press('Enter');
  await expect(reply).toHaveValue('');
  const theirs = thread.getByTestId('their-message');
  await expect(theirs).toHaveText(/Yes, fully adjusted\.\s*Corporate actions are applied daily\./);
  // the buyer has the thread open, so the reply is read at once: the provider's mark turns on
  await expect(providerThread.getByTestId('own-message').getByRole('img', { name: 'Read' })).toBeVisible();
  await expect(headerBadge(page)).toHaveCount(0);

  // A reload keeps the open conversation.
  await page.reload();
  await expect(page.getByRole('log', { name: `Messages with ${PROVIDER.name}` }).getByTestId('their-message')).toContainText('Corporate actions');

  // A third user cannot read or write the conversation.
  const third = await secondBrowser(browser);
  const outsider = await createUser(third.page.request, { verified: true, label: 'outsider' });
  await login(third.page.request, outsider.email, outsider.password);
  const read = await gql<{ conversation: unknown }>(third.page.request, 'query ($id: ID!) { conversation(id: $id) { id } }', { id: conversationId });
  expect(read.conversation).toBeNull();
  const write = await gql<{ sendMessage: { __typename: string; message?: string } }>(
    third.page.request,
    'mutation ($input: SendMessageInput!) { sendMessage(input: $input) { __typename ... on Error { message } } }',
    { input: { conversationId, content: 'Let me in' } },
  );
  expect(write.sendMessage).toEqual({ __typename: 'NotFoundError', message: 'Conversation not found' });
  // ... and on /messaging the id names nothing
  await third.page.goto(`/messaging?conversation=${conversationId}`);
  await expect(third.page.getByText('Conversation not found')).toBeVisible();
  await expect(third.page.getByText('Is the tick data adjusted for splits?')).toHaveCount(0);

  await third.close();
  await provider.close();
});

test('a read mark stays on when the send answer comes after the read', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const provider = await secondBrowser(browser);
  const p = provider.page;
  await login(p.request, PROVIDER.email);
  const contract = await activeContract(p.request);
  await newBuyer(page, 'late-answer');
  const { openConversation } = await gql<{ openConversation: { data: { id: string; conversationId: string } } }>(
    page.request,
    'mutation ($input: OpenConversationInput!) { openConversation(input: $input) { ... on MutationOpenConversationSuccess { data { id conversationId } } } }',
    { input: { contractId: contract.contractId } },
  );
  const { id, conversationId } = openConversation.data;
  await gql(page.request, 'mutation ($input: SendMessageInput!) { sendMessage(input: $input) { __typename } }', {
    input: { conversationId: id, content: 'Is there a sample?' },
  });

  // Both open the thread, the buyer first: its read mark turning on shows that its page is live.
  await page.goto(`/messaging?conversation=${conversationId}`);
  const buyerThread = page.getByRole('log', { name: `Messages with ${PROVIDER.name}` });
  await expect(buyerThread.getByTestId('own-message')).toContainText('Is there a sample?');
  const readEvent = new Promise<void>((resolve) =>
    p.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => String(payload).includes('"conversationRead"') && resolve())),
  );
  await p.goto(`/messaging?conversation=${conversationId}`);
  const providerThread = p.getByRole('log', { name: /^Messages with / });
  await expect(providerThread.getByTestId('their-message')).toContainText('Is there a sample?');
  await expect(buyerThread.getByTestId('own-message').getByRole('img', { name: 'Read' })).toBeVisible();

  // The provider's answer to its own send is held until the buyer has read the reply: a slow
  // network can deliver it after the live read event, and it was read before the reply was.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await p.route('**/graphql', async (route) => {
    if (operationOf(route.request()) !== 'SendMessageMutation') return route.fallback();
    const response = await route.fetch();
    await released;
    await route.fulfill({ response });
  });
  await composer(p).fill('Yes, in the listing.');
  await composer(p).press('Enter');
  await expect(buyerThread.getByTestId('their-message')).toContainText('Yes, in the listing.');
  await readEvent;
  const own = providerThread.getByTestId('own-message').filter({ hasText: 'Yes, in the listing.' });
  await expect(own.getByRole('img', { name: 'Read' })).toBeVisible();

  release();
  await expect(composer(p)).toHaveValue('');
  await p.unroute('**/graphql');
  // the late answer said "sent", but the message was read in between: the mark stays
  await expect(own.getByRole('img', { name: 'Read' })).toBeVisible();
  await expect(own.getByRole('img', { name: 'Sent' })).toHaveCount(0);
  await provider.close();
});

test('logged out, /messaging is Access Denied with a way to log in', async ({ page }) => {
  await page.goto('/messaging?conversation=anything');
  await expect(page.getByRole('heading', { name: 'Access Denied', level: 1 })).toBeVisible();
  await expect(page.getByText('Please log in to access your messages.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'LOGIN' })).toHaveAttribute('href', '/auth/login?next=%2Fmessaging%3Fconversation%3Danything');
});

test('contacting about an unknown contract or your own says so', async ({ page }) => {
  await login(page.request, PROVIDER.email);
  const contract = await activeContract(page.request);
  await page.goto(`/messaging?contract=${contract.contractId}`);
  await expect(page.getByText('This is your own contract')).toBeVisible();
  await page.goto('/messaging?contract=019a0000-0000-7000-8000-000000000000');
  await expect(page.getByText('Contract not found')).toBeVisible();
});

test('a failed send keeps the draft and says so', async ({ page, consoleGuard }) => {
  const provider = await secondBrowser(browser_(page));
  await login(provider.page.request, PROVIDER.email);
  const contract = await activeContract(provider.page.request);
  await provider.close();
  await newBuyer(page, 'failer');
  await page.goto(`/messaging?contract=${contract.contractId}`);
  await expect(page).toHaveURL(/conversation=/);
  consoleGuard.allow(/Failed to load resource|503/);
  await page.route('**/graphql', (route) =>
    route.request().postDataJSON()?.operationName === 'SendMessageMutation' ? route.fulfill({ status: 503, body: 'Service Unavailable' }) : route.continue(),
  );
  const input = composer(page);
  await input.fill('Does this arrive?');
  await input.press('Enter');
  await expect(toast(page, 'Error')).toContainText('Failed to send message. Please try again.');
  await expect(input).toHaveValue('Does this arrive?');
});

test('the dashboard Messages tab lists the conversation, and its badge moves live', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const provider = await secondBrowser(browser);
  await login(provider.page.request, PROVIDER.email);
  const contract = await activeContract(provider.page.request);
  const buyer = await newBuyer(page, 'inbox');

  // the buyer opens a conversation about the contract through the API and writes first
  const { openConversation } = await gql<{ openConversation: { data: { id: string; conversationId: string } } }>(
    page.request,
    'mutation ($input: OpenConversationInput!) { openConversation(input: $input) { ... on MutationOpenConversationSuccess { data { id conversationId } } } }',
    { input: { contractId: contract.contractId } },
  );
  const { id, conversationId } = openConversation.data;
  const send = (request: APIRequestContext, content: string) =>
    gql(request, 'mutation ($input: SendMessageInput!) { sendMessage(input: $input) { __typename } }', { input: { conversationId: id, content } });
  await send(page.request, 'Hello from the inbox test');

  await page.goto('/dashboard/messages');
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(page.getByTestId('unread-messages')).toContainText('0');
  await expect(menu.getByTestId('unread-badge')).toHaveCount(0);
  const recent = page.getByRole('list', { name: 'Recent conversations' }).getByTestId('recent-conversation').filter({ hasText: PROVIDER.name });
  await expect(recent).toContainText('You: Hello from the inbox test');
  await expect(recent).toContainText(contract.title);

  // The provider answers: the menu's badge, the header's and the tab's count move without a reload.
  await send(provider.page.request, 'Answer for the inbox');
  await expect(menu.getByTestId('unread-badge')).toHaveText('1');
  await expect(headerBadge(page)).toHaveAccessibleName('1 unread messages');
  await expect(page.getByTestId('unread-messages')).toContainText('1');

  // The entry opens the thread, which reads it: the badges go.
  await page.reload();
  await page.getByRole('list', { name: 'Recent conversations' }).getByTestId('recent-conversation').filter({ hasText: PROVIDER.name }).click();
  await expect(page).toHaveURL(`/messaging?conversation=${conversationId}`);
  await expect(page.getByRole('log', { name: `Messages with ${PROVIDER.name}` }).getByTestId('their-message')).toContainText('Answer for the inbox');
  await expect(headerBadge(page)).toHaveCount(0);
  await page.goBack();
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByTestId('unread-badge')).toHaveCount(0);
  expect(buyer.email).toContain('inbox');
  await provider.close();
});

test('a long thread opens at its newest message and loads earlier ones', async ({ page }) => {
  test.setTimeout(90_000);
  const helper = await secondBrowser(browser_(page));
  await login(helper.page.request, PROVIDER.email);
  const contract = await activeContract(helper.page.request);
  await helper.close();
  await newBuyer(page, 'talker');
  const { openConversation } = await gql<{ openConversation: { data: { id: string; conversationId: string } } }>(
    page.request,
    'mutation ($input: OpenConversationInput!) { openConversation(input: $input) { ... on MutationOpenConversationSuccess { data { id conversationId } } } }',
    { input: { contractId: contract.contractId } },
  );
  for (let i = 1; i <= 35; i++) {
    await gql(page.request, 'mutation ($input: SendMessageInput!) { sendMessage(input: $input) { __typename } }', {
      input: { conversationId: openConversation.data.id, content: `Question number ${i}` },
    });
  }
  await page.goto(`/messaging?conversation=${openConversation.data.conversationId}`);
  const thread = page.getByRole('log', { name: `Messages with ${PROVIDER.name}` });
  await expect(thread.getByTestId('own-message')).toHaveCount(30);
  const newest = thread.getByTestId('own-message').last();
  await expect(newest).toContainText('Question number 35');
  await expect(newest).toBeInViewport();
  await thread.getByRole('button', { name: 'Load earlier messages' }).click();
  await expect(thread.getByTestId('own-message')).toHaveCount(35);
  await expect(thread.getByTestId('own-message').first()).toContainText('Question number 1');
  await expect(thread.getByRole('button', { name: 'Load earlier messages' })).toHaveCount(0);
});

test('on a phone the list and the thread take turns', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const helper = await secondBrowser(browser_(page));
  await login(helper.page.request, PROVIDER.email);
  const contract = await activeContract(helper.page.request);
  await helper.close();
  await newBuyer(page, 'phone');
  await page.goto(`/messaging?contract=${contract.contractId}`);
  await expect(page.getByRole('log', { name: `Messages with ${PROVIDER.name}` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Conversations' })).toBeHidden();
  await page.getByRole('link', { name: 'Back to conversations' }).click();
  await expect(page).toHaveURL('/messaging');
  await expect(page.getByRole('list', { name: 'Conversations' })).toBeVisible();
  await expect(page.getByRole('log')).toHaveCount(0);
  await page.getByTestId('conversation-row').first().click();
  await expect(page.getByRole('log', { name: `Messages with ${PROVIDER.name}` })).toBeVisible();
});

test('the messaging center passes axe, on a desk and on a phone', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page.request, 'ava.thompson@datapit.demo');
  await page.goto('/messaging');
  await page.getByTestId('conversation-row').first().click();
  await expect(page.getByRole('log')).toBeVisible();
  await expectAccessible(page, '/messaging with a thread open');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, '/messaging with a thread open, phone');
  await page.getByRole('link', { name: 'Back to conversations' }).click();
  await expectAccessible(page, '/messaging list, phone');
  await page.goto('/dashboard/messages');
  await expect(page.getByTestId('recent-conversation').first()).toBeVisible();
  await expectAccessible(page, '/dashboard/messages');
});
