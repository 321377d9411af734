import type { APIRequestContext, Page } from '@playwright/test';
import { createUser, expect, gql, mailLinkPath, newestMailTo, test, toast } from './fixtures.ts';

// The notification centre (issue 25): the buyer has the page open, the provider (another browser)
// accepts the buyer's bid, and the bell's count rises live with "Your bid was accepted" in its panel
// (the server's job runner fans the event out by itself); mark all read; a preference; the mailed
// unsubscribe link.

const DEMO_PROVIDER = 'meridian@datapit.demo';
const DEMO_PASSWORD = 'Demo#Trader1';

async function login(request: APIRequestContext, usernameOrEmail: string, password = DEMO_PASSWORD) {
  const { login: result } = await gql<{ login: { __typename: string; message?: string } }>(
    request,
    'mutation ($input: LoginInput!) { login(input: $input) { __typename ... on Error { message } } }',
    { input: { usernameOrEmail, password } },
  );
  expect(result.__typename, result.message).toBe('MutationLoginSuccess');
}

const bell = (page: Page) => page.getByTestId('notification-bell');
const count = (page: Page) => page.getByTestId('notification-count');
const channel = (page: Page, type: string, name: 'APP' | 'MAIL' | 'BOTH') => page.getByTestId(`preference-${type}`).getByRole('radio', { name });

test('the bell rings live when the provider accepts the bid; mark all read, a preference, the mailed unsubscribe link', async ({ page, browser, request }) => {
  test.setTimeout(90_000); // two browsers, the job runner's fan-out and a mail, then the settings
  const buyer = await createUser(request, { verified: true, label: 'belled' });
  const verification = await newestMailTo(buyer.email);
  await login(page.request, buyer.email, buyer.password);

  // the provider, in a browser of their own, and the buyer's bid on their first active listing
  const providerContext = await browser.newContext();
  const provider = await providerContext.newPage();
  await login(provider.request, DEMO_PROVIDER);
  const { viewer } = await gql<{ viewer: { listings: { edges: { node: { id: string; title: string } }[] } } }>(
    provider.request,
    '{ viewer { listings(first: 5, status: active) { edges { node { id title } } } } }',
  );
  const listing = viewer.listings.edges[0]!.node;
  const { placeBid } = await gql<{ placeBid: { __typename: string; data?: { bidId: string } } }>(
    page.request,
    'mutation ($input: PlaceBidInput!) { placeBid(input: $input) { __typename ... on MutationPlaceBidSuccess { data { bidId } } } }',
    { input: { contractId: listing.id, amount: '77.00', message: 'e2e notification bid' } },
  );
  expect(placeBid.__typename).toBe('MutationPlaceBidSuccess');

  // the buyer's notifications page is open, nothing unread yet
  await page.goto('/dashboard/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications', exact: true }).first()).toBeVisible();
  await expect(page.getByText('No notifications yet')).toBeVisible();
  await expect(count(page)).toHaveCount(0);

  // the provider accepts it on their listings
  await provider.goto('/dashboard/listings');
  const row = provider.locator(`[data-bid-id="${placeBid.data!.bidId}"]`);
  await row.getByRole('button', { name: /^Accept/ }).click();
  await expect(toast(provider, 'Bid Accepted')).toBeVisible();
  await providerContext.close();

  // live, without a reload: the bell's count and the page's list
  await expect(count(page)).toHaveText('1', { timeout: 15_000 });
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(page.getByTestId('notification-list').getByTestId('notification-row')).toContainText(['Your bid was accepted']);

  // the panel shows it; mark all read empties the count
  await bell(page).click();
  const panel = page.getByTestId('notification-panel');
  await expect(panel.getByTestId('notification-row').first()).toContainText('Your bid was accepted');
  await expect(panel.getByTestId('notification-row').first()).toContainText(listing.title);
  await page.screenshot({ path: 'test-results/notifications-panel-desktop.png' });
  await panel.getByRole('button', { name: 'Mark all read' }).click();
  await expect(count(page)).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  await expect(panel.getByRole('link', { name: 'All notifications' })).toHaveAttribute('href', '/dashboard/notifications');
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);

  // a preference: declined bids by mail too; security mails cannot be switched off
  await channel(page, 'bid.declined', 'BOTH').click();
  await expect(toast(page, 'Preference saved')).toBeVisible();
  await expect(channel(page, 'bid.declined', 'BOTH')).toHaveAttribute('aria-checked', 'true');
  await expect(channel(page, 'account.security', 'APP')).toBeDisabled();
  await expect(page.getByTestId('preference-account.security')).toContainText('Security mails are always sent.');
  await page.reload();
  await expect(channel(page, 'bid.declined', 'BOTH')).toHaveAttribute('aria-checked', 'true');

  // the acceptance was mailed too (its default is both), with a link out of such mails
  const mail = await newestMailTo(buyer.email, { after: verification.file, timeout: 15_000 });
  expect(mail.headers).toContain('Your bid was accepted');
  const unsubscribe = mailLinkPath(mail, '/notifications/unsubscribe');
  await page.context().clearCookies();
  await page.goto(unsubscribe);
  await expect(page.getByRole('heading', { name: 'Unsubscribed' })).toBeVisible();
  await expect(page.getByText('You will no longer receive mails about Your bid was accepted')).toBeVisible();
  await expect(page.getByRole('link', { name: 'NOTIFICATION SETTINGS' })).toHaveAttribute('href', '/dashboard/notifications');

  // back in: that kind now reaches the buyer in the app only
  await login(page.request, buyer.email, buyer.password);
  await page.goto('/dashboard/notifications');
  await expect(channel(page, 'bid.accepted', 'APP')).toHaveAttribute('aria-checked', 'true');
  // a notification leads to what it is about
  await page.getByTestId('notification-list').getByTestId('notification-row').filter({ hasText: 'Your bid was accepted' }).click();
  await expect(page).toHaveURL(/\/contract\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: listing.title })).toBeVisible();

  // a link that is not ours
  await page.goto('/notifications/unsubscribe?token=forged');
  await expect(page.getByRole('heading', { name: 'Link not valid' })).toBeVisible();
});

