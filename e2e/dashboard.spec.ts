import type { APIRequestContext, Page } from '@playwright/test';
import { createUser, expect, gql, test, toast, type TestUser } from './fixtures.ts';

// The dashboard: access without a session, the demo buyer's figures and lists, the demo provider
// accepting and declining bids (and the bidder seeing the decision), analytics drawn on a canvas,
// payments, and the profile edit reaching the header.
// Every journey shares one server (and its demo data) with the others, which also decide bids:
// bids are created and picked by id here, never by position or count.

const DEMO_PASSWORD = 'Demo#Trader1';
const DEMO_BUYER = 'ava.thompson@datapit.demo';
const DEMO_PROVIDER = 'meridian@datapit.demo';

const usd = (v: string | number) => Number(v).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** Logs in through the API with this request context (a page's request shares the page's cookies). */
async function login(request: APIRequestContext, usernameOrEmail: string, password = DEMO_PASSWORD) {
  const { login: result } = await gql<{ login: { __typename: string; message?: string } }>(
    request,
    'mutation ($input: LoginInput!) { login(input: $input) { __typename ... on Error { message } } }',
    { input: { usernameOrEmail, password } },
  );
  expect(result.__typename, result.message).toBe('MutationLoginSuccess');
}

/** Logs the browser in as someone else (drops the current session cookie first). */
async function switchUser(page: Page, usernameOrEmail: string, password = DEMO_PASSWORD) {
  await page.context().clearCookies();
  await login(page.request, usernameOrEmail, password);
}

function menu(page: Page) {
  return page.getByRole('navigation', { name: 'Dashboard' });
}

/** The provider's first active listing, as the provider (page session) sees it. */
async function activeListingOf(page: Page) {
  const { viewer } = await gql<{ viewer: { listings: { edges: { node: { id: string; contractId: string; title: string } }[] } } }>(
    page.request,
    '{ viewer { listings(first: 20, status: active) { edges { node { id contractId title } } } } }',
  );
  const listing = viewer.listings.edges[0]?.node;
  expect(listing, 'the demo provider has an active listing').toBeTruthy();
  return listing!;
}

/** A fresh verified user places an open bid on the listing; returns the bid's ids and the bidder. */
async function placeBid(request: APIRequestContext, contractId: string, amount: string) {
  const bidder: TestUser = await createUser(request, { verified: true, label: 'bidder' });
  await login(request, bidder.email, bidder.password);
  const message = `e2e bid ${Date.now().toString(36)}`;
  const { placeBid: result } = await gql<{ placeBid: { __typename: string; message?: string; data?: { id: string; bidId: string } } }>(
    request,
    `mutation ($input: PlaceBidInput!) {
      placeBid(input: $input) { __typename ... on MutationPlaceBidSuccess { data { id bidId } } ... on Error { message } }
    }`,
    { input: { contractId, amount, message } },
  );
  expect(result.__typename, result.message).toBe('MutationPlaceBidSuccess');
  return { ...result.data!, bidder, message };
}

test('a visitor is refused with Access Denied and a way to log in', async ({ page }) => {
  await page.goto('/dashboard');
  const main = page.getByRole('main');
  await expect(main.getByText('Access Denied')).toBeVisible();
  await expect(main.getByText('Please log in to access your dashboard.')).toBeVisible();
  await expect(menu(page)).toHaveCount(0);

  // a deep link to a tab is refused the same way
  await page.goto('/dashboard/payments');
  await expect(main.getByText('Access Denied')).toBeVisible();
  await expect(main.getByRole('table')).toHaveCount(0);

  await main.getByRole('link', { name: 'LOGIN', exact: true }).click();
  await expect(page).toHaveURL('/auth/login');
});

