import crypto from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { createUser, expect, gql, test, toast } from './fixtures.ts';

// The admin support center: only administrators get in (everyone else is refused and sent to the
// administrator login after a second); the queue and its active count are live; the team answers a
// visitor's ticket (Enter sends, Shift+Enter adds a line) and sees it through: Assign to Me, Mark
// Resolved, Close Ticket, each button enabled as the ticket's status allows.
//
// Visitors open their tickets through the API in request contexts of their own (the grant cookie
// is what lets them post to their ticket), as the widget does.

test.describe.configure({ timeout: 60_000 });

const ADMIN = { email: 'admin@datapit.demo', password: 'PitBoss#2026', name: 'Demo Administrator' };

type Playwright = PlaywrightWorkerArgs['playwright'];
type Ticket = { id: string; subject: string; name: string; email: string; ctx: APIRequestContext };

const uid = () => `${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}`.toUpperCase();

/** Logs the page's browser in as the demo administrator (the API shares the browser's cookies). */
async function logInAsAdmin(page: Page) {
  const { adminLogin } = await gql<{ adminLogin: { __typename: string; message?: string } }>(
    page.request,
    'mutation ($input: AdminLoginInput!) { adminLogin(input: $input) { __typename ... on Error { message } } }',
    { input: { email: ADMIN.email, password: ADMIN.password } },
  );
  expect(adminLogin.__typename, adminLogin.message).toBe('MutationAdminLoginSuccess');
}

/** A visitor (no account) opens a ticket through the REST path the widget uses. */
async function visitorTicket(playwright: Playwright, baseURL: string | undefined, priority: string, label = 'Cannot download'): Promise<Ticket> {
  const ctx = await playwright.request.newContext({ baseURL });
  const id = uid();
  const form = { name: `Vera ${id}`, email: `vera-${id.toLowerCase()}@example.org`, subject: `${label} ${id}`, priority, message: `The download link fails (${id}).` };
  const res = await ctx.post('/api/support/tickets', { data: form });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { id: string };
  return { id: body.id, subject: form.subject, name: form.name, email: form.email, ctx };
}

async function activeCount(page: Page): Promise<number> {
  const text = await page.getByTestId('active-ticket-count').innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

const row = (page: Page, t: Ticket) => page.getByTestId('ticket-row').filter({ hasText: t.subject });

test('a visitor and a user who is not an administrator are refused and sent to the admin login after a second', async ({ page }) => {
  // Records when the refusal text first shows and when the address turns to /admin-login.
  await page.addInitScript(() => {
    const denial = { shown: 0, left: 0 };
    (window as unknown as { __denial: typeof denial }).__denial = denial;
    new MutationObserver(() => {
      if (!denial.shown && document.body?.textContent?.includes('Admin access required. Redirecting to login...')) denial.shown = performance.now();
    }).observe(document, { subtree: true, childList: true, characterData: true });
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        original(...args);
        if (!denial.left && location.pathname === '/admin-login') denial.left = performance.now();
      };
    }
  });
  for (const who of ['visitor', 'user'] as const) {
    if (who === 'user') {
      const user = await createUser(page.request, { verified: true, label: 'plain' });
      const { login } = await gql<{ login: { __typename: string } }>(
        page.request,
        'mutation ($input: LoginInput!) { login(input: $input) { __typename } }',
        { input: { usernameOrEmail: user.email, password: user.password } },
      );
      expect(login.__typename).toBe('MutationLoginSuccess');
    }
    await page.goto('/admin-support');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await page.waitForURL('**/admin-login', { timeout: 5_000 });
    // the refusal stayed for about a second (timed in the page, where a busy runner cannot skew it)
    const { shown, left } = await page.evaluate(() => (window as unknown as { __denial: { shown: number; left: number } }).__denial);
    expect(left - shown).toBeGreaterThan(900);
    expect(left - shown).toBeLessThan(3_000);
    await expect(page.getByRole('button', { name: 'LOGIN AS ADMIN' })).toBeVisible();
    // the queue was never asked for
    await expect(page.getByTestId('ticket-list')).toHaveCount(0);
  }
});