test('on a phone the panel takes the full width', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await createUser(request, { verified: true, label: 'phone' });
  await login(page.request, user.email, user.password);
  // something in the bell: the user's bid, declined by the provider (through the API)
  await login(request, DEMO_PROVIDER);
  const { viewer } = await gql<{ viewer: { listings: { edges: { node: { id: string } }[] } } }>(request, '{ viewer { listings(first: 1, status: active) { edges { node { id } } } } }');
  const { placeBid } = await gql<{ placeBid: { data: { id: string } } }>(
    page.request,
    'mutation ($input: PlaceBidInput!) { placeBid(input: $input) { ... on MutationPlaceBidSuccess { data { id } } } }',
    { input: { contractId: viewer.listings.edges[0]!.node.id, amount: '66.00' } },
  );
  await gql(request, 'mutation ($input: DecideBidInput!) { declineBid(input: $input) { __typename ... on MutationDeclineBidSuccess { data { id } } } }', {
    input: { bidId: placeBid.data.id },
  });

  await page.goto('/dashboard/notifications');
  await expect(count(page)).toHaveText('1', { timeout: 15_000 });
  await expect(page.getByTestId('notification-list')).toContainText('Your bid was declined');
  await page.screenshot({ path: 'test-results/notifications-page-390.png', fullPage: true });
  await bell(page).click();
  const panel = page.getByTestId('notification-panel');
  await expect(panel.getByTestId('notification-row')).toContainText(['Your bid was declined']);
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeLessThanOrEqual(1);
  expect(box.width).toBeGreaterThanOrEqual(388);
  await page.screenshot({ path: 'test-results/notifications-panel-390.png' });
  // nothing wider than the screen
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