test('the demo buyer sees real figures, activity, contracts, analytics and payments', async ({ page }) => {
  test.slow(); // one journey through six tabs
  await login(page.request, DEMO_BUYER);
  const { viewer } = await gql<{
    viewer: {
      reviewCount: number;
      dashboardSummary: { activePurchases: number; totalSpent: string; activeListings: number; averageRating: number | null; unreadMessages: number };
      purchases: { totalCount: number };
      payments: { totalCount: number };
      bidsPlaced: { totalCount: number };
    };
  }>(
    page.request,
    `{ viewer { reviewCount dashboardSummary { activePurchases totalSpent activeListings averageRating unreadMessages }
       purchases(first: 1) { totalCount } payments(first: 1) { totalCount } bidsPlaced(first: 1) { totalCount } } }`,
  );
  const s = viewer.dashboardSummary;
  expect(s.activePurchases).toBeGreaterThan(0);
  expect(Number(s.totalSpent)).toBeGreaterThan(0);

  // Overview: the four tiles carry the API's figures
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'DASHBOARD', level: 1 })).toBeVisible();
  const tiles = page.getByRole('group', { name: 'Dashboard figures' });
  await expect(tiles).toContainText(`Active Purchases${s.activePurchases.toLocaleString('en-US')}`);
  await expect(tiles).toContainText(`Total Spent${usd(s.totalSpent)}`);
  await expect(tiles).toContainText(`Active Listings${s.activeListings}`);
  await expect(tiles).toContainText(s.averageRating == null ? 'Average Rating—' : `Average Rating${s.averageRating.toFixed(1)}`);
  // the Messages badge only when something is unread
  await expect(menu(page).getByTestId('unread-badge')).toHaveCount(s.unreadMessages > 0 ? 1 : 0);

  // Recent Activity: real events with a link to their contract
  const activity = page.getByRole('list', { name: 'Recent activity' });
  await expect(activity.getByTestId('activity-item').first()).toBeVisible();
  expect(await activity.getByTestId('activity-item').count()).toBeGreaterThan(0);
  await expect(activity.getByTestId('activity-item').first().getByRole('link')).toHaveAttribute('href', /^\/contract\/.+/);

  // My Contracts: each purchase with its status and amount, plus the bids placed
  await menu(page).getByRole('link', { name: 'My Contracts' }).click();
  await expect(page).toHaveURL('/dashboard/contracts');
  const purchases = page.getByRole('list', { name: 'Purchases' });
  await expect(purchases.getByText('Status: active').first()).toBeVisible();
  await expect(purchases.getByText(/^Amount: \$[\d,]+\.\d{2}$/).first()).toBeVisible();
  await expect(purchases.getByTestId('purchase-row')).toHaveCount(Math.min(20, viewer.purchases.totalCount));
  await expect(purchases.getByTestId('purchase-row').first().getByRole('link').first()).toHaveAttribute('href', /^\/contract\/.+/);
  await expect(page.getByRole('table', { name: 'Bids placed' }).getByTestId('bid-placed-row')).toHaveCount(Math.min(20, viewer.bidsPlaced.totalCount));

  // Messages: the real unread count (the demo buyer has conversations, so the tab lists them)
  await menu(page).getByRole('link', { name: 'Messages' }).click();
  await expect(page).toHaveURL('/dashboard/messages');
  await expect(page.getByTestId('unread-messages')).toContainText(String(s.unreadMessages));
  await expect(page.getByRole('main').getByRole('link', { name: /^(open|go to) messages$/i })).toHaveAttribute('href', '/messaging');

  // Analytics: a lightweight-charts canvas, and a range switch with its own link
  await menu(page).getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL('/dashboard/analytics');
  const chart = page.getByTestId('spend-sales-chart');
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect(chart).toContainText('Earned');
  await expect(chart).toContainText('Spent');
  await expect(page.getByRole('heading', { name: /spend & sales · 30 days/i })).toBeVisible();
  await page.getByRole('group', { name: 'Range' }).getByRole('link', { name: '7D' }).click();
  await expect(page).toHaveURL('/dashboard/analytics?range=7d');
  await expect(page.getByRole('heading', { name: /spend & sales · 7 days/i })).toBeVisible();
  await expect(chart.locator('canvas').first()).toBeVisible();

  // Payments: the buyer's payments in a table, the (empty) sales beside them
  await menu(page).getByRole('link', { name: 'Payments' }).click();
  await expect(page).toHaveURL('/dashboard/payments');
  const payments = page.getByRole('table', { name: 'Payments as buyer' });
  await expect(payments.getByTestId('payment-row')).toHaveCount(Math.min(20, viewer.payments.totalCount));
  await expect(payments.getByTestId('payment-row').first()).toContainText(/\$[\d,]+\.\d{2}/);
  await expect(payments.getByRole('columnheader', { name: 'Fee' })).toBeVisible();

  // every tab has a deep link that survives a reload
  await page.goto('/dashboard/contracts');
  await expect(menu(page).getByRole('link', { name: 'My Contracts' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Status: active').first()).toBeVisible();
});

test('the demo provider accepts a bid and the bidder sees it accepted', async ({ page, request }) => {
  await login(page.request, DEMO_PROVIDER);
  const listing = await activeListingOf(page);
  const bid = await placeBid(request, listing.id, '123.45');

  await page.goto('/dashboard/listings');
  await expect(page.getByRole('heading', { name: 'My Listings' })).toBeVisible();
  // the seeded open bids and ours are listed with Accept and Decline
  await expect(page.getByTestId('open-bid-row').first()).toBeVisible();
  const card = page.getByTestId('listing-card').filter({ has: page.locator(`[data-bid-id="${bid.bidId}"]`) });
  const row = card.locator(`[data-bid-id="${bid.bidId}"]`);
  await expect(row).toContainText(bid.bidder.name);
  await expect(row).toContainText('$123.45');
  await expect(row).toContainText(bid.message);

  await row.getByRole('button', { name: /^Accept/ }).click();
  await expect(toast(page, 'Bid Accepted')).toBeVisible();
  // the decided bid leaves the open bids
  await expect(row).toHaveCount(0);

  // the bidder (logged in through the API) finds the bid accepted, with a way to pay it
  await switchUser(page, bid.bidder.email, bid.bidder.password);
  await page.goto('/dashboard/contracts');
  // a new user: no purchases yet, a way to the market
  await expect(page.getByText('No purchases yet')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Browse data' })).toHaveAttribute('href', '/browse');
  const mine = page.getByRole('table', { name: 'Bids placed' }).getByTestId('bid-placed-row').filter({ hasText: listing.title });
  await expect(mine).toHaveAttribute('data-status', 'accepted');
  await expect(mine).toContainText('accepted');
  await expect(mine).toContainText('you may now pay the bid amount of $123.45');
  await expect(mine.getByRole('link', { name: 'Pay $123.45' })).toHaveAttribute('href', `/payment/${listing.contractId}`);
});

test('the demo provider declines a bid', async ({ page, request }) => {
  await login(page.request, DEMO_PROVIDER);
  const listing = await activeListingOf(page);
  const bid = await placeBid(request, listing.id, '99.00');

  await page.goto('/dashboard/listings');
  const row = page.locator(`[data-bid-id="${bid.bidId}"]`);
  await row.getByRole('button', { name: /^Decline/ }).click();
  await expect(toast(page, 'Bid Declined')).toBeVisible();
  await expect(row).toHaveCount(0);

  // it is decided for good: deciding it again is refused, and the bidder sees it declined
  const { acceptBid } = await gql<{ acceptBid: { __typename: string } }>(
    page.request,
    'mutation ($input: DecideBidInput!) { acceptBid(input: $input) { __typename ... on MutationAcceptBidSuccess { data { id } } } }',
    { input: { bidId: bid.id } },
  );
  expect(acceptBid.__typename).toBe('ConflictError');

  const { viewer } = await gql<{ viewer: { bidsPlaced: { edges: { node: { bidId: string; status: string } }[] } } }>(
    request,
    '{ viewer { bidsPlaced(first: 5) { edges { node { bidId status } } } } }',
  );
  expect(viewer.bidsPlaced.edges.find((e) => e.node.bidId === bid.bidId)?.node.status).toBe('declined');
});

test('a bid decided elsewhere meanwhile shows a red error', async ({ page, request }) => {
  await login(page.request, DEMO_PROVIDER);
  const listing = await activeListingOf(page);
  const bid = await placeBid(request, listing.id, '88.00');

  await page.goto('/dashboard/listings');
  const row = page.locator(`[data-bid-id="${bid.bidId}"]`);
  await expect(row).toBeVisible();
  // decided meanwhile (another tab, an administrator): here, through the API
  const { declineBid } = await gql<{ declineBid: { __typename: string } }>(
    page.request,
    // (selecting only __typename on the success answer makes the server fail: data { id } too)
    'mutation ($input: DecideBidInput!) { declineBid(input: $input) { __typename ... on MutationDeclineBidSuccess { data { id } } } }',
    { input: { bidId: bid.id } },
  );
  expect(declineBid.__typename).toBe('MutationDeclineBidSuccess');

  await row.getByRole('button', { name: /^Accept/ }).click();
  const error = toast(page, 'Could Not Accept Bid');
  await expect(error).toBeVisible();
  await expect(error).toContainText('already declined');
  // the list is read again: the decided bid is gone
  await expect(row).toHaveCount(0);
});

test('a user edits the profile and the header follows', async ({ page, request }) => {
  const user = await createUser(request, { verified: true, label: 'profile' });
  await login(page.request, user.email, user.password);

  await page.goto('/dashboard/profile');
  const name = page.getByLabel('Name', { exact: true });
  const image = page.getByLabel('Profile image URL');
  await expect(name).toHaveValue(user.name);
  await expect(page.getByText(`@${user.username}`).first()).toBeVisible();

  // checked in the browser
  await name.fill('   ');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await name.fill('Renamed Trader');
  await image.fill('ftp://example.com/me.png');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile image must be an http(s) address')).toBeVisible();

  // checked by the server: its message is shown under the field
  await image.fill('');
  await name.fill('N'.repeat(101));
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Name is too long')).toBeVisible();

  // saved: toast, the header's user menu and the trader card follow
  const newName = `Renamed ${user.username.slice(-6).toUpperCase()}`;
  const picture = new URL('/favicon.svg', page.url()).href;
  await name.fill(newName);
  await image.fill(picture);
  await expect(page.getByTestId('avatar-preview').locator('img')).toHaveAttribute('src', picture);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(toast(page, 'Profile Updated')).toBeVisible();
  const userMenu = page.getByRole('button', { name: 'User menu' });
  await expect(userMenu).toContainText(newName);
  await expect(userMenu.locator('img')).toHaveAttribute('src', picture);

  // it was stored: a reload shows it too
  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(newName);
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText(newName);

  // an empty image address removes the picture
  await page.getByLabel('Profile image URL').fill('');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(toast(page, 'Profile Updated')).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu' }).locator('img')).toHaveCount(0);
});

test('on a phone the side menu is a tab bar', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page.request, DEMO_BUYER);
  await page.goto('/dashboard/profile');
  const nav = menu(page);
  await expect(nav).toBeVisible();
  // the tabs sit in one row that scrolls sideways, the current one in view
  const first = await nav.getByRole('link', { name: 'Overview' }).boundingBox();
  const current = nav.getByRole('link', { name: 'Profile' });
  const last = await current.boundingBox();
  expect(Math.abs(first!.y - last!.y)).toBeLessThan(2);
  await expect(current).toBeInViewport();
  await expect(page.getByTestId('trader-card')).toBeHidden();
  await nav.getByRole('link', { name: 'Overview' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('group', { name: 'Dashboard figures' })).toBeVisible();
});
