import crypto from 'node:crypto';
import type { APIRequestContext, Locator, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { createUser, expect, gql, test, toast, type TestUser } from './fixtures.ts';

// The back office of commerce: an administrator settles disputed payments on the compliance
// dashboard (refund revokes the buyer's access, release pays the provider), reads the platform's
// earnings on /earnings, everyone else sees their own earnings there, and a provider sees a sale
// in escrow on the dashboard.
//
// The journeys share one server (and its demo data) with the others, so every exact outcome is
// asserted on trades made here through the API by fresh buyers.

// Each journey first creates its people (registration, mailed verification, a memory-hard password
// hash per login) and pays through the API, which alone can take seconds on a busy machine.
test.describe.configure({ timeout: 60_000 });

const ADMIN = { email: 'admin@datapit.demo', password: 'PitBoss#2026' };
const PROVIDER = { email: 'meridian@datapit.demo', password: 'Demo#Trader1', name: 'Meridian Analytics' };
const SUCCESS_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2039, cvc: '123' };

type Playwright = PlaywrightWorkerArgs['playwright'];
type Listing = { id: string; contractId: string; title: string };
type Trade = { buyer: TestUser; ctx: APIRequestContext; listing: Listing; paymentId: string; purchaseId: string; description: string };

const uid = () => `${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}`.toUpperCase();

async function logIn(request: APIRequestContext, usernameOrEmail: string, password: string) {
  const { login } = await gql<{ login: { __typename: string; message?: string } }>(
    request,
    'mutation ($input: LoginInput!) { login(input: $input) { __typename ... on Error { message } } }',
    { input: { usernameOrEmail, password } },
  );
  expect(login.__typename, login.message).toBe('MutationLoginSuccess');
}

/** A new verified buyer, logged in in a request context of their own. */
async function newBuyer(playwright: Playwright, baseURL: string | undefined, label = 'buyer') {
  const ctx = await playwright.request.newContext({ baseURL });
  const buyer = await createUser(ctx, { verified: true, label });
  await logIn(ctx, buyer.email, buyer.password);
  return { ctx, buyer };
}

/** An active listing of the demo provider (the n-th, so journeys spread over listings). */
async function meridianListing(request: APIRequestContext, n: number): Promise<Listing> {
  const { contracts } = await gql<{ contracts: { edges: { node: Listing & { status: string; provider: { name: string } } }[] } }>(
    request,
    '{ contracts(first: 100) { edges { node { id contractId title status provider { name } } } } }',
  );
  const listings = contracts.edges.map((e) => e.node).filter((c) => c.provider.name === PROVIDER.name && c.status === 'active');
  expect(listings.length, `active contracts of ${PROVIDER.name} in the demo data`).toBeGreaterThan(0);
  return listings[n % listings.length]!;
}

/** The buyer pays for the listing with the success card: the money is in escrow, access is live. */
async function pay(playwright: Playwright, baseURL: string | undefined, n: number): Promise<Omit<Trade, 'description'>> {
  const { ctx, buyer } = await newBuyer(playwright, baseURL, 'disputer');
  const listing = await meridianListing(ctx, n);
  const { createPayment } = await gql<{ createPayment: { __typename: string; message?: string; data?: { id: string } } }>(
    ctx,
    `mutation ($input: CreatePaymentInput!) { createPayment(input: $input) { __typename ... on Error { message } ... on MutationCreatePaymentSuccess { data { id } } } }`,
    { input: { contractId: listing.id, paymentMethod: 'card' } },
  );
  expect(createPayment.__typename, createPayment.message).toBe('MutationCreatePaymentSuccess');
  const paymentId = createPayment.data!.id;
  const { confirmPayment } = await gql<{ confirmPayment: { __typename: string; message?: string; data?: { payment: { status: string; purchase: { purchaseId: string } } } } }>(
    ctx,
    `mutation ($input: ConfirmPaymentInput!) { confirmPayment(input: $input) { __typename ... on Error { message }
      ... on MutationConfirmPaymentSuccess { data { payment { status purchase { purchaseId } } } } } }`,
    { input: { paymentId, card: SUCCESS_CARD } },
  );
  expect(confirmPayment.__typename, confirmPayment.message).toBe('MutationConfirmPaymentSuccess');
  expect(confirmPayment.data!.payment.status).toBe('escrowed');
  return { buyer, ctx, listing, paymentId, purchaseId: confirmPayment.data!.payment.purchase.purchaseId };
}

