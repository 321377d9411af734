import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createUser, expect as baseExpect, gql, newestMailTo, operationOf, test, toast, uniqueUser } from './fixtures.ts';

// The support widget on every page: a visitor without an account opens a ticket, writes, and
// sees the team's reply and status change arrive live; the ticket survives a reload and opens
// from the reply mail's link, but never in another visitor's browser. A logged-in user finds
// name and email filled in.

// registration, mailed verification and a memory-hard password hash per login take seconds, and
// the panel's code arrives on first open
test.describe.configure({ timeout: 120_000 });
// live updates and lazy code on a machine shared with other journeys: allow for slow moments
const expect = baseExpect.configure({ timeout: 20_000 });

const ADMIN = { email: 'admin@datapit.demo', password: 'PitBoss#2026', name: 'Demo Administrator' };

type Ticket = { ticketId: string; subject: string; status: string };

async function logIn(request: APIRequestContext, usernameOrEmail: string, password: string) {
  const { login } = await gql<{ login: { __typename: string; message?: string } }>(
    request,
    'mutation ($input: LoginInput!) { login(input: $input) { __typename ... on Error { message } } }',
    { input: { usernameOrEmail, password } },
  );
  expect(login.__typename, login.message).toBe('MutationLoginSuccess');
}

/** The widget's dialog (named by its title). */
function widget(page: Page): Locator {
  return page.getByRole('dialog', { name: 'DATA PIT Support' });
}

/** Opens the widget with the keyboard: focus the round button, press Enter. */
async function openWithKeyboard(page: Page) {
  const launcher = page.getByRole('button', { name: 'Open support' });
  await expect(launcher).toBeVisible();
  await launcher.focus();
  await page.keyboard.press('Enter');
  await expect(widget(page)).toBeVisible();
  // its code is fetched on first open (a busy machine can take a while)
  await expect(widget(page).getByRole('status', { name: 'Loading support' })).toHaveCount(0, { timeout: 30_000 });
}

async function fillForm(panel: Locator, values: { name: string; email: string; subject: string; message: string; priority?: string }) {
  await panel.getByLabel('Name *').fill(values.name);
  await panel.getByLabel('Email *').fill(values.email);
  await panel.getByLabel('Subject *').fill(values.subject);
  if (values.priority) await panel.getByLabel('Priority').selectOption(values.priority);
  await panel.getByLabel('Message *').fill(values.message);
}

/** The administrator finds the ticket in the queue by its (unique) subject. */
async function ticketBySubject(admin: APIRequestContext, subject: string): Promise<Ticket> {
  const { supportTickets } = await gql<{ supportTickets: { edges: { node: Ticket }[] } }>(
    admin,
    '{ supportTickets(first: 50) { edges { node { ticketId subject status } } } }',
  );
  const ticket = supportTickets.edges.map((e) => e.node).find((t) => t.subject === subject);
  expect(ticket, `a ticket '${subject}' in the queue`).toBeTruthy();
  return ticket!;
}