test('the team answers a visitor live and sees the ticket through', async ({ page, playwright, baseURL }) => {
  await logInAsAdmin(page);
  await page.goto('/admin-support');
  await expect(page.getByRole('heading', { name: 'SUPPORT CENTER' })).toBeVisible();
  await expect(page.getByTestId('active-ticket-count')).toContainText(/\d+ active tickets?/);
  const before = await activeCount(page);

  // A visitor opens a ticket: it joins the queue and the count without a reload.
  const ticket = await visitorTicket(playwright, baseURL, 'urgent');
  await expect(row(page, ticket)).toBeVisible();
  await expect(row(page, ticket).getByTestId('ticket-status')).toHaveText('open');
  await expect(row(page, ticket).getByTestId('ticket-priority')).toContainText('urgent');
  await expect(row(page, ticket)).toContainText(ticket.email);
  await expect(row(page, ticket).getByTestId('ticket-assignee')).toHaveText('Unassigned');
  await expect.poll(() => activeCount(page)).toBe(before + 1);

  // Filters, kept in the URL.
  await page.getByLabel('Status').selectOption('closed');
  await expect(page).toHaveURL(/status=closed/);
  await expect(row(page, ticket)).toHaveCount(0);
  await page.getByLabel('Status').selectOption('open');
  await page.getByLabel('Priority').selectOption('urgent');
  await expect(page).toHaveURL(/status=open.*priority=urgent/);
  await expect(row(page, ticket)).toBeVisible();
  // While filtered, a new ticket of another priority stays out; one that matches comes in.
  const low = await visitorTicket(playwright, baseURL, 'low', 'Invoice question');
  const urgent = await visitorTicket(playwright, baseURL, 'urgent', 'Data feed down');
  await expect(row(page, urgent)).toBeVisible();
  await expect(row(page, low)).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Priority')).toHaveValue('urgent');
  await expect(row(page, low)).toHaveCount(0);
  await page.getByLabel('Priority').selectOption('all');
  await page.getByLabel('Status').selectOption('all');
  await expect(page).toHaveURL(/\/admin-support$/);
  await expect(row(page, low)).toBeVisible();

  // Opening the ticket shows the request and its thread.
  await row(page, ticket).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`ticket=${ticket.id}`));
  const detail = page.getByTestId('ticket-detail');
  await expect(detail.getByRole('heading', { name: ticket.subject })).toBeVisible();
  await expect(detail.getByTestId('ticket-requester')).toContainText(ticket.name);
  await expect(detail.getByTestId('ticket-requester')).toContainText(ticket.email);
  const thread = detail.getByTestId('ticket-thread');
  await expect(thread.getByTestId('thread-message')).toHaveCount(1);
  await expect(thread.getByTestId('thread-message').first()).toContainText('The download link fails');

  // The visitor writes again: it appears live.
  const posted = await ticket.ctx.post(`/api/support/tickets/${ticket.id}/messages`, { data: { message: 'Any news? It still fails.', isFromAdmin: false } });
  expect(posted.status(), await posted.text()).toBe(201);
  await expect(thread.getByTestId('thread-message')).toHaveCount(2);
  await expect(thread.getByTestId('thread-message').nth(1)).toContainText('Any news? It still fails.');
  await expect(thread.getByTestId('thread-message').nth(1)).toHaveAttribute('data-sender', 'requester');

  // The team replies: Shift+Enter adds a line, Enter sends; a blank reply is not sent.
  const reply = detail.getByRole('textbox', { name: `Reply to ${ticket.name}` });
  await reply.fill('   ');
  await reply.press('Enter');
  await reply.fill('');
  await reply.pressSequentially('We are looking into it.');
  await reply.press('Shift+Enter');
  await reply.pressSequentially('A new link is on its way.');
  await expect(reply).toHaveValue('We are looking into it.\nA new link is on its way.');
  await reply.press('Enter');
  await expect(thread.getByTestId('thread-message')).toHaveCount(3);
  const answer = thread.getByTestId('thread-message').nth(2);
  await expect(answer).toHaveAttribute('data-sender', 'team');
  await expect(answer).toContainText(ADMIN.name);
  await expect(answer).toContainText('We are looking into it.\nA new link is on its way.');
  await expect(reply).toHaveValue('');
  // the visitor reads the team's answer
  const messages = (await (await ticket.ctx.get(`/api/support/tickets/${ticket.id}/messages`)).json()) as { message: string; isFromAdmin: boolean }[];
  expect(messages.at(-1)).toMatchObject({ message: 'We are looking into it.\nA new link is on its way.', isFromAdmin: true });

  const button = (name: string) => detail.getByRole('button', { name });
  await expect(button('Mark In Progress')).toBeEnabled();

  // Assign to Me: in progress, assigned to the administrator.
  await button('Assign to Me').click();
  await expect(toast(page, 'Ticket Assigned')).toBeVisible();
  await expect(detail.getByTestId('ticket-facts').getByTestId('ticket-status')).toHaveText('in progress');
  await expect(detail.getByTestId('ticket-assigned-to')).toHaveText(ADMIN.name);
  await expect(button('Mark In Progress')).toBeDisabled();
  await expect(button('Assign to Me')).toBeDisabled();
  await expect(row(page, ticket).getByTestId('ticket-assignee')).toHaveText(ADMIN.name);
  await expect(row(page, ticket).getByTestId('ticket-status')).toHaveText('in progress');

  // Mark Resolved: records when; it leaves the active count.
  await expect(detail.getByTestId('ticket-resolved-at')).toHaveText('—');
  await button('Mark Resolved').click();
  await expect(toast(page, 'Ticket Updated')).toBeVisible();
  await expect(detail.getByTestId('ticket-facts').getByTestId('ticket-status')).toHaveText('resolved');
  await expect(detail.getByTestId('ticket-resolved-at').locator('time')).toBeVisible();
  await expect(button('Mark Resolved')).toBeDisabled();
  await expect(button('Mark In Progress')).toBeEnabled();
  await expect.poll(() => activeCount(page)).toBe(before + 2); // the two other new tickets are still open

  // Close Ticket: final; no more replies.
  await button('Close Ticket').click();
  await expect(toast(page, 'Ticket Updated')).toBeVisible();
  await expect(detail.getByTestId('ticket-facts').getByTestId('ticket-status')).toHaveText('closed');
  await expect(detail.getByText('This ticket has been closed.')).toBeVisible();
  await expect(reply).toBeDisabled();
  for (const name of ['Assign to Me', 'Mark In Progress', 'Mark Resolved', 'Close Ticket']) await expect(button(name)).toBeDisabled();
  // the reply and its live echo are one message
  await expect(thread.getByTestId('thread-message')).toHaveCount(3);
  // and the visitor cannot post to it either
  const refused = await ticket.ctx.post(`/api/support/tickets/${ticket.id}/messages`, { data: { message: 'Hello?' } });
  expect(refused.status()).toBe(409);

  for (const t of [ticket, low, urgent]) await t.ctx.dispose();
});