/** A paid trade whose buyer used the data once (the evidence) and then disputed it. */
async function disputedTrade(playwright: Playwright, baseURL: string | undefined, n: number): Promise<Trade> {
  const trade = await pay(playwright, baseURL, n);
  // "request access": one use of the data in the buyer's access log
  const access = await trade.ctx.get(`/api/data/access/${trade.purchaseId}`);
  expect(access.status(), await access.text()).toBe(200);
  const description = `Rows are missing for half the period promised (case ${uid()}).`;
  const { openDispute } = await gql<{ openDispute: { __typename: string; message?: string } }>(
    trade.ctx,
    'mutation ($input: OpenDisputeInput!) { openDispute(input: $input) { __typename ... on Error { message } } }',
    { input: { paymentId: trade.paymentId, reason: 'incomplete_data', description } },
  );
  expect(openDispute.__typename, openDispute.message).toBe('MutationOpenDisputeSuccess');
  return { ...trade, description };
}

/** What the buyer sees of their payment and its purchase. */
async function buyerView(trade: Trade) {
  const { payment } = await gql<{ payment: { status: string; purchase: { status: string; hasAccess: boolean } } }>(
    trade.ctx,
    'query ($id: ID!) { payment(id: $id) { status purchase { status hasAccess } } }',
    { id: trade.paymentId },
  );
  return payment;
}

