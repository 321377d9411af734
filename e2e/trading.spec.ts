import type { APIRequestContext, Page } from '@playwright/test';
import { createUser, expect, gql, test, toast } from './fixtures.ts';

// The trading desk (/trading): paper positions. Logged out, Access Denied. A new trader opens a long
// position on a demo listing (Missing Information first), sees its entry, margin and a flat P/L;
// another user's sale at an accepted bid moves the market price and the P/L follows live; closing
// it moves it to the closed list with its realised P/L and the chart. A stop-loss closes another
// position by itself when a sale crosses it. Every trader and buyer is new.

const DEMO_PASSWORD = 'Demo#Trader1';
const PROVIDER_EMAIL = 'meridian@datapit.demo';
const PROVIDER_NAME = 'Meridian Analytics';
const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };

type Listing = { id: string; contractId: string; title: string; ticker: string; marketPrice: string };

async function logIn(request: APIRequestContext, usernameOrEmail: string, password: string) {
  const { login } = await gql<{ login: { __typename: string; message?: string } }>(
    request,
    'mutation ($input: LoginInput!) { login(input: $input) { __typename ... on Error { message } } }',
    { input: { usernameOrEmail, password } },
  );
  expect(login.__typename, login.message).toBe('MutationLoginSuccess');
}

/** An active listing of the demo provider (the n-th, so each journey moves a price of its own). */
async function meridianListing(request: APIRequestContext, n: number): Promise<Listing> {
  const { contracts } = await gql<{ contracts: { edges: { node: Listing & { status: string; provider: { name: string } } }[] } }>(
    request,
    '{ contracts(first: 100) { edges { node { id contractId title ticker marketPrice status provider { name } } } } }',
  );
  const listings = contracts.edges.map((e) => e.node).filter((c) => c.provider.name === PROVIDER_NAME && c.status === 'active' && Number(c.marketPrice) >= 10);
  expect(listings.length, `active contracts of ${PROVIDER_NAME} in the demo data`).toBeGreaterThan(n);
  return listings[n]!;
}

async function marketPrice(request: APIRequestContext, contractId: string): Promise<string> {
  const { contract } = await gql<{ contract: { marketPrice: string } }>(request, 'query ($id: ID!) { contract(id: $id) { marketPrice } }', { id: contractId });
  return contract.marketPrice;
}

/**
 * Another user buys the listing at 80% of its market price: their bid, accepted by the provider,
 * paid with the success card. The sale sets the market price (the bid amount). Uses `request` as
 * the buyer's and the provider's session in turn.
 */
async function saleAtBid(request: APIRequestContext, listing: Listing): Promise<string> {
  const buyer = await createUser(request, { verified: true, label: 'mover' });
  await logIn(request, buyer.email, buyer.password);
  const amount = (Math.floor(Number(listing.marketPrice) * 0.8 * 100) / 100).toFixed(2);
  const { placeBid } = await gql<{ placeBid: { data?: { id: string }; message?: string } }>(
    request,
    'mutation ($input: PlaceBidInput!) { placeBid(input: $input) { ... on MutationPlaceBidSuccess { data { id } } ... on Error { message } } }',
    { input: { contractId: listing.id, amount, message: 'Moving the price for the trading journey' } },
  );
  expect(placeBid.data, placeBid.message).toBeDefined();
  await logIn(request, PROVIDER_EMAIL, DEMO_PASSWORD);
  const { acceptBid } = await gql<{ acceptBid: { __typename: string; message?: string } }>(
    request,
    'mutation ($input: DecideBidInput!) { acceptBid(input: $input) { __typename ... on Error { message } } }',
    { input: { bidId: placeBid.data!.id } },
  );
  expect(acceptBid.__typename, acceptBid.message).toBe('MutationAcceptBidSuccess');
  await logIn(request, buyer.email, buyer.password);
  const { createPayment } = await gql<{ createPayment: { __typename: string; message?: string; data?: { id: string } } }>(
    request,
    'mutation ($input: CreatePaymentInput!) { createPayment(input: $input) { __typename ... on MutationCreatePaymentSuccess { data { id } } ... on Error { message } } }',
    { input: { contractId: listing.id, paymentMethod: 'card' } },
  );
  expect(createPayment.__typename, createPayment.message).toBe('MutationCreatePaymentSuccess');
  const { confirmPayment } = await gql<{ confirmPayment: { __typename: string; message?: string } }>(
    request,
    'mutation ($input: ConfirmPaymentInput!) { confirmPayment(input: $input) { __typename ... on Error { message } } }',
    { input: { paymentId: createPayment.data!.id, card: CARD } },
  );
  expect(confirmPayment.__typename, confirmPayment.message).toBe('MutationConfirmPaymentSuccess');
  expect(await marketPrice(request, listing.contractId)).toBe(amount);
  return amount;
}

