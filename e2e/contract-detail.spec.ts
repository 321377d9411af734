import type { APIRequestContext } from '@playwright/test';
import { createUser, expect, gql, test, toast } from './fixtures.ts';

// Contract detail (/contract/{id}): what a visitor reads, a buyer's bid (confirmed when far above
// the list price), the provider's decision, a bidder withdrawing, and the not-found page.

const DEMO_PASSWORD = 'Demo#Trader1';
const PROVIDER_EMAIL = 'meridian@datapit.demo';
const PROVIDER_NAME = 'Meridian Analytics';

type ContractFacts = {
  contractId: string;
  title: string;
  status: string;
  fieldCount: number | null;
  dataFields: string[];
  sampleData: Record<string, unknown>[];
  price: string;
  marketPrice: string;
  priceHistory: { at: string }[];
  provider: { name: string; completedSales: number; memberSince: string };
};

/** One of Meridian's active contracts with sample rows and price ticks in the last 30 days. */
async function meridianContract(request: APIRequestContext): Promise<ContractFacts> {
  const { contracts } = await gql<{ contracts: { edges: { node: ContractFacts }[] } }>(
    request,
    `{ contracts(first: 100) { edges { node {
        contractId title status fieldCount dataFields sampleData price marketPrice
        priceHistory(days: 30) { at }
        provider { name completedSales memberSince }
      } } } }`,
  );
  const found = contracts.edges
    .map((e) => e.node)
    .find((c) => c.provider.name === PROVIDER_NAME && c.status === 'active' && c.sampleData.length > 0 && c.priceHistory.length > 0);
  expect(found, `an active contract of ${PROVIDER_NAME} in the demo data`).toBeDefined();
  return found!;
}

/** Logs in through the API; with page.request the session cookie lands in the page's browser context. */
async function logIn(request: APIRequestContext, usernameOrEmail: string, password: string) {
  const { login } = await gql<{ login: { __typename: string; message?: string } }>(
    request,
    'mutation ($input: LoginInput!) { login(input: $input) { __typename ... on Error { message } } }',
    { input: { usernameOrEmail, password } },
  );
  expect(login.__typename, login.message).toBe('MutationLoginSuccess');
}

/** Places a bid through the API as the request context's user; returns its plain id. */
async function placeBid(request: APIRequestContext, contractId: string, amount: string, message: string): Promise<string> {
  const { placeBid } = await gql<{ placeBid: { __typename: string; message?: string; data?: { bidId: string } } }>(
    request,
    'mutation ($input: PlaceBidInput!) { placeBid(input: $input) { __typename ... on MutationPlaceBidSuccess { data { bidId } } ... on Error { message } } }',
    { input: { contractId, amount, message } },
  );
  expect(placeBid.__typename, placeBid.message).toBe('MutationPlaceBidSuccess');
  return placeBid.data!.bidId;
}

const usd = (amount: string | number) => Number(amount).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