async function logInAsAdmin(page: Page) {
  await page.goto('/admin-login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'LOGIN AS ADMIN' }).click();
  await expect(page).toHaveURL('/compliance-dashboard');
  await expect(page.getByRole('heading', { name: 'COMPLIANCE DASHBOARD' })).toBeVisible();
}

function disputesPanel(page: Page): Locator {
  return page.getByTestId('disputed-payments');
}

/** The open-disputes count in the panel's header. */
async function openCount(page: Page): Promise<number> {
  const text = await disputesPanel(page).getByText(/^\d[\d,]* open$/).innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

/** A dispute's row (found by its unique description), paging through 'Load more disputes' when needed. */
async function disputeRow(page: Page, trade: Trade): Promise<Locator> {
  const row = disputesPanel(page).getByTestId('dispute-row').filter({ hasText: trade.description });
  await expect(disputesPanel(page).getByTestId('dispute-row').first()).toBeVisible();
  const rows = disputesPanel(page).getByTestId('dispute-row');
  for (let i = 0; i < 20 && (await row.count()) === 0; i++) {
    const more = disputesPanel(page).getByRole('button', { name: 'Load more disputes' });
    if ((await more.count()) === 0) break;
    const shown = await rows.count();
    await more.click();
    await expect.poll(() => rows.count()).toBeGreaterThan(shown);
  }
  await expect(row).toHaveCount(1);
  return row;
}

test('an administrator reads the evidence and refunds a dispute: the row leaves and the buyer loses access', async ({ page, playwright, baseURL }) => {
  const trade = await disputedTrade(playwright, baseURL, 0);
  expect(await buyerView(trade)).toEqual({ status: 'disputed', purchase: { status: 'active', hasAccess: true } });

  await logInAsAdmin(page);
  const row = await disputeRow(page, trade);
  await expect(row.getByRole('link', { name: trade.listing.title })).toBeVisible();
  await expect(row).toContainText(`BUYER${trade.buyer.name}`);
  await expect(row).toContainText(`SELLER${PROVIDER.name}`);
  await expect(row).toContainText('Incomplete data');
  const before = await openCount(page);

  // the evidence: the complaint and the buyer's access log (the one access call made above)
  await row.getByRole('button', { name: 'View Evidence' }).click();
  const evidence = page.getByRole('dialog', { name: `Dispute · ${trade.listing.title}` });
  await expect(evidence).toBeVisible();
  await expect(evidence).toContainText(trade.description);
  await expect(evidence).toContainText(trade.buyer.email);
  const log = evidence.getByRole('table', { name: 'Access log' });
  await expect(log.getByTestId('access-log-row')).toHaveCount(1);
  await expect(log.getByTestId('access-log-row').first()).toContainText('access');

  // settle from the evidence: a note is required
  await evidence.getByRole('button', { name: 'Refund' }).click();
  const settle = page.getByRole('dialog', { name: 'Refund Dispute' });
  await expect(settle).toBeVisible();
  await settle.getByRole('button', { name: 'Refund' }).click();
  await expect(settle.getByText('Settlement Note is required')).toBeVisible();
  await settle.getByLabel('Settlement Note').fill('The delivery is short of what the listing promised.');
  await settle.getByRole('button', { name: 'Refund' }).click();

  await expect(toast(page, 'Dispute Refunded')).toBeVisible();
  await expect(settle).toBeHidden();
  await expect(disputesPanel(page).getByTestId('dispute-row').filter({ hasText: trade.description })).toHaveCount(0);
  await expect.poll(() => openCount(page)).toBe(before - 1);

  // the buyer's money went back and their access is revoked
  expect(await buyerView(trade)).toEqual({ status: 'refunded', purchase: { status: 'revoked', hasAccess: false } });
});

test('an administrator releases a dispute: the provider is paid and the buyer keeps access', async ({ page, playwright, baseURL }) => {
  const trade = await disputedTrade(playwright, baseURL, 1);
  await logInAsAdmin(page);
  const row = await disputeRow(page, trade);
  await row.getByRole('button', { name: 'Release' }).click();
  const settle = page.getByRole('dialog', { name: 'Release Dispute' });
  await settle.getByLabel('Settlement Note').fill('The data matches the listing; the gaps are documented in its README.');
  await settle.getByRole('button', { name: 'Release' }).click();

  await expect(toast(page, 'Dispute Released')).toBeVisible();
  await expect(disputesPanel(page).getByTestId('dispute-row').filter({ hasText: trade.description })).toHaveCount(0);
  expect(await buyerView(trade)).toEqual({ status: 'released', purchase: { status: 'active', hasAccess: true } });
});

test('/earnings shows an administrator the platform figures, the 90/10 split, top providers and the revenue chart', async ({ page }) => {
  await logInAsAdmin(page);
  const { platformEarnings: e } = await gql<{
    platformEarnings: { totalPlatformRevenue: string; totalTransactionVolume: string; totalTransactions: number; averageCommissionPerTransaction: string };
  }>(page.request, '{ platformEarnings { totalPlatformRevenue totalTransactionVolume totalTransactions averageCommissionPerTransaction } }');
  const money = (amount: string) => `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

  // reached from the user menu
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Platform Earnings' }).click();
  await expect(page).toHaveURL('/earnings');
  await expect(page.getByRole('heading', { name: 'PLATFORM EARNINGS' })).toBeVisible();

  const figures = page.getByRole('group', { name: 'Platform figures' });
  await expect(figures).toContainText(`Total Platform Revenue${money(e.totalPlatformRevenue)}`);
  await expect(figures).toContainText('Commission Rate10%');
  await expect(figures).toContainText(`Total Transaction Volume${money(e.totalTransactionVolume)}`);
  await expect(figures).toContainText(`Total Transactions${e.totalTransactions}`);
  await expect(figures).toContainText(`Avg Commission / Transaction${money(e.averageCommissionPerTransaction)}`);
  await expect(page.getByRole('group', { name: 'Commission split' })).toContainText('Providers 90%');
  await expect(page.getByRole('group', { name: 'Commission split' })).toContainText(`Platform commission 10%${money(e.totalPlatformRevenue)}`);

  // the demo data has released sales: providers ranked, each linked to a live listing
  const top = page.getByRole('table', { name: 'Top-earning providers' });
  await expect(top.getByTestId('top-provider-row').first()).toBeVisible();
  await expect(top.getByTestId('top-provider-row').first().getByRole('link')).toHaveAttribute('href', /^\/contract\//);

  // the chart is drawn (a canvas), and the range switches
  const chart = page.getByTestId('revenue-chart');
  await expect(chart.getByRole('heading', { name: /Revenue over time · 30 days/i })).toBeVisible();
  await expect(chart.getByTestId('revenue-chart-canvas').locator('canvas').first()).toBeVisible();
  await chart.getByRole('link', { name: '90D' }).click();
  await expect(page).toHaveURL('/earnings?range=90d');
  await expect(chart.getByRole('heading', { name: /Revenue over time · 90 days/i })).toBeVisible();
  await expect(chart.getByRole('link', { name: '90D' })).toHaveAttribute('aria-current', 'true');
});

test('/earnings shows a buyer how selling pays, asks a visitor to log in, and shows a provider their own earnings', async ({ page }) => {
  // a buyer who never sold: no platform figures, a way to start selling
  const buyer = await createUser(page.request, { verified: true, label: 'earner' });
  await logIn(page.request, buyer.email, buyer.password);
  await page.goto('/earnings');
  await expect(page.getByRole('heading', { name: 'EARNINGS', exact: true })).toBeVisible();
  await expect(page.getByText('No earnings yet')).toBeVisible();
  await expect(page.getByTestId('earnings-buyer').getByRole('link', { name: 'List data' })).toHaveAttribute('href', '/list-data');
  await expect(page.getByText('PLATFORM EARNINGS')).toHaveCount(0);
  await expect(page.getByText('Total Platform Revenue')).toHaveCount(0);

  // logged out
  await page.context().clearCookies();
  await page.goto('/earnings');
  const visitor = page.getByTestId('earnings-visitor');
  await expect(visitor.getByRole('heading', { name: 'Log in to see earnings' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'LOG IN' })).toHaveAttribute('href', '/auth/login');

  // the demo provider: their own sales, escrow and payouts, still no platform figures
  await logIn(page.request, PROVIDER.email, PROVIDER.password);
  const { viewer } = await gql<{ viewer: { dashboardSummary: { salesCount: number } } }>(page.request, '{ viewer { dashboardSummary { salesCount } } }');
  await page.goto('/earnings');
  const own = page.getByRole('group', { name: 'Your earnings' });
  await expect(own).toContainText(`Sales${viewer.dashboardSummary.salesCount}`);
  await expect(own).toContainText('Escrow Held');
  await expect(own).toContainText('Paid Out');
  await expect(own).toContainText('Pending Payouts');
  await expect(page.getByRole('link', { name: 'View sales and payouts' })).toHaveAttribute('href', '/dashboard/payments');
  await expect(page.getByText('Total Platform Revenue')).toHaveCount(0);
});

test('the provider sees a new sale in escrow on the dashboard, with its 90% payout pending', async ({ page, playwright, baseURL }) => {
  const trade = await pay(playwright, baseURL, 2);
  await logIn(page.request, PROVIDER.email, PROVIDER.password);

  await page.goto('/dashboard');
  const tiles = page.getByRole('group', { name: 'Provider figures' });
  await expect(tiles).toBeVisible();
  await expect(tiles).toContainText('In Escrow');
  await expect(tiles).not.toContainText('In Escrow$0.00');

  await page.getByRole('link', { name: 'Sales and payouts →' }).click();
  await expect(page).toHaveURL('/dashboard/payments');
  await expect(page.getByTestId('payout-summary')).toContainText('In escrow');
  const sale = page.getByRole('table', { name: 'Sales as seller' }).getByTestId('sale-row').filter({ hasText: trade.buyer.name });
  await expect(sale).toHaveCount(1);
  await expect(sale).toContainText(trade.listing.title);
  await expect(sale).toHaveAttribute('data-status', 'escrowed');
  await expect(sale.getByTestId('sale-payout')).toHaveText('Pending');
  await expect(sale).toContainText('Releases');
});