const money = (amount: number | string) => `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const signed = (amount: number) => (amount > 0 ? `+${money(amount)}` : amount < 0 ? `-${money(-amount)}` : money(0));
const cents = (amount: string) => Math.round(Number(amount) * 100);

/** A new verified trader, logged in in the page, on /trading. */
async function newTrader(page: Page) {
  const trader = await createUser(page.request, { verified: true, label: 'trader' });
  await logIn(page.request, trader.email, trader.password);
  await page.goto('/trading');
  await expect(page.getByRole('heading', { name: 'TRADING', exact: true })).toBeVisible();
  return trader;
}

async function chooseContract(page: Page, listing: Listing) {
  const form = page.getByRole('form', { name: 'Open position' });
  // the first words of the title, as a trader would type them
  await form.getByRole('searchbox', { name: 'Contract' }).fill(listing.title.split(' ').slice(0, 3).join(' '));
  await form
    .getByTestId('contract-results')
    .getByRole('button', { name: new RegExp(`^${listing.ticker} ${listing.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\$`) })
    .click();
  await expect(form.getByTestId('chosen-contract')).toContainText(listing.title);
  await expect(form.getByTestId('chosen-price')).toHaveText(money(listing.marketPrice));
}

test('logged out, the trading desk is Access Denied with a login link', async ({ page }) => {
  await page.goto('/trading');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.locator('#main').getByRole('link', { name: 'LOGIN', exact: true })).toHaveAttribute('href', '/auth/login?next=%2Ftrading');
});

test('a trader opens a long position, a sale moves its P/L live, and closing it realises the P/L', async ({ page, request }) => {
  // three accounts (trader, buyer, provider) and a sale through the API
  test.setTimeout(90_000);
  await newTrader(page);
  await expect(page.getByTestId('paper-note')).toContainText('no money moves');
  await expect(page.getByTestId('open-positions')).toContainText('No open positions');
  await expect(page.getByTestId('pnl-chart')).toContainText('Nothing closed yet');

  const form = page.getByRole('form', { name: 'Open position' });
  await form.getByRole('button', { name: 'OPEN LONG' }).click();
  await expect(toast(page, 'Missing Information')).toContainText('Please select a contract and enter quantity');
  await expect(page.getByTestId('open-position-row')).toHaveCount(0);

  const listing = await meridianListing(page.request, 1);
  await chooseContract(page, listing);
  await form.getByRole('radio', { name: /^LONG/ }).check();
  await form.getByLabel('Quantity').fill('2');
  await form.getByLabel('Multiplier').fill('3');
  await expect(form.getByTestId('multiplier-value')).toHaveText('3x');
  const entry = cents(listing.marketPrice);
  const margin = Math.round((entry * 2) / 3) / 100;
  await expect(form.getByTestId('margin-preview')).toHaveText(money(margin));
  await expect(page.getByTestId('multiplier-card').getByTestId('multiplier-example')).toContainText(`At 3x, 2 units of ${listing.ticker} at ${money(listing.marketPrice)} use ${money(margin)} margin`);

  await form.getByRole('button', { name: 'OPEN LONG' }).click();
  await expect(toast(page, 'Position Opened')).toBeVisible();
  const row = page.getByTestId('open-position-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('position-type')).toHaveText('LONG');
  await expect(row.getByTestId('entry')).toHaveText(money(listing.marketPrice));
  await expect(row.getByTestId('margin')).toHaveText(money(margin));
  await expect(row.getByTestId('multiplier')).toHaveText('3x');
  await expect(row.getByTestId('pnl')).toHaveText('$0.00');

  // another user's sale at an accepted bid: the price falls and the P/L follows without a reload
  const price = await saleAtBid(request, listing);
  const pnl = ((cents(price) - entry) * 2 * 3) / 100;
  await expect(row.getByTestId('current')).toHaveText(money(price));
  await expect(row.getByTestId('pnl')).toHaveText(signed(pnl));

  await row.getByRole('button', { name: /^Close long position/ }).click();
  await expect(toast(page, 'Position Closed')).toBeVisible();
  await expect(page.getByTestId('open-position-row')).toHaveCount(0);
  const closed = page.getByTestId('closed-position-row');
  await expect(closed).toHaveCount(1);
  await expect(closed.getByTestId('exit')).toHaveText(money(price));
  await expect(closed.getByTestId('realized-pnl')).toHaveText(signed(pnl));
  await expect(closed.getByTestId('close-reason')).toHaveText('Manual');
  await expect(page.getByTestId('pnl-total')).toHaveText(signed(pnl));
  await expect(page.getByTestId('pnl-chart-canvas')).toBeVisible();

  // after a reload the desk says the same
  await page.reload();
  await expect(page.getByTestId('closed-position-row').getByTestId('realized-pnl')).toHaveText(signed(pnl));
});

test('a stop-loss closes the position by itself when a sale crosses it', async ({ page, request }) => {
  test.setTimeout(90_000);
  const listing = await meridianListing(page.request, 2);
  await newTrader(page);
  await page.goto(`/trading?contract=${listing.contractId}`);
  const form = page.getByRole('form', { name: 'Open position' });
  await expect(form.getByTestId('chosen-contract')).toContainText(listing.title);
  const stop = (Math.floor(Number(listing.marketPrice) * 0.9 * 100) / 100).toFixed(2);
  await form.getByLabel('Quantity').fill('1.5');
  await form.getByLabel('Multiplier').fill('2');
  await form.getByLabel('Stop-loss').fill(stop);
  await form.getByRole('button', { name: 'OPEN LONG' }).click();
  await expect(toast(page, 'Position Opened')).toBeVisible();
  const row = page.getByTestId('open-position-row');
  await expect(row.getByTestId('stop-loss')).toHaveText(money(stop));
  await expect(row.getByTestId('take-profit')).toHaveText('—');

  const price = await saleAtBid(request, listing);
  const pnl = ((cents(price) - cents(listing.marketPrice)) * 150 * 2) / 10000;
  await expect(page.getByTestId('open-position-row')).toHaveCount(0);
  const closed = page.getByTestId('closed-position-row');
  await expect(closed.getByTestId('close-reason')).toHaveText('Stop-loss');
  await expect(closed.getByTestId('exit')).toHaveText(money(price));
  await expect(closed.getByTestId('realized-pnl')).toHaveText(signed(Math.round(pnl * 100) / 100));
});

test('a server refusal shows Error with its message', async ({ page }) => {
  const listing = await meridianListing(page.request, 3);
  await newTrader(page);
  await page.goto(`/trading?contract=${listing.contractId}`);
  const form = page.getByRole('form', { name: 'Open position' });
  await form.getByRole('radio', { name: /^SHORT/ }).check();
  await form.getByLabel('Quantity').fill('1');
  // a short's stop-loss must be above the entry price
  await form.getByLabel('Stop-loss').fill((Number(listing.marketPrice) / 2).toFixed(2));
  await form.getByRole('button', { name: 'OPEN SHORT' }).click();
  await expect(toast(page, 'Error')).toContainText('Stop-loss must be above the entry price');
  await expect(page.getByTestId('open-position-row')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('each position is a card that fits the screen: its P/L and CLOSE in view without scrolling sideways', async ({ page }) => {
    // no sale here: any two listings do, the prices stay as they are
    const listings = [await meridianListing(page.request, 0), await meridianListing(page.request, 1)];
    await newTrader(page);
    const OPEN = `mutation ($input: OpenPositionInput!) { openPosition(input: $input) { __typename ... on MutationOpenPositionSuccess { data { id } } ... on Error { message } } }`;
    const opened: string[] = [];
    for (const [i, listing] of listings.entries()) {
      const { openPosition } = await gql<{ openPosition: { __typename: string; message?: string; data?: { id: string } } }>(page.request, OPEN, {
        input: { contractId: listing.id, positionType: i === 0 ? 'long' : 'short', quantity: '12.5', leverage: 5, stopLoss: i === 0 ? '1.00' : null },
      });
      expect(openPosition.__typename, openPosition.message).toBe('MutationOpenPositionSuccess');
      opened.push(openPosition.data!.id);
    }
    const { closePosition } = await gql<{ closePosition: { __typename: string } }>(
      page.request,
      'mutation ($input: ClosePositionInput!) { closePosition(input: $input) { __typename } }',
      { input: { positionId: opened[1] } },
    );
    expect(closePosition.__typename).toBe('MutationClosePositionSuccess');
    await page.reload();

    // within the phone's width as drawn: nothing is scrolled sideways to get there (the page only
    // scrolls down to the card)
    const within = async (locator: ReturnType<Page['locator']>, what: string) => {
      const box = (await locator.boundingBox())!;
      expect(box.x, what).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, what).toBeLessThanOrEqual(390);
    };
    const row = page.getByTestId('open-position-row');
    await expect(row).toHaveCount(1);
    await page.evaluate((y) => window.scrollBy(0, y - 100), (await row.boundingBox())!.y);
    await expect(row.getByTestId('pnl')).toBeInViewport({ ratio: 1 });
    await expect(row.getByRole('button', { name: /^Close long position/ })).toBeInViewport({ ratio: 1 });
    await within(row.getByTestId('pnl'), 'the P/L');
    await within(row.getByTestId('pnl-percent'), 'the P/L %');
    const close = row.getByRole('button', { name: /^Close long position/ });
    await within(close, 'CLOSE');
    // every figure of the row is on the card, under its column's name
    for (const id of ['entry', 'current', 'quantity', 'multiplier', 'margin', 'stop-loss', 'take-profit']) await within(row.getByTestId(id), id);
    expect(await row.getByTestId('stop-loss').evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"Stop-loss"');
    const closed = page.getByTestId('closed-position-row');
    await within(closed.getByTestId('realized-pnl'), 'the realised P/L');
    await within(closed.getByTestId('close-reason'), 'the reason');
    // nothing on the page scrolls sideways, the tables included
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const table of [page.getByRole('region', { name: 'Open positions table' }), page.getByRole('region', { name: 'Closed positions table' })]) {
      expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    }

    // CLOSE works from the card
    await close.tap();
    await expect(toast(page, 'Position Closed')).toBeVisible();
    await expect(page.getByTestId('closed-position-row')).toHaveCount(2);
  });
});