test('a visitor reads a contract: quote, chart, sample, fields, trade and provider cards', async ({ page, request }) => {
  const contract = await meridianContract(request);
  await page.goto(`/contract/${contract.contractId}`);

  await expect(page.getByRole('heading', { level: 1, name: contract.title })).toBeVisible();
  await expect(page).toHaveTitle(`${contract.title} · DATA PIT`);
  await expect(page.getByTestId('contract-status')).toHaveText('active');
  await expect(page.getByTestId('market-price')).toHaveText(
    Number(contract.marketPrice).toLocaleString('en-US', { style: 'currency', currency: 'USD' }),
  );

  // the sample table's columns are the keys of the first sample row
  const keys = Object.keys(contract.sampleData[0]!);
  const headers = page.getByTestId('sample-preview').getByRole('columnheader');
  await expect(headers).toHaveCount(keys.length);
  expect((await headers.allTextContents()).sort()).toEqual([...keys].sort());
  await expect(page.getByTestId('sample-preview').getByRole('row')).toHaveCount(contract.sampleData.length + 1);

  await expect(page.getByTestId('field-count')).toHaveText(`FIELDS (${contract.fieldCount ?? contract.dataFields.length})`);
  for (const field of contract.dataFields) {
    await expect(page.getByTestId('data-fields').getByText(field, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Dataset description' })).toBeVisible();

  // the price chart draws on a canvas; the range buttons load another window of ticks
  const chart = page.getByTestId('price-history');
  await expect(chart.getByTestId('price-chart').locator('canvas').first()).toBeVisible();
  await expect(chart.getByRole('button', { name: '30D' })).toHaveAttribute('aria-pressed', 'true');
  await chart.getByRole('button', { name: '90D' }).click();
  await expect(chart.getByRole('button', { name: '90D' })).toHaveAttribute('aria-pressed', 'true');
  await expect(chart.getByTestId('price-chart').locator('canvas').first()).toBeVisible();

  const buy = page.getByRole('link', { name: 'BUY NOW - SECURE ESCROW' });
  await expect(buy).toBeEnabled();
  await expect(buy).toHaveAttribute('href', `/payment/${contract.contractId}`);
  await expect(page.getByRole('link', { name: 'Contact Provider' })).toHaveAttribute('href', `/messaging?contract=${contract.contractId}`);
  await expect(page.getByRole('link', { name: 'Trade This Contract' })).toHaveAttribute('href', `/trading?contract=${contract.contractId}`);

  // real figures instead of 'Multiple successful contracts'
  const provider = page.getByTestId('provider-card');
  await expect(provider).toContainText(PROVIDER_NAME);
  await expect(provider).toContainText('Verified Provider');
  await expect(provider).toContainText(`Member since ${new Date(contract.provider.memberSince).getUTCFullYear()}`);
  await expect(provider.getByTestId('provider-completed-sales')).toHaveText(`${contract.provider.completedSales} completed sales`);
  await expect(page.getByText('Multiple successful contracts')).toHaveCount(0);

  // visitors are sent to log in before bidding
  await expect(page.getByRole('link', { name: 'Log in to bid' })).toHaveAttribute('href', `/auth/login?next=${encodeURIComponent(`/contract/${contract.contractId}`)}`);
  await expect(page.getByRole('button', { name: 'PLACE BID' })).toHaveCount(0);
});

test.describe('bids', () => {
  // the provider decides on the bid the buyer placed in the first journey; each journey registers
  // and verifies a user by mail first, hence the longer time limit
  test.describe.configure({ mode: 'serial', timeout: 60_000 });

  let contractId = '';
  let bidder = { name: '', message: '', second: '' };

  test('a verified user places a bid and sees it in the order book', async ({ page, request }) => {
    const contract = await meridianContract(request);
    contractId = contract.contractId;
    const user = await createUser(page.request, { verified: true, label: 'bidder' });
    await logIn(page.request, user.email, user.password);
    bidder = { name: user.name, message: `Quarterly backtest refresh ${Date.now().toString(36)}`, second: `Second thoughts ${Date.now().toString(36)}` };

    await page.goto(`/contract/${contractId}`);
    await expect(page.getByRole('button', { name: 'User menu' })).toContainText(user.name);
    await page.getByRole('button', { name: 'Make a bid' }).click();
    const amount = page.getByLabel('Bid amount (USD)');
    await expect(amount).toBeFocused();
    await expect(amount).toHaveAttribute('step', '0.01');

    // the amount is checked as a decimal with at most two places before anything is sent
    await amount.fill('12.345');
    await page.getByRole('button', { name: 'PLACE BID' }).click();
    await expect(page.getByText('Enter a positive amount with at most two decimals')).toBeVisible();

    // a refusal from the server shows its message in a red toast and keeps the form: the request
    // goes out with an amount the server refuses
    await page.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string; variables: { input: Record<string, unknown> } };
      if (body.operationName !== 'DetailPlaceBidMutation') return route.fallback();
      await route.continue({ postData: JSON.stringify({ ...body, variables: { ...body.variables, input: { ...body.variables.input, amount: '0.00' } } }) });
    });
    await amount.fill('123.45');
    await page.getByLabel('Message (optional)').fill(bidder.message);
    await page.getByRole('button', { name: 'PLACE BID' }).click();
    const failed = toast(page, 'Bid Failed');
    await expect(failed).toContainText('Bid amount must be greater than 0');
    await expect(failed).toHaveAttribute('data-variant', 'destructive');
    await expect(amount).toHaveValue('123.45');
    await page.unroute('**/graphql');

    await page.getByRole('button', { name: 'PLACE BID' }).click();
    await expect(toast(page, 'Bid Submitted')).toContainText('Your bid has been submitted to the data provider.');
    // the form closes and clears
    await expect(page.getByRole('button', { name: 'PLACE BID' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Make a bid' }).click();
    await expect(page.getByLabel('Bid amount (USD)')).toHaveValue('');
    await expect(page.getByLabel('Message (optional)')).toHaveValue('');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // the new bid heads the order book, with the bidder's own name and message
    const row = page.getByTestId('bid-row').first();
    await expect(row).toContainText('$123.45');
    await expect(row).toContainText(user.name);
    await expect(row).toContainText(bidder.message);
    await expect(row.getByTestId('bid-status')).toHaveText('open');
    await expect(row.getByRole('button', { name: 'Accept' })).toHaveCount(0);

    // it is really stored: a reload shows it too
    await page.reload();
    await expect(page.getByTestId('bid-row').filter({ hasText: bidder.message })).toContainText('$123.45');

    // a second open bid of the same buyer, for the provider's acceptance to end
    await placeBid(page.request, contractId, '99.00', bidder.second);
  });

  test('the provider sees the bid with the bidder and message, accepts it and declines another', async ({ page, request }) => {
    expect(contractId, 'the bid journey ran first').not.toBe('');

    // a second bid, placed through the API by another buyer, for the provider to decline
    const other = await createUser(request, { verified: true, label: 'lowball' });
    await logIn(request, other.email, other.password);
    const lowball = `Lowball offer ${Date.now().toString(36)}`;
    const { placeBid } = await gql<{ placeBid: { __typename: string; message?: string } }>(
      request,
      'mutation ($input: PlaceBidInput!) { placeBid(input: $input) { __typename ... on MutationPlaceBidSuccess { data { id } } ... on Error { message } } }',
      { input: { contractId, amount: '10.00', message: lowball } },
    );
    expect(placeBid.__typename, placeBid.message).toBe('MutationPlaceBidSuccess');

    await logIn(page.request, PROVIDER_EMAIL, DEMO_PASSWORD);
    await page.goto(`/contract/${contractId}`);
    await expect(page.getByRole('button', { name: 'User menu' })).toContainText(PROVIDER_NAME);
    // the provider neither bids on nor buys their own listing
    await expect(page.getByRole('button', { name: 'Make a bid' })).toHaveCount(0);
    // in place of a disabled Buy button: what the listing is to them, and where to edit it
    await expect(page.getByRole('button', { name: 'BUY NOW - SECURE ESCROW' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'BUY NOW - SECURE ESCROW' })).toHaveCount(0);
    await expect(page.getByTestId('own-listing')).toHaveText('Your listing · on the market');
    await expect(page.getByRole('link', { name: 'Edit listing' })).toBeVisible();

    const row = page.getByTestId('bid-row').filter({ hasText: bidder.message });
    await expect(row).toContainText(bidder.name);
    await expect(row).toContainText('$123.45');
    await expect(row.getByTestId('bid-status')).toHaveText('open');
    await row.getByRole('button', { name: 'Accept' }).click();
    await expect(toast(page, 'Bid Accepted')).toBeVisible();
    await expect(row.getByTestId('bid-status')).toHaveText('accepted');
    await expect(row.getByRole('button', { name: 'Accept' })).toHaveCount(0);

    const low = page.getByTestId('bid-row').filter({ hasText: lowball });
    await expect(low).toContainText(other.name);
    await low.getByRole('button', { name: 'Decline' }).click();
    await expect(toast(page, 'Bid Declined')).toBeVisible();
    await expect(low.getByTestId('bid-status')).toHaveText('declined');

    // accepting one of the buyer's bids ended their other open bid, at once, without a reload
    const second = page.getByTestId('bid-row').filter({ hasText: bidder.second });
    await expect(second.getByTestId('bid-status')).toHaveText('declined');
    await expect(second.getByRole('button', { name: 'Accept' })).toHaveCount(0);

    // the decisions are stored
    await page.reload();
    await expect(page.getByTestId('bid-row').filter({ hasText: bidder.message }).getByTestId('bid-status')).toHaveText('accepted');
    await expect(page.getByTestId('bid-row').filter({ hasText: lowball }).getByTestId('bid-status')).toHaveText('declined');
    await expect(page.getByTestId('bid-row').filter({ hasText: bidder.second }).getByTestId('bid-status')).toHaveText('declined');
  });

  test('a bid far above the list price is placed only once the buyer confirms it', async ({ page, request }) => {
    const contract = await meridianContract(request);
    const user = await createUser(page.request, { verified: true, label: 'whale' });
    await logIn(page.request, user.email, user.password);
    await page.goto(`/contract/${contract.contractId}`);
    await expect(page.getByRole('button', { name: 'User menu' })).toContainText(user.name);

    const far = (Math.ceil(Number(contract.price) * 7.25 * 100) / 100).toFixed(2);
    const multiple = Math.floor((Math.round(Number(far) * 100) * 10) / Math.round(Number(contract.price) * 100)) / 10;
    await page.getByRole('button', { name: 'Make a bid' }).click();
    await page.getByLabel('Bid amount (USD)').fill(far);
    await page.getByRole('button', { name: 'PLACE BID' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bid far above the list price' });
    await expect(dialog).toBeVisible();
    // both figures, and how far apart they are
    await expect(dialog.getByTestId('far-above-text')).toHaveText(
      `Your bid of ${usd(far)} is ${multiple}× the list price of ${usd(contract.price)}, more than the 1.5× we ask about.`,
    );

    // changing the amount sends nothing and keeps the form
    await dialog.getByRole('button', { name: 'Change amount' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel('Bid amount (USD)')).toHaveValue(far);
    const mine = (u: string) =>
      gql<{ viewer: { bidsPlaced: { edges: { node: { amount: string; contract: { contractId: string } } }[] } } }>(
        page.request,
        '{ viewer { bidsPlaced(first: 20) { edges { node { amount contract { contractId } } } } } }',
      ).then((r) => r.viewer.bidsPlaced.edges.filter((e) => e.node.contract.contractId === u).length);
    expect(await mine(contract.contractId)).toBe(0);

    // an ordinary bid asks nothing
    const ordinary = Number(contract.price).toFixed(2);
    await page.getByLabel('Bid amount (USD)').fill(ordinary);
    await page.getByRole('button', { name: 'PLACE BID' }).click();
    await expect(toast(page, 'Bid Submitted')).toBeVisible();
    await expect(dialog).toBeHidden();

    // confirmed, the far bid is placed
    await page.getByRole('button', { name: 'Make a bid' }).click();
    await page.getByLabel('Bid amount (USD)').fill(far);
    await page.getByRole('button', { name: 'PLACE BID' }).click();
    await dialog.getByRole('button', { name: `Place bid of ${usd(far)}` }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('bid-row').first()).toContainText(usd(far));
    expect(await mine(contract.contractId)).toBe(2);
  });

  test('the bidder withdraws an open bid from the order book and another from My bids', async ({ page, request }) => {
    const contract = await meridianContract(request);
    const user = await createUser(page.request, { verified: true, label: 'quitter' });
    await logIn(page.request, user.email, user.password);
    const stamp = Date.now().toString(36);
    await placeBid(page.request, contract.contractId, '41.00', `Withdraw from the book ${stamp}`);
    await placeBid(page.request, contract.contractId, '42.00', `Withdraw from the dashboard ${stamp}`);

    await page.goto(`/contract/${contract.contractId}`);
    const row = page.getByTestId('bid-row').filter({ hasText: `Withdraw from the book ${stamp}` });
    await expect(row.getByTestId('bid-status')).toHaveText('open');
    // only one's own bids can be withdrawn
    await expect(page.getByTestId('bid-row').filter({ hasNotText: user.name }).getByRole('button', { name: /^Withdraw/ })).toHaveCount(0);
    await row.getByRole('button', { name: 'Withdraw your bid of $41.00' }).click();
    const confirm = page.getByRole('dialog', { name: 'Withdraw bid' });
    await expect(confirm).toContainText('Withdraw your bid of $41.00?');
    // keeping it changes nothing
    await confirm.getByRole('button', { name: 'Keep bid' }).click();
    await expect(confirm).toBeHidden();
    await expect(row.getByTestId('bid-status')).toHaveText('open');
    await row.getByRole('button', { name: 'Withdraw your bid of $41.00' }).click();
    await confirm.getByRole('button', { name: 'Withdraw bid' }).click();
    await expect(toast(page, 'Bid Withdrawn')).toBeVisible();
    await expect(row.getByTestId('bid-status')).toHaveText('withdrawn');
    await expect(row.getByRole('button', { name: /^Withdraw/ })).toHaveCount(0);

    await page.goto('/dashboard/contracts');
    const bids = page.getByRole('table', { name: 'Bids placed' });
    const open = bids.getByTestId('bid-placed-row').filter({ hasText: '$42.00' });
    await expect(open).toHaveAttribute('data-status', 'open');
    await expect(bids.getByTestId('bid-placed-row').filter({ hasText: '$41.00' })).toHaveAttribute('data-status', 'withdrawn');
    await open.getByRole('button', { name: `Withdraw your bid of $42.00 on ${contract.title}` }).click();
    await page.getByRole('dialog', { name: 'Withdraw bid' }).getByRole('button', { name: 'Withdraw bid' }).click();
    await expect(toast(page, 'Bid Withdrawn')).toBeVisible();
    await expect(open).toHaveAttribute('data-status', 'withdrawn');
    await expect(open.getByRole('button', { name: /^Withdraw/ })).toHaveCount(0);
    await page.reload();
    await expect(bids.getByTestId('bid-placed-row').filter({ hasText: '$42.00' })).toHaveAttribute('data-status', 'withdrawn');
  });
});

test('an unknown contract shows Contract Not Found', async ({ page }) => {
  await page.goto('/contract/does-not-exist');
  await expect(page.getByRole('heading', { name: 'Contract Not Found' })).toBeVisible();
  await expect(page.getByText('The requested data contract could not be found.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'BACK TO THE TRADING FLOOR' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'BUY NOW - SECURE ESCROW' })).toHaveCount(0);
});