test('opens with the keyboard: intro, form, Cancel, form; empty fields send nothing; Escape closes', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/graphql') && operationOf(r) === 'WidgetCreateTicketMutation') sent.push(r.postData()!);
  });
  await page.goto('/');
  await openWithKeyboard(page);
  const panel = widget(page);

  // the intro, with focus on its button
  await expect(panel.getByRole('heading', { name: 'Need Help?' })).toBeVisible();
  await expect(panel.getByText('Get support from our team')).toBeVisible();
  const start = panel.getByRole('button', { name: 'Start New Support Request' });
  await expect(start).toBeFocused();

  // the form: every field, priority medium by default, focus on the name
  await page.keyboard.press('Enter');
  await expect(panel.getByLabel('Name *')).toBeFocused();
  await expect(panel.getByLabel('Email *')).toHaveAttribute('type', 'email');
  await expect(panel.getByLabel('Subject *')).toBeVisible();
  await expect(panel.getByLabel('Message *')).toBeVisible();
  await expect(panel.getByLabel('Priority')).toHaveValue('medium');
  await expect(panel.getByLabel('Priority').locator('option')).toHaveText(['Low', 'Medium', 'High', 'Urgent']);

  // Cancel goes back to the intro, the start button to the form again
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(start).toBeVisible();
  await start.click();
  await expect(panel.getByLabel('Name *')).toBeVisible();

  // nothing filled in (or only blanks): the destructive toast, and no request
  await panel.getByLabel('Subject *').fill('   ');
  await panel.getByRole('button', { name: 'Create Ticket' }).click();
  const missing = toast(page, 'Missing Information');
  await expect(missing).toBeVisible();
  await expect(missing).toContainText('Please fill in all required fields');
  await expect(missing).toHaveAttribute('data-variant', 'destructive');
  await expect(panel.getByLabel('Name *')).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);

  // Escape closes the panel, and focus is back on the round button
  await panel.getByLabel('Name *').focus();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open support' })).toBeFocused();
  expect(sent).toEqual([]);

  // opened again, the form kept what was typed; an address the server refuses says why
  await page.keyboard.press('Enter');
  await expect(panel.getByLabel('Name *')).toBeFocused();
  await expect(panel.getByLabel('Subject *')).toHaveValue('   ');
  await fillForm(panel, { name: 'Ada', email: 'not-an-address', subject: 'Hello', message: 'Hi there' });
  await panel.getByRole('button', { name: 'Create Ticket' }).click();
  const refused = toast(page, 'Error');
  await expect(refused).toContainText('Please enter a valid email address');
  await expect(refused).toHaveAttribute('data-variant', 'destructive');
  await expect(panel.getByLabel('Email *')).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByRole('button', { name: 'Create Ticket' })).toBeEnabled();
  expect(sent).toHaveLength(1);
});