test('on a phone the list and the ticket take turns', async ({ page, playwright, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const ticket = await visitorTicket(playwright, baseURL, 'high', 'Phone check');
  await logInAsAdmin(page);
  await page.goto('/admin-support');
  await expect(row(page, ticket)).toBeVisible();
  await expect(page.getByText('No ticket selected')).toBeHidden();
  await row(page, ticket).getByRole('link').click();
  await expect(page.getByTestId('ticket-detail')).toBeVisible();
  await expect(page.getByTestId('ticket-list')).toBeHidden();
  await page.getByRole('link', { name: 'All tickets' }).click();
  await expect(row(page, ticket)).toBeVisible();
  await expect(page.getByTestId('ticket-detail')).toHaveCount(0);
  await ticket.ctx.dispose();

  // A link to a ticket that does not exist says so, and the list stays usable.
  await page.goto('/admin-support?ticket=00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert').filter({ hasText: 'Ticket not found' })).toBeVisible();
  await page.getByRole('link', { name: 'All tickets' }).click();
  await expect(row(page, ticket)).toBeVisible();
});

test('the desk with a ticket open has no serious accessibility findings', async ({ page, playwright, baseURL }) => {
  const ticket = await visitorTicket(playwright, baseURL, 'medium', 'Axe check');
  await logInAsAdmin(page);
  await page.goto(`/admin-support?ticket=${ticket.id}`);
  await expect(page.getByTestId('ticket-thread').getByTestId('thread-message')).toHaveCount(1);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
  await ticket.ctx.dispose();
});