test('a visitor opens a ticket, the team answers live, the ticket survives a reload and opens from the reply mail only here', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const visitor = uniqueUser('visitor');
  const subject = `Cannot download my sample ${visitor.username}`;
  await page.goto('/browse');
  await openWithKeyboard(page);
  const panel = widget(page);
  await panel.getByRole('button', { name: 'Start New Support Request' }).click();
  await fillForm(panel, { name: visitor.name, email: visitor.email, subject, message: 'The sample link gives me an error.', priority: 'high' });

  // hold the request, to see the button say what it is doing and the busy form
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/graphql', async (route) => {
    if (operationOf(route.request()) === 'WidgetCreateTicketMutation') await held;
    await route.continue();
  });
  await panel.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(panel.getByRole('button', { name: 'Creating...' })).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  release();
  await expect(toast(page, 'Support Ticket Created')).toContainText("We've received your request and will respond soon.");
  await page.unroute('**/graphql');

  // the conversation: subject, status, 'Ticket #' and the last 8 characters of the id, the first message as 'You'
  await expect(panel.getByRole('heading', { name: subject })).toBeVisible();
  await expect(panel.getByTestId('support-ticket-status')).toHaveText('open');
  const admin = await playwright.request.newContext({ baseURL });
  await logIn(admin, ADMIN.email, ADMIN.password);
  const ticket = await ticketBySubject(admin, subject);
  await expect(panel.getByText(`Ticket #${ticket.ticketId.slice(-8)}`, { exact: true })).toBeVisible();
  const thread = panel.getByRole('log', { name: 'Messages' });
  const own = thread.getByTestId('support-message-own');
  await expect(own).toHaveCount(1);
  await expect(own.first()).toContainText('You');
  await expect(own.first()).toContainText('The sample link gives me an error.');
  const box = panel.getByPlaceholder('Type your message...');
  await expect(box).toBeFocused();

  // Enter sends, Shift+Enter is a new line, blank sends nothing
  await box.fill('   ');
  await box.press('Enter');
  await box.fill('It says 403 Forbidden.');
  await box.press('Shift+Enter');
  await expect(box).toHaveValue('It says 403 Forbidden.\n');
  await box.press('Enter');
  await expect(own).toHaveCount(2);
  await expect(own.nth(1)).toContainText('It says 403 Forbidden.');
  await expect(box).toHaveValue('');

  // the team answers: the reply arrives on the left with the team member's name, without a reload
  const { sendSupportMessage } = await gql<{ sendSupportMessage: { __typename: string; message?: string } }>(
    admin,
    'mutation ($input: SendSupportMessageInput!) { sendSupportMessage(input: $input) { __typename ... on Error { message } } }',
    { input: { ticketId: ticket.ticketId, message: 'Thanks, we are looking into it.', senderName: ADMIN.name } },
  );
  expect(sendSupportMessage.__typename, sendSupportMessage.message).toBe('MutationSendSupportMessageSuccess');
  const team = thread.getByTestId('support-message-team');
  await expect(team).toHaveCount(1);
  await expect(team).toContainText(ADMIN.name);
  await expect(team).toContainText('Thanks, we are looking into it.');
  const teamBox = (await team.getByText('Thanks, we are looking into it.').boundingBox())!;
  const ownBox = (await own.nth(1).getByText('It says 403 Forbidden.').boundingBox())!;
  expect(teamBox.x, 'the team on the left, the visitor on the right').toBeLessThan(ownBox.x);

  // the team moves the ticket: the badge follows live
  const { updateSupportTicket } = await gql<{ updateSupportTicket: { __typename: string; message?: string } }>(
    admin,
    'mutation ($input: UpdateSupportTicketInput!) { updateSupportTicket(input: $input) { __typename ... on Error { message } } }',
    { input: { ticketId: ticket.ticketId, status: 'in_progress' } },
  );
  expect(updateSupportTicket.__typename, updateSupportTicket.message).toBe('MutationUpdateSupportTicketSuccess');
  await expect(panel.getByTestId('support-ticket-status')).toHaveText('in progress');

  // a reload keeps the widget open on the ticket, with its thread
  await page.reload();
  await expect(widget(page)).toBeVisible();
  await expect(panel.getByRole('heading', { name: subject })).toBeVisible();
  await expect(panel.getByTestId('support-ticket-status')).toHaveText('in progress');
  await expect(thread.getByTestId('support-message-own')).toHaveCount(2);
  await expect(thread.getByTestId('support-message-team')).toContainText(ADMIN.name);

  // after the reload the socket carries the grant from the start: a second reply arrives live too
  await gql(admin, 'mutation ($input: SendSupportMessageInput!) { sendSupportMessage(input: $input) { __typename } }', {
    input: { ticketId: ticket.ticketId, message: 'Fixed: please try again.', senderName: ADMIN.name },
  });
  await expect(thread.getByTestId('support-message-team')).toHaveCount(2);

  // 'Start New Request' forgets the ticket: the intro, also after a reload
  await panel.getByRole('button', { name: 'Start New Request' }).click();
  await expect(panel.getByRole('button', { name: 'Start New Support Request' })).toBeVisible();
  await page.reload();
  await expect(widget(page).getByRole('button', { name: 'Start New Support Request' })).toBeVisible();

  // another visitor's browser cannot read the ticket, by GraphQL, by REST or by the mail's link
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await expect(gql(strangerPage.request, 'query ($id: ID!) { supportTicket(id: $id) { subject } }', { id: ticket.ticketId })).rejects.toThrow(
    /You do not have access to this ticket/,
  );
  expect((await strangerPage.request.get(`/api/support/tickets/${ticket.ticketId}/messages`)).status()).toBe(403);
  await strangerPage.goto(`/?supportTicket=${ticket.ticketId}`);
  const strangerPanel = widget(strangerPage);
  await expect(strangerPanel).toBeVisible();
  await expect(strangerPanel.getByTestId('support-notice')).toContainText('opens in the browser that created it');
  await expect(strangerPanel.getByRole('button', { name: 'Start New Support Request' })).toBeVisible();
  await expect(strangerPanel.getByText(subject)).toHaveCount(0);
  await stranger.close();

  // the reply mail links to /?supportTicket=<id>: in this browser it opens the conversation
  const mail = await newestMailTo(visitor.email);
  const link = new RegExp(`https?://[^\\s"'<>]+/\\?supportTicket=${ticket.ticketId}`).exec(mail.body);
  expect(link, `the reply mail links to the ticket:\n${mail.body}`).toBeTruthy();
  const url = new URL(link![0]);
  await widget(page).getByRole('button', { name: 'Close support' }).click();
  await page.goto(`${url.pathname}${url.search}`);
  await expect(widget(page).getByRole('heading', { name: subject })).toBeVisible();
  await expect(widget(page).getByTestId('support-message-team')).toHaveCount(2);
  // the address no longer names the ticket, so a reload does not force it open again
  await expect(page).toHaveURL((u) => !u.search.includes('supportTicket'));
  await admin.dispose();
});

test('a logged-in user finds name and email filled in, and writes as the ticket owner', async ({ page }) => {
  const user = await createUser(page.request, { verified: true, label: 'asker' });
  await logIn(page.request, user.email, user.password);
  await page.goto('/');
  await openWithKeyboard(page);
  const panel = widget(page);
  await panel.getByRole('button', { name: 'Start New Support Request' }).click();
  await expect(panel.getByLabel('Name *')).toHaveValue(user.name);
  await expect(panel.getByLabel('Email *')).toHaveValue(user.email);

  const subject = `Invoice question ${user.username}`;
  await panel.getByLabel('Subject *').fill(subject);
  await panel.getByLabel('Message *').fill('Where do I find my invoice?');
  await panel.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(panel.getByRole('heading', { name: subject })).toBeVisible();
  await expect(panel.getByTestId('support-message-own')).toContainText('Where do I find my invoice?');

  // the owner reads it through the session: the user's tickets list it
  const { myTickets } = await gql<{ myTickets: { subject: string }[] }>(page.request, '{ myTickets { subject } }');
  expect(myTickets.map((t) => t.subject)).toContain(subject);
});

test('on a phone the open panel fits the screen and the button stays small', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const launcher = page.getByRole('button', { name: 'Open support' });
  const button = (await launcher.boundingBox())!;
  expect(button.width).toBeLessThanOrEqual(48);
  expect(button.x + button.width).toBeLessThanOrEqual(390);
  await launcher.click();
  const panel = (await widget(page).boundingBox())!;
  expect(panel.x).toBeGreaterThanOrEqual(0);
  expect(panel.x + panel.width).toBeLessThanOrEqual(390);
  expect(panel.y).toBeGreaterThanOrEqual(0);
  expect(panel.y + panel.height).toBeLessThanOrEqual(844);
  await widget(page).getByRole('button', { name: 'Close support' }).click();
  await expect(launcher).toBeFocused();
});

/** axe on the widget alone (the pages have their own journey): no serious or critical finding. */
async function expectAccessibleWidget(page: Page, what: string) {
  // entrance animations (toasts) end before colours are measured
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .include('[data-testid="support-panel"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect.soft(serious.map((v) => `${v.impact} ${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `axe on ${what}`).toEqual([]);
}

test('every view of the widget passes axe', async ({ page }) => {
  await page.goto('/');
  await openWithKeyboard(page);
  const panel = widget(page);
  await expectAccessibleWidget(page, 'the intro');
  await panel.getByRole('button', { name: 'Start New Support Request' }).click();
  await panel.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(toast(page, 'Missing Information')).toBeVisible();
  await expectAccessibleWidget(page, 'the form with missing fields');
  const visitor = uniqueUser('reader');
  await fillForm(panel, { name: visitor.name, email: visitor.email, subject: `Axe ${visitor.username}`, message: 'Checking the widget.' });
  await panel.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(panel.getByPlaceholder('Type your message...')).toBeVisible();
  await expectAccessibleWidget(page, 'the conversation');
});
